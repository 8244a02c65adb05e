import Foundation
import Testing
@testable import ItineraryModel
import TestSupport

/// What the README calls an entry: the matchup, the route or the title.
func readingTitle(_ entry: Entry) -> String {
    if let game = entry.game { return game.matchup }
    if let travel = entry.item.travel { return travel.fromCity + " → " + travel.toCity }
    return entry.item.custom?.title ?? entry.item.id
}

@Suite struct OrderingTests {
    private func ordered(_ document: JSONValue) throws -> OrderedItinerary {
        OrderedItinerary(try ItineraryReader.read(bytes: document.bytes))
    }

    private func ids(_ ordered: OrderedItinerary, day: Int) -> [String] {
        ordered.days[day - 1].entries.map(\.item.id)
    }

    // MARK: The fixture

    @Test func fixtureFollowsTheReadmeOrder() throws {
        let readme = try ReadmeOrder.load()
        let ordered = OrderedItinerary(try Fixtures.sample())
        #expect(readme.titles.count == 5)
        #expect(ordered.days.map { $0.entries.map(readingTitle) } == readme.titles)
        #expect(ordered.days.map(\.number) == [1, 2, 3, 4, 5])
        #expect(
            ordered.days.map(\.date.description) == [
                "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10",
            ])
        #expect(ordered.days.map(\.date.weekday) == [5, 6, 0, 1, 2])  // Friday … Tuesday, as the README's headers say
    }

    @Test func gamesWithoutSortOrderAreNumberedFrom100() throws {
        let ordered = OrderedItinerary(try Fixtures.sample())
        let day1 = ordered.days[0].entries
        #expect(day1.map(\.item.id) == ["i-hotel-in", "i-g1", "i-dinner1"])
        #expect(day1.map(\.position) == [10, 100, 150])
        #expect(ordered.days[4].entries.map(\.position) == [40, 100, 300])
    }

    // MARK: Ties

    @Test func equalSortOrderIsBrokenByModifiedAtWithMissingFirst() throws {
        let document = document(items: [
            customItem("c", day: 1, sortOrder: 10, modifiedAt: "2026-01-02T00:00:00Z"),
            // 01:00Z on the 2nd: after "c" and after "a" (00:00:00.5Z).
            customItem("b", day: 1, sortOrder: 10, modifiedAt: "2026-01-01T23:00:00-02:00"),
            customItem("a", day: 1, sortOrder: 10, modifiedAt: "2026-01-02T00:00:00.5Z"),
            customItem("z", day: 1, sortOrder: 10),
            customItem("y", day: 1, sortOrder: 9.5),
        ])
        #expect(ids(try ordered(document), day: 1) == ["y", "z", "c", "a", "b"])
    }

    @Test func modifiedAtComparesInstantsNotText() throws {
        // Same instant written with different offsets: a tie, broken by id.
        let document = document(items: [
            customItem("n", day: 1, sortOrder: 1, modifiedAt: "2026-01-01T12:00:00+02:00"),
            customItem("m", day: 1, sortOrder: 1, modifiedAt: "2026-01-01T10:00:00Z"),
        ])
        #expect(ids(try ordered(document), day: 1) == ["m", "n"])
    }

    @Test func idsBreakTheLastTieByCodePoints() throws {
        // Code point order: "B" (U+0042) < "a" (U+0061) < "e\u{301}" < "é" (U+00E9) < "🛫".
        let document = document(items: [
            customItem("🛫", day: 1, sortOrder: 5), customItem("\u{E9}", day: 1, sortOrder: 5),
            customItem("a", day: 1, sortOrder: 5), customItem("e\u{301}", day: 1, sortOrder: 5),
            customItem("B", day: 1, sortOrder: 5),
        ])
        let order = ids(try ordered(document), day: 1)
        #expect(order.map { $0.unicodeScalars.map(\.value) } == [[0x42], [0x61], [0x65, 0x301], [0xE9], [0x1F6EB]])
    }

    // MARK: Items without sortOrder

    @Test func gamesWithoutSortOrderTakeTheirPlaceByStartTime() throws {
        let games = [
            gameObject("late", start: "2026-03-06T19:00:00-06:00"),
            gameObject("early", start: "2026-03-06T12:00:00-06:00"),
            // 11:30 in Chicago.
            gameObject("noon-east", start: "2026-03-06T12:30:00-05:00", zone: "America/Detroit", city: "Detroit"),
        ]
        let document = document(
            games: games,
            items: [
                gameItem("g-late", day: 1, game: "late"),
                customItem("before", day: 1, sortOrder: 99),
                gameItem("g-early", day: 1, game: "early"),
                customItem("between", day: 1, sortOrder: 101.5),
                gameItem("g-east", day: 1, game: "noon-east"),
                customItem("after", day: 1, sortOrder: 102.5),
            ])
        let day = try ordered(document).days[0]
        #expect(day.entries.map(\.item.id) == ["before", "g-east", "g-early", "between", "g-late", "after"])
        #expect(day.entries.map(\.position) == [99, 100, 101, 101.5, 102, 102.5])
    }

    @Test func customItemsWithoutSortOrderGoLast() throws {
        let document = document(items: [
            customItem("x-late", day: 2, modifiedAt: "2026-01-03T00:00:00Z"),
            customItem("x-b", day: 2),
            customItem("x-early", day: 2, modifiedAt: "2026-01-01T00:00:00Z"),
            customItem("x-a", day: 2),
            customItem("sorted-high", day: 2, sortOrder: 1_000),
            customItem("sorted-low", day: 2, sortOrder: -5),
        ])
        let day = try ordered(document).days[1]
        #expect(day.entries.map(\.item.id) == ["sorted-low", "sorted-high", "x-a", "x-b", "x-early", "x-late"])
        // They are given positions past the last sorted item, so positions say where entries stand.
        #expect(day.entries.map(\.position) == [-5, 1_000, 1_001, 1_002, 1_003, 1_004])
    }

    @Test func aDayOfOnlyUnsortedCustomItems() throws {
        let document = document(items: [customItem("b", day: 1), customItem("a", day: 1)])
        let day = try ordered(document).days[0]
        #expect(day.entries.map(\.item.id) == ["a", "b"])
        #expect(day.entries.map(\.position) == [1, 2])
    }

    @Test func noRegroupingByKind() throws {
        let games = [gameObject("g", start: "2026-03-06T19:00:00-06:00")]
        let document = document(
            games: games,
            items: [
                gameItem("game", day: 1, game: "g", sortOrder: 20),
                travelItem("travel", day: 1, sortOrder: 30),
                customItem("custom", day: 1, sortOrder: 10),
            ])
        #expect(ids(try ordered(document), day: 1) == ["custom", "game", "travel"])
    }

    // MARK: Days and dates

    @Test func restDaysArePresent() throws {
        let document = document(items: [customItem("a", day: 2), customItem("b", day: 5)])
        let ordered = try ordered(document)
        #expect(ordered.days.map(\.number) == [1, 2, 3, 4, 5])
        #expect(ordered.days.map(\.isRest) == [true, false, true, true, false])
        #expect(ordered.entries.map(\.item.id) == ["a", "b"])
    }

    @Test func datesCountCalendarDaysAcrossDST() throws {
        // US DST starts 2026-03-08 02:00 in Chicago: that day has 23 hours, which must not shift a date.
        let document = document(trip: tripObject(startDate: "2026-03-07", dayCount: 3), items: [])
        #expect(try ordered(document).days.map(\.date.description) == ["2026-03-07", "2026-03-08", "2026-03-09"])
        let autumn = self.document(
            trip: tripObject(startDate: "2026-10-31", dayCount: 3, timeZone: "Europe/Berlin"), items: [])
        #expect(try ordered(autumn).days.map(\.date.description) == ["2026-10-31", "2026-11-01", "2026-11-02"])
    }

    @Test func datesCrossAYearEndAndALeapDay() throws {
        let yearEnd = document(trip: tripObject(startDate: "2026-12-30", dayCount: 4), items: [])
        #expect(
            try ordered(yearEnd).days.map(\.date.description) == [
                "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02",
            ])
        let leap = document(trip: tripObject(startDate: "2028-02-28", dayCount: 3), items: [])
        #expect(try ordered(leap).days.map(\.date.description) == ["2028-02-28", "2028-02-29", "2028-03-01"])
        #expect(
            try ordered(leap).dateRange == CivilDate(year: 2028, month: 2, day: 28)!...CivilDate(
                year: 2028, month: 3, day: 1)!)
    }

    @Test func aLongTripCountsEveryDay() throws {
        let document = document(trip: tripObject(startDate: "2026-01-01", dayCount: 3_660), items: [])
        let days = try ordered(document).days
        #expect(days.count == 3_660)
        #expect(days.last?.date.description == "2036-01-08")
        #expect(days.last?.date.weekday == 2)  // a Tuesday
    }

    private func document(trip: JSONValue? = tripObject(), games: [JSONValue]? = nil, items: [JSONValue]) -> JSONValue {
        ItineraryModelTests.document(trip: trip, games: games, items: items)
    }
}
