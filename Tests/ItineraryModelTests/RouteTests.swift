import Testing
@testable import ItineraryModel
import TestSupport

@Suite struct RouteTests {
    @Test func fixtureRouteFollowsTheItineraryOrder() throws {
        let route = OrderedItinerary(try Fixtures.sample()).route
        #expect(
            route.map(\.itemID) == ["i-hotel-in", "i-g1", "i-dinner1", "i-g2", "i-g3", "i-dinner3", "i-museum", "i-g4"])
        #expect(route.map(\.day) == [1, 1, 1, 2, 3, 3, 4, 5])
        #expect(route[1].city == "Chicago")
        #expect(route[1].label == "Chicago")
        #expect(route[0].city == nil)
        #expect(route[0].label == "Check in: The Hoxton, Chicago")
        #expect(route[3].latitude == 42.3411 && route[3].longitude == -83.0553)
    }

    @Test func consecutiveStopsAtOnePlaceMerge() throws {
        let games = [
            gameObject("one", start: "2026-03-06T12:00:00-06:00", away: "AAA"),
            gameObject("two", start: "2026-03-06T19:00:00-06:00", away: "BBB"),
            gameObject("three", start: "2026-03-07T19:00:00-06:00", away: "CCC"),
        ]
        let document = document(
            games: games,
            items: [
                gameItem("g1", day: 1, game: "one"),
                gameItem("g2", day: 1, game: "two"),  // same stadium as g1: one stop
                customItem("walk", day: 2, sortOrder: 1, location: (41.5, -87.5)),
                travelItem("t", day: 2, sortOrder: 2, from: "Chicago", to: "Chicago"),  // contributes nothing
                customItem("note", day: 2, sortOrder: 3),  // no location: nothing either
                customItem("walk-again", day: 2, sortOrder: 4, location: (41.5, -87.5)),  // same point as "walk"
                gameItem("g3", day: 2, game: "three"),
            ])
        let ordered = OrderedItinerary(try ItineraryReader.read(bytes: document.bytes))
        #expect(ordered.route.map(\.itemID) == ["g1", "walk", "g3"])
        #expect(ordered.days[1].route.map(\.itemID) == ["walk", "g3"])
    }

    @Test func theSamePlaceLaterIsANewStop() throws {
        let document = document(items: [
            customItem("a", day: 1, sortOrder: 1, location: (41, -87)),
            customItem("b", day: 1, sortOrder: 2, location: (42, -83)),
            customItem("c", day: 1, sortOrder: 3, location: (41, -87)),
        ])
        let ordered = OrderedItinerary(try ItineraryReader.read(bytes: document.bytes))
        #expect(ordered.route.map(\.itemID) == ["a", "b", "c"])
    }
}
