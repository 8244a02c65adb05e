import Foundation
import ItineraryModel
import ItineraryPresentation
import Testing
@testable import ItineraryWeb

@Suite struct RouteSVGTests {
    static func stop(_ label: String, _ latitude: Double, _ longitude: Double, city: String? = nil) -> RouteSVG.Place {
        RouteSVG.Place(latitude: latitude, longitude: longitude, name: city ?? label, isCity: city != nil)
    }

    @Test func noStopsNoDiagram() {
        #expect(RouteSVG(places: [], units: .imperial, map: .none) == nil)
    }

    @Test func oneStopIsOneMarker() throws {
        let diagram = try #require(
            RouteSVG(
                places: [Self.stop("Wrigley Field", 41.95, -87.66, city: "Chicago")], units: .imperial, map: .installed)
        )
        #expect(diagram.markers.count == 1)
        #expect(diagram.markers[0].isStart && !diagram.markers[0].isEnd)
        #expect(diagram.markers[0].numbers == "1")
        #expect(!diagram.points.contains(" "), "no line")
        #expect(diagram.labels.map(\.text) == ["Chicago"])
    }

    @Test func sampleRoute() throws {
        let trip = try Trips.sample()
        let diagram = try #require(RouteSVG(trip.route, units: .imperial, formats: .english, map: .installed))
        // Chicago's three first stops and the last share a marker; Milwaukee's three share one.
        #expect(diagram.markers.map(\.numbers) == ["1–3, 8", "4", "5–7"])
        #expect(diagram.markers[0].isStart && diagram.markers[0].isEnd)
        #expect(diagram.labels.map(\.text).sorted() == ["Chicago", "Detroit", "Milwaukee"])
        // The line visits Chicago, Detroit, Milwaukee, Chicago.
        let points = diagram.points.split(separator: " ")
        #expect(points.count == 4)
        #expect(points.first == points.last)
        #expect(diagram.arrows.count == 3)
        // The map under it, and a colour per day: Chicago → Detroit on day 2, on to Milwaukee on day 3,
        // back on day 5.
        #expect(
            Set(diagram.mapLayers.map(\.role.rawValue)).isSuperset(of: [
                "land", "water", "state-borders", "country-borders",
            ]))
        #expect(diagram.mapLayers.allSatisfy { $0.path.hasPrefix("M") })
        #expect(diagram.days.map(\.day) == [2, 3, 5])
        #expect(diagram.legs.map(\.colour) == diagram.days.map(\.colour))
        #expect(diagram.arrows.map { diagram.colour(of: $0) } == diagram.days.map(\.colour))
        #expect(diagram.scaleBar?.label.hasSuffix(" mi") == true)
    }

    @Test func withoutMapDataTheRouteIsDrawnAlone() throws {
        let diagram = try #require(
            RouteSVG(
                places: [Self.stop("A", 41.88, -87.63), Self.stop("B", 42.33, -83.05)], units: .metric, map: .none))
        #expect(diagram.mapLayers.isEmpty)
        #expect(diagram.scaleBar?.label.hasSuffix(" km") == true)
    }

    @Test func longitudeIsScaledByCosineOfLatitude() throws {
        // One degree east and one degree north at 60°N: the east leg is half as long on the drawing.
        let diagram = try #require(
            RouteSVG(
                places: [Self.stop("A", 60, 10), Self.stop("B", 60, 11), Self.stop("C", 61, 11)], units: .imperial,
                map: .installed))
        let m = diagram.markers
        let (a, b, c) = (m[0].center, m[1].center, m[2].center)
        let east = hypot(b.x - a.x, b.y - a.y), north = hypot(c.x - b.x, c.y - b.y)
        #expect(abs(east / north - cos(60.5 * .pi / 180)) < 0.01)
    }

    @Test func labelsOverlapNothing() throws {
        // Twenty cities in a tight cluster: whatever labels fit must not overlap one another or any marker.
        var stops: [RouteSVG.Place] = []
        for index in 0..<20 {
            stops.append(
                Self.stop(
                    "Stop \(index)", 40 + Double(index % 5) * 0.3, -90 + Double(index / 5) * 0.4,
                    city: "City number \(index)"))
        }
        let diagram = try #require(RouteSVG(places: stops, units: .imperial, map: .installed))
        // The text as the page sets it: from its anchor, on the baseline 4 above its frame's bottom.
        let boxes = diagram.labels.map { label -> Rect in
            let width = RouteSVG.estimatedWidth(label.text), x = label.anchorX
            let left = label.anchor == .start ? x : (label.anchor == .end ? x - width : x - width / 2)
            let baseline = label.frame.maxY - 4
            return Rect(x: left, y: baseline - RouteSVG.labelSize + 1, width: width, height: RouteSVG.labelSize)
        }
        #expect(!boxes.isEmpty)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.intersects(b)) }
            for marker in diagram.markers {
                let markerBox = Rect(
                    x: marker.center.x - marker.width / 2, y: marker.center.y - RouteSVG.markerHeight / 2,
                    width: marker.width, height: RouteSVG.markerHeight)
                #expect(!a.intersects(markerBox))
            }
            #expect(a.x >= 0 && a.maxX <= diagram.width && a.y >= 0 && a.maxY <= diagram.height)
        }
    }

    @Test func crowdedRouteIsAnOverview() throws {
        let stops = (0..<500).map {
            Self.stop("S\($0)", 30 + Double($0 % 25), -120 + Double($0 / 25) * 2.5, city: "C\($0)")
        }
        let diagram = try #require(RouteSVG(places: stops, units: .imperial, map: .installed))
        #expect(diagram.markers.filter(\.showsNumbers).count == 2)
        #expect(diagram.labels.count <= 2)
        #expect(diagram.markers.contains { $0.isEnd && $0.numbers == "500" })
    }
}
