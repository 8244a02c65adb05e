import Foundation
import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import Testing
import TestSupport

@Suite struct MergeGamesTests {
    /// The sample's catalogue with changes applied, as GAMES.json bytes.
    func schedule(_ change: (inout [JSONValue]) -> Void) throws -> GameSchedule {
        guard case .array(var games)? = try Fixtures.sampleDocument()["games"] else { throw CancellationError() }
        change(&games)
        let text = JSONValue.object(JSONObject([("games", .array(games))])).formatted
        return try GameSchedule(bytes: Array(text.utf8), label: "games.json")
    }

    static let stlAtChc: JSONValue = try! JSONValue(
        parsing: Array(
            """
            {"id": "mlb-2026-03-06-stl-chc", "sport": "MLB", "away": {"abbr": "STL", "name": "St. Louis Cardinals"},
             "home": {"abbr": "CHC", "name": "Chicago Cubs"}, "start": "2026-03-06T19:05:00-06:00",
             "timeZone": "America/Chicago", "broadcast": "WGN",
             "stadium": {"name": "Wrigley Field", "city": "Chicago", "latitude": 41.9484, "longitude": -87.6553}}
            """.utf8))

    @Test func sameScheduleChangesNothing() throws {
        let edit = try sampleEditor().mergeGames(try schedule { _ in })
        #expect(edit.changes.isEmpty)
        #expect(edit.warnings.isEmpty)
        #expect(edit.document == (try Fixtures.sampleDocument()))
    }

    @Test func newGameGoesAmongItsDaysGamesByStartTime() throws {
        let edit = try sampleEditor().mergeGames(try schedule { $0.append(Self.stlAtChc) })
        // Day 1: hotel (10), LAD @ CHC at 13:20 (100, no sortOrder), dinner (150); the new game at 19:05 comes after.
        let added = try #require(edit.itinerary.items.first { $0.gameID == "mlb-2026-03-06-stl-chc" })
        #expect(added.day == 1)
        #expect(added.sortOrder == 101)
        #expect(dayIDs(edit.itinerary)[0] == ["i-hotel-in", "i-g1", added.id, "i-dinner1"])
        #expect(edit.changes.contains(.addedGame(item: added.id, matchup: "STL @ CHC", day: 1)))
        #expect(
            edit.changes.contains(.pinned(item: "i-g1", sortOrder: 100)), "a game without sortOrder keeps its place")
        // The catalogue is replaced as written, unknown fields included.
        #expect(edit.document["games"]?.formatted.contains("\"broadcast\": \"WGN\"") == true)
        #expect(ConstraintChecker(edit.itinerary).check().isEmpty)
    }

    /// Two copies that take in the same schedule apart give the new game one
    /// item id, a UUID derived from the game's id, so a merge keeps it once.
    @Test func twoCopiesGiveANewGameOneItem() throws {
        let base = try Fixtures.sample()
        let phone = try Editor(base, now: testNow).mergeGames(try schedule { $0.append(Self.stlAtChc) })
        let laptop = try Editor(base, now: Instant(seconds: testNow.seconds + 600)).mergeGames(
            try schedule { $0.append(Self.stlAtChc) })
        let id = try #require(phone.itinerary.items.first { $0.gameID == "mlb-2026-03-06-stl-chc" }?.id)
        #expect(laptop.itinerary.items.contains { $0.id == id })
        // RFC 9562's version 5 as Python computes it:
        // uuid.uuid5(UUID("6f1c2f4e-3b7a-4d0e-9a55-1c6b7d2e8f90"), "game " + game id).
        #expect(id == "7e77aec2-2613-5619-8cb0-41e1aef2c082")
        let merged = try CopyMerge(mine: phone.itinerary, theirs: laptop.itinerary)
        #expect(merged.itinerary.items.filter { $0.gameID == "mlb-2026-03-06-stl-chc" }.count == 1)
        #expect(ConstraintChecker(merged.itinerary).check().isEmpty)
        // The copies stamped the new game ten minutes apart: the same game, the later stamp kept, either way.
        let reversed = try CopyMerge(mine: laptop.itinerary, theirs: phone.itinerary)
        for result in [merged.itinerary, reversed.itinerary] {
            let game = try #require(result.games.first { $0.id == "mlb-2026-03-06-stl-chc" })
            #expect(game.modifiedAt == Instant(seconds: testNow.seconds + 600))
        }
    }

    /// `merge-games` stamps the games it adds or changes, and only those, so a feed's
    /// Last-Modified moves with the schedule; the same schedule again stamps nothing.
    @Test func addedAndChangedGamesAreStampedAndNoOthers() throws {
        let retimed = try schedule {
            $0.append(Self.stlAtChc)
            guard let index = $0.firstIndex(where: { $0["id"] == .string("nba-2026-03-08-orl-mil") }),
                case .object(var game) = $0[index]
            else { return }
            game["start"] = .string("2026-03-08T20:30:00-05:00")
            $0[index] = .object(game)
        }
        let edit = try sampleEditor().mergeGames(retimed)
        let stamps = Dictionary(uniqueKeysWithValues: edit.itinerary.games.map { ($0.id, $0.modifiedAt) })
        #expect(stamps["mlb-2026-03-06-stl-chc"] == testNow)
        #expect(stamps["nba-2026-03-08-orl-mil"] == testNow)
        #expect(stamps.filter { $0.value != nil }.count == 2, "\(stamps)")

        let later = Instant(seconds: testNow.seconds + 3600)
        let again = try Editor(edit.itinerary, now: later).mergeGames(retimed)
        #expect(again.itinerary.games.map(\.modifiedAt) == edit.itinerary.games.map(\.modifiedAt))
    }

    @Test func removedGameTakesItsTravelAlong() throws {
        // Without the Detroit game the trip goes Chicago → Milwaukee → Chicago.
        let edit = try sampleEditor().mergeGames(
            try schedule { $0.removeAll { $0["id"] == .string("nhl-2026-03-07-bos-det") } })
        let ids = Set(edit.itinerary.items.map(\.id))
        #expect(!ids.contains("i-g2") && !ids.contains("i-t1") && !ids.contains("i-t2"))
        #expect(ids.contains("i-t3"))
        #expect(edit.changes.contains(.removedGame(item: "i-g2", matchup: "BOS @ DET", day: 2)))
        #expect(edit.changes.contains(.removedTravel(item: "i-t1", route: "Chicago → Detroit", day: 2)))
        #expect(
            edit.warnings == [
                .missingTravel(
                    from: "Chicago", to: "Milwaukee", after: "LAD @ CHC (day 1)", before: "ORL @ MIL (day 3)")
            ])
        #expect(ConstraintChecker(edit.itinerary).check().isEmpty)
        // Everything else keeps its day and sortOrder.
        let sample = try Fixtures.sample()
        for item in sample.items where ids.contains(item.id) {
            #expect(itemObject(edit.document, item.id) == itemObject(sample.document, item.id))
        }
    }

    @Test func retimedGameMovesDayAndTravelFollows() throws {
        // The Detroit game moves from day 2 to day 3 at 13:00: Detroit → Milwaukee (day 3, 75)
        // now sits before it and goes to just after it.
        let edit = try sampleEditor().mergeGames(
            try schedule { games in
                for index in games.indices where games[index]["id"] == .string("nhl-2026-03-07-bos-det") {
                    games[index]["start"] = .string("2026-03-08T13:00:00-04:00")
                }
            })
        let game = try #require(edit.itinerary.items.first { $0.id == "i-g2" })
        #expect(game.day == 3)
        #expect(edit.changes.contains(.movedGame(item: "i-g2", matchup: "BOS @ DET", from: 2, to: 3)))
        #expect(
            edit.changes.contains(
                .movedTravel(item: "i-t2", route: "Detroit → Milwaukee", day: 3, after: "BOS @ DET")))
        let day3 = dayIDs(edit.itinerary)[2]
        #expect(day3.firstIndex(of: "i-g2")! < day3.firstIndex(of: "i-t2")!)
        #expect(day3.firstIndex(of: "i-t2")! < day3.firstIndex(of: "i-g3")!)
        #expect(ConstraintChecker(edit.itinerary).check().isEmpty)
        // Chicago → Detroit still joins its visits where it is (day 2) and stays.
        #expect(itemObject(edit.document, "i-t1") == itemObject(try Fixtures.sample().document, "i-t1"))
    }

    @Test func gameOutsideTheTripIsRefused() throws {
        let editor = try sampleEditor()
        let late = try schedule { games in games[0]["start"] = .string("2026-04-01T19:00:00-05:00") }
        let problem = refusal { () throws(EditProblem) in try editor.mergeGames(late) }
        #expect(problem?.code == .gameOutsideTrip)
        #expect(problem?.itemID == "nba-2026-03-08-orl-mil")
    }

    @Test func badCatalogueIsRefused() {
        #expect(throws: EditProblem.self) { try GameSchedule(bytes: Array("{".utf8), label: "g.json") }
        #expect(
            refusalCode { try GameSchedule(bytes: Array("{\"games\": 3}".utf8), label: "g.json") } == .catalogueShape)
        #expect(
            refusalCode { try GameSchedule(bytes: Array("{\"games\": [{\"id\": \"x\"}]}".utf8), label: "g.json") }
                == .catalogueGame)
    }

    func refusalCode(_ body: () throws -> GameSchedule) -> EditProblem.Code? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? EditProblem)?.code
        }
    }
}
