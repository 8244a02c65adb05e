import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// The map in the printed route panel: its layers, the day colours and their legend, the scale bar.
@Suite struct RouteMapLayoutTests {
    static func shapes(_ page: Page) -> [ShapeBox] {
        page.boxes.compactMap { if case .shape(let shape) = $0 { shape } else { nil } }
    }

    static func colour(ofDay day: Int) -> Color { Color(hex: RouteGeometry.colour(ofDay: day)) }

    @Test func theSampleBookHasLandLakesBordersAndAColourPerDay() throws {
        let (document, _) = layout(PresentedTrip(try Fixtures.sample()), map: TestMap.data)
        let page = document.page(1)
        let roles = Set(Self.shapes(page).map(\.role))
        #expect(roles.isSuperset(of: [Role.land, .water, .stateBorders, .countryBorders, .routeHeader]))
        let frame = try #require(page.rects(.route).first?.frame)
        for shape in Self.shapes(page) { #expect(shape.clip == frame) }
        // Chicago → Detroit on day 2, Detroit → Milwaukee on day 3, Milwaukee → Chicago on day 5.
        #expect(page.texts(.dayLegend).map(\.text) == ["Day 2", "Day 3", "Day 5"])
        let route = page.route(in: frame)
        #expect(route.polylines.map(\.color) == [2, 3, 5].map(Self.colour))
        let scale = try #require(page.texts(.scaleBar).first)
        #expect(scale.text.hasSuffix(" mi") && frame.contains(scale.frame))
        // The legend and the scale bar cover no marker.
        for marker in route.markers {
            #expect(!page.texts(.dayLegend).contains { $0.frame.intersects(marker.frame) })
            #expect(!scale.frame.intersects(marker.frame))
        }
    }

    @Test func daySheetsDrawTheDayInItsColour() throws {
        let (document, _) = layout(PresentedTrip(try Fixtures.sample()), .daySheets, map: TestMap.data)
        for page in document.pages {
            guard let frame = page.rects(.route).first?.frame, let header = page.texts(.dayHeader).first?.text,
                let day = Int(header.split(separator: " ")[1])
            else { continue }
            #expect(page.route(in: frame).polylines.allSatisfy { $0.color == Self.colour(ofDay: day) }, "\(header)")
            #expect(page.texts(.dayLegend).isEmpty)
        }
    }

    @Test func aMetricTripHasAScaleInKilometres() throws {
        var trip = TripJSON(days: 2)
        trip.units = "metric"
        trip.game(day: 1, away: "VA", home: "HA", city: "Toronto", at: (43.64, -79.39))
        trip.game(day: 2, away: "VB", home: "HB", city: "Montreal", at: (45.50, -73.57))
        let (document, _) = layout(try trip.presented(), map: TestMap.data)
        #expect(document.page(1).texts(.scaleBar).first?.text.hasSuffix(" km") == true)
        // Toronto to Montreal: Lake Ontario, and the border with the United States.
        let roles = Set(Self.shapes(document.page(1)).map(\.role))
        #expect(roles.isSuperset(of: [Role.water, .countryBorders]))
    }

    @Test func aLongTripKeepsTheOverview() throws {
        var trip = TripJSON(days: 30)
        for day in 1...30 {
            let letters = String(UnicodeScalar(UInt8(65 + day / 26))) + String(UnicodeScalar(UInt8(65 + day % 26)))
            trip.game(
                day: day, away: "V" + letters, home: "H" + letters, city: "City \(day)",
                at: (30 + Double(day % 6) * 3, -120 + Double(day) * 1.5))
        }
        let (document, _) = layout(try trip.presented(), map: TestMap.data)
        let page = document.page(1)
        #expect(page.texts(.dayLegend).isEmpty)
        let frame = try #require(page.rects(.route).first?.frame)
        #expect(Set(page.route(in: frame).polylines.map(\.color)).count == 1)
    }

    @Test func noCoordinatesNoMap() throws {
        var trip = TripJSON(days: 1)
        trip.custom(day: 1, title: "Pack the car")
        let (document, _) = layout(try trip.presented(), map: TestMap.data)
        #expect(document.pages.allSatisfy { Self.shapes($0).isEmpty && $0.texts(.scaleBar).isEmpty })
    }
}
