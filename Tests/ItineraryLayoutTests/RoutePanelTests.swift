import Foundation
import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// The route panel of the trip book and of each day sheet.
@Suite struct RoutePanelTests {
    static let cities: [(String, Double, Double)] = [
        ("Seattle", 47.61, -122.33), ("Denver", 39.74, -104.99), ("Chicago", 41.88, -87.63),
        ("New York", 40.71, -74.01), ("Miami", 25.76, -80.19),
    ]

    /// One game a day across the country, west to east then south: no stop near another.
    static func acrossTheCountry() throws -> PresentedTrip {
        var trip = TripJSON(days: cities.count)
        for (index, city) in cities.enumerated() {
            trip.game(
                day: index + 1, away: "V" + String(UnicodeScalar(UInt8(65 + index))),
                home: "H" + String(UnicodeScalar(UInt8(65 + index))), city: city.0, at: (city.1, city.2))
        }
        return try trip.presented()
    }

    static func routeFrame(_ page: Page) -> Rect? {
        page.rects(.route).first?.frame
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func noStopsNoDiagram(_ style: DocumentStyle) throws {
        var trip = TripJSON(days: 2)
        trip.custom(day: 1, title: "Pack the car", time: "08:00")
        trip.travel(day: 2, from: "Chicago", to: "Detroit")
        let (document, _) = layout(try trip.presented(), style)
        for page in document.pages {
            #expect(page.rects(.route).isEmpty)
            #expect(page.markers.isEmpty && page.texts(.mapLabel).isEmpty && page.texts(.routeCaption).isEmpty)
        }
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func oneStopOneMarker(_ style: DocumentStyle) throws {
        var trip = TripJSON(days: 1)
        trip.custom(day: 1, title: "Hotel", category: "hotel", at: (41.9, -87.6))
        let (document, _) = layout(try trip.presented(), style)
        let page = document.page(1)
        let frame = try #require(Self.routeFrame(page))
        let route = page.route(in: frame)
        #expect(route.markers.map(\.label) == ["1"])
        #expect(route.labels.map(\.text) == ["Hotel"])
        #expect(route.polylines.isEmpty, "one stop has no line")
    }

    @Test func stopsAreNumberedAndJoinedInItineraryOrder() throws {
        let trip = try Self.acrossTheCountry()
        let (document, _) = layout(trip)
        let page = document.page(1)
        let route = page.route(in: try #require(Self.routeFrame(page)))
        let markers = route.markers.sorted { $0.numbers.first ?? 0 < $1.numbers.first ?? 0 }
        #expect(markers.map(\.label) == ["1", "2", "3", "4", "5"])
        // One line per day, each starting where the day before ended.
        let line = route.polylines.reduce([Point]()) { line, day in
            line.isEmpty ? day.points : line + day.points.dropFirst()
        }
        #expect(line.count == 5)
        for (point, marker) in zip(line, markers) {
            #expect(
                abs(point.x - marker.center.x) < 0.5 && abs(point.y - marker.center.y) < 0.5, "stop \(marker.label)")
        }
        // West is left, north is up.
        #expect(
            markers[0].center.x < markers[1].center.x && markers[1].center.x < markers[2].center.x
                && markers[2].center.x < markers[3].center.x)
        #expect(markers[4].center.y > markers[3].center.y)
        #expect(Set(route.labels.map(\.text)) == Set(Self.cities.map(\.0)))
    }

    @Test func startAndEndAreToldApart() throws {
        let (document, _) = layout(try Self.acrossTheCountry())
        let markers = document.page(1).markers
        let start = try #require(markers.first { $0.role == .startMarker })
        let end = try #require(markers.first { $0.role == .endMarker })
        #expect(start.label == "1" && end.label == "5")
        #expect(start.fill != end.fill)
        #expect(markers.filter { $0.role == .marker }.allSatisfy { $0.fill != start.fill && $0.fill != end.fill })
        #expect(document.page(1).texts(.legend).map(\.text).sorted() == ["End", "Start"])
    }

    /// The sample starts and ends in Chicago: one marker is both, and its ring says so.
    @Test func aRoundTripMarksItsStartAsTheEndToo() throws {
        let trip = try Trips.sample()
        let (document, _) = layout(trip)
        let page = document.page(1)
        let frame = try #require(Self.routeFrame(page))
        let route = page.route(in: frame)
        let numbers = route.markers.flatMap(\.numbers).sorted()
        #expect(numbers == Array(1...trip.route.count))
        let start = try #require(route.markers.first { $0.numbers.contains(1) })
        #expect(start.numbers.contains(trip.route.count))
        #expect(
            page.rects(.endMarker).contains { $0.frame.contains(start.frame) && $0.frame.width > start.frame.width })
        #expect(page.texts(.routeCaption).map(\.text) == ["ROUTE · \(trip.route.count) STOPS"])
    }

    /// Many stops close together: labels that would collide are moved or left out, never drawn on each other.
    @Test(arguments: [DocumentStyle.book, .daySheets])
    func labelsDoNotOverlap(_ style: DocumentStyle) throws {
        var trip = TripJSON(days: 2)
        for index in 0..<14 {
            let angle = Double(index) * 0.9
            trip.custom(
                day: 1 + index % 2, title: "Place with a long label \(index)",
                at: (41.9 + 0.02 * Double(index % 5) * cos(angle), -87.6 + 0.03 * Double(index % 7) * sin(angle)))
        }
        trip.game(day: 2, away: "AAA", home: "BBB", city: "Milwaukee", at: (43.04, -87.92))
        for trip in [try trip.presented(), try Trips.sample(), try Self.acrossTheCountry()] {
            let (document, _) = layout(trip, style)
            for page in document.pages {
                guard let frame = Self.routeFrame(page) else { continue }
                let route = page.route(in: frame)
                #expect(!route.labels.isEmpty)
                for (index, label) in route.labels.enumerated() {
                    for other in route.labels[(index + 1)...] {
                        #expect(!label.frame.intersects(other.frame), "\"\(label.text)\" overlaps \"\(other.text)\"")
                    }
                    for marker in route.markers {
                        #expect(
                            !label.frame.intersects(marker.frame), "\"\(label.text)\" covers marker \(marker.label)")
                    }
                    #expect(frame.contains(label.frame))
                }
            }
        }
    }
}

/// A long route is an overview: dots without numbers, start and end still told apart, cities named.
@Suite struct RouteOverviewTests {
    static func manyStops() throws -> PresentedTrip {
        var trip = TripJSON(days: 40)
        for day in 1...40 {
            // Places spread over a grid so that no two share a marker.
            trip.custom(day: day, title: "Place \(day)", at: (30 + Double(day % 8) * 2, -120 + Double(day / 8) * 9))
        }
        trip.game(day: 40, away: "AAA", home: "BBB", city: "Goal City", at: (49, -70))
        return try trip.presented()
    }

    @Test func longRoutesAreDrawnAsDots() throws {
        let (document, _) = layout(try Self.manyStops(), .book)
        let page = try #require(document.pages.first)
        // Only the start and the end carry numbers; every other stop is a dot.
        #expect(page.texts(.markerNumber).map(\.text).sorted() == ["1", "41"])
        let dots = page.boxes.compactMap { box -> CircleBox? in
            if case .circle(let circle) = box { circle } else { nil }
        }
        // 39 dots, two legend keys.
        #expect(dots.count == 39 + 2)
        // Cities are named; places that are not cities only at the start.
        let labels = page.texts(.mapLabel).map(\.text)
        #expect(labels.contains("Goal City"))
        #expect(!labels.contains { $0 != "Goal City" && $0 != "Place 1" })
    }
}
