import Testing
import ItineraryPresentation

@Suite struct RouteGeometryTests {
    static var measures: RouteGeometry.Measures {
        RouteGeometry.Measures(
            width: 500, height: 200, padX: 40, padY: 16, markerHeight: 14, dotSize: 6, clusterRadius: 10,
            overviewThreshold: 20,
            labelHeight: 10, arrowMinimumLength: 50, markerWidth: { Double($0.count) * 5 + 8 },
            labelWidth: { Double($0.count) * 5 })
    }

    static func place(_ latitude: Double, _ longitude: Double) -> RouteGeometry.Place {
        RouteGeometry.Place(latitude: latitude, longitude: longitude, name: "P", isCity: false)
    }

    @Test(arguments: [(0.0, Double.leastNonzeroMagnitude), (1e-300, 0.0), (0.0, 1e-12)])
    func placesAlmostOnTopOfEachOtherShareOneFiniteMarker(latitude: Double, longitude: Double) throws {
        let geometry = try #require(
            RouteGeometry([Self.place(0, 0), Self.place(latitude, longitude)], measures: Self.measures))
        #expect(geometry.markers.count == 1)
        #expect(geometry.markers.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite })
    }

    @Test func aRouteAcrossTheAntimeridianStaysTogether() throws {
        // Fiji to Samoa: 7 degrees apart across 180°, not 353.
        let geometry = try #require(
            RouteGeometry([Self.place(-18.1, 178.4), Self.place(-13.8, -171.8)], measures: Self.measures))
        let xs = geometry.markers.map(\.center.x)
        #expect(abs(xs[0] - xs[1]) < 500 - 2 * 40 + 1)
        #expect(geometry.markers.count == 2)
    }
}
