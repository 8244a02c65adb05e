import Foundation
import ItineraryPresentation

/// A small map of the Great Lakes for tests: land, five lakes, the border with
/// Canada and two state lines, in GSHHS's file layout, so that layout and map
/// tests depend on what they are given, not on what the machine has installed.
package enum TestMap {
    /// The map at every resolution.
    package static let data: MapData = {
        guard let basemap = load() else { preconditionFailure("the test map does not read") }
        return MapData(basemap)
    }()

    private typealias Ring = [(longitude: Float, latitude: Float)]

    private static let land: Ring = [(-100, 30), (-60, 30), (-60, 55), (-100, 55)]
    private static let lakes: [Ring] = [
        [(-88, 41.6), (-86.2, 41.6), (-85, 46), (-88, 46)],  // Michigan
        [(-92, 46.5), (-84.5, 46.5), (-84.5, 48.8), (-89, 49)],  // Superior
        [(-84.5, 43), (-81.5, 43), (-80, 46), (-84.5, 46)],  // Huron
        [(-83.5, 41.4), (-79, 42.4), (-79, 42.9), (-83.3, 42.2)],  // Erie
        [(-79.8, 43.2), (-76.2, 43.2), (-76.2, 44.2), (-79.8, 43.8)],  // Ontario
    ]
    private static let countryBorder: Ring = [
        (-100, 49), (-95, 49), (-89.5, 48), (-84.5, 46.5), (-82.4, 45.3), (-82.5, 42.6),
        (-79, 42.7), (-79, 43.3), (-76, 44.1), (-74.7, 45), (-71, 45), (-67, 47),
    ]
    private static let stateBorders: [Ring] = [
        [(-90.6, 42.5), (-87.8, 42.5)], [(-84.8, 41.7), (-84.8, 39)], [(-80.5, 42), (-80.5, 40)],
    ]

    private static func load() -> Basemap? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itinerary-test-map-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ layer: String, _ shapes: [(level: Int, points: Ring)]) {
            var meta = "", points: [UInt8] = []
            for (index, shape) in shapes.enumerated() {
                let south = shape.points.map(\.latitude).min() ?? 0, north = shape.points.map(\.latitude).max() ?? 0
                meta +=
                    "\(shape.level) 1.0 \(shape.points.count) \(south) \(north) \(points.count) "
                    + "\(shape.points.count * 8) \(layer)-\(index)\n"
                for point in shape.points {
                    for value in [point.longitude, point.latitude] {
                        points += (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
                    }
                }
            }
            for resolution in Basemap.Resolution.allCases {
                try? Data(meta.utf8).write(to: folder.appendingPathComponent("\(layer)meta_\(resolution.rawValue).dat"))
                try? Data(points).write(to: folder.appendingPathComponent("\(layer)_\(resolution.rawValue).dat"))
            }
        }
        write("gshhs", [(1, land)] + lakes.map { (2, $0) })
        write("countries", [(1, countryBorder)])
        write("states", stateBorders.map { (1, $0) })
        return Basemap(folder: folder.path, resolution: .crude)
    }
}
