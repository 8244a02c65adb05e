import Foundation
import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import Testing
import TestSupport

/// merge-games at the edges: ids that differ only in code points, very long ids, floating items.
@Suite struct MergeGamesEdgeTests {
    static func game(id: String, away: String, start: String) -> JSONValue {
        try! JSONValue(
            parsing: Array(
                """
                {"id": \(JSONValue.string(id).formatted.dropLast()), "sport": "MLB", \
                "away": {"abbr": "\(away)", "name": "Visitors"},
                 "home": {"abbr": "CHC", "name": "Chicago Cubs"}, "start": "\(start)", "timeZone": "America/Chicago",
                 "stadium": {"name": "Wrigley Field", "city": "Chicago", "latitude": 41.9484, "longitude": -87.6553}}
                """.utf8))
    }

    static func schedule(_ games: [JSONValue]) throws -> GameSchedule {
        let text = JSONValue.object(JSONObject([("games", .array(games))])).formatted
        return try GameSchedule(bytes: Array(text.utf8), label: "games.json")
    }

    /// The sample with its day-1 game's catalogue id replaced.
    static func sample(gameID: String) throws -> (Itinerary, [JSONValue]) {
        var document = try Fixtures.sampleDocument()
        guard case .array(var games)? = document["games"], case .array(var items)? = document["items"] else {
            throw CancellationError()
        }
        let old = "mlb-2026-03-06-lad-chc"
        for index in games.indices where games[index]["id"] == .string(old) { games[index]["id"] = .string(gameID) }
        for index in items.indices where items[index]["gameId"] == .string(old) {
            items[index]["gameId"] = .string(gameID)
        }
        document["games"] = .array(games)
        document["items"] = .array(items)
        return (try ItineraryReader.read(document: document), games)
    }

    @Test func idsThatDifferInCodePointsAreDifferentGames() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let (itinerary, games) = try Self.sample(gameID: composed)
        let edit = try Editor(itinerary, now: testNow).mergeGames(
            try Self.schedule(games + [Self.game(id: decomposed, away: "STL", start: "2026-03-06T19:05:00-06:00")]))
        let kept = try #require(edit.itinerary.items.first { $0.id == "i-g1" })
        #expect(kept.gameID?.hasSameCodePoints(as: composed) == true)
        #expect(kept.day == 1)
        #expect(edit.itinerary.items.contains { $0.gameID?.hasSameCodePoints(as: decomposed) == true })
        #expect(ConstraintChecker(edit.itinerary).check().isEmpty)
    }

    @Test func aNewGameWithALongIDGetsAnItemIDWithinTheLimit() throws {
        let longID = String(repeating: "g", count: 200)
        let (itinerary, games) = try Self.sample(gameID: "mlb-2026-03-06-lad-chc")
        let edit = try Editor(itinerary, now: testNow).mergeGames(
            try Self.schedule(games + [Self.game(id: longID, away: "STL", start: "2026-03-06T19:05:00-06:00")]))
        let added = try #require(edit.itinerary.items.first { $0.gameID == longID })
        #expect(added.id.unicodeScalars.count <= 200)
    }

    @Test func anItemWithoutSortOrderStaysAtTheEndUntouched() throws {
        var document = try Fixtures.sampleDocument()
        guard case .array(var items)? = document["items"] else { throw CancellationError() }
        for index in items.indices where items[index]["id"] == .string("i-dinner1") { items[index]["sortOrder"] = nil }
        document["items"] = .array(items)
        let itinerary = try ItineraryReader.read(document: document)
        guard case .array(let games)? = document["games"] else { throw CancellationError() }
        let edit = try Editor(itinerary, now: testNow).mergeGames(
            try Self.schedule(games + [Self.game(id: "new", away: "STL", start: "2026-03-06T19:05:00-06:00")]))
        let added = try #require(edit.itinerary.items.first { $0.gameID == "new" })
        #expect(dayIDs(edit.itinerary)[0] == ["i-hotel-in", "i-g1", added.id, "i-dinner1"])
        #expect(
            edit.itinerary.items.first { $0.id == "i-dinner1" }?.sortOrder == nil, "the floating item is not pinned")
        #expect(!edit.changes.contains { if case .pinned(let item, _) = $0 { item == "i-dinner1" } else { false } })
    }
}
