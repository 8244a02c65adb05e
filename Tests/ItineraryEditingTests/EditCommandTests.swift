import Foundation
import ItineraryModel
import Testing
import TestSupport
import TripGenerator

/// The commands end to end: what they print, that refusals leave the file as it
/// was, and that `show` after a run of moves lists what the moves asked for.
@Suite struct EditCommandTests {
    func copyOfSample() throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent("trip.json")
        try Data(Fixtures.sampleBytes).write(to: url)
        return url
    }

    @Test func moveRewritesTheFile() throws {
        let url = try copyOfSample()
        let result = try runItinerary(["move", url.path, "--item", "i-dinner3", "--day", "4", "--after", "i-brunch"])
        #expect(result.status == 0)
        #expect(result.stdout == "moved \"i-dinner3\" to day 4, between \"i-brunch\" and \"i-museum\" (sortOrder 15)\n")
        let itinerary = try ItineraryReader.read(bytes: Array(try Data(contentsOf: url)))
        #expect(dayIDs(itinerary)[3] == ["i-brunch", "i-dinner3", "i-museum", "i-laundry"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["trip.json"], "no temporary file is left behind")
    }

    @Test(arguments: [
        ["move", "--item", "i-g1", "--day", "1", "--end"],
        ["move", "--item", "i-t2", "--day", "3", "--after", "i-g3"],
        ["move", "--item", "nope", "--day", "1", "--end"],
        ["move", "--item", "i-museum", "--day", "8", "--end"],
        ["move", "--item", "i-museum", "--day", "4", "--after", "nope"],
        ["remove", "--item", "i-g1"],
        ["remove", "--item", "i-t1"],
        ["add", "--day", "2", "--category", "food", "--title", "x"],
    ])
    func refusalLeavesTheFileUntouched(arguments: [String]) throws {
        let url = try copyOfSample()
        let result = try runItinerary([arguments[0], url.path] + arguments.dropFirst())
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one sentence: \(result.stderr)")
        #expect(lines.first?.hasPrefix(url.path + ": ") == true)
        #expect(try Data(contentsOf: url) == Data(Fixtures.sampleBytes))
    }

    @Test func standardInputCannotBeRewritten() throws {
        let result = try runItinerary(
            ["move", "-", "--item", "i-museum", "--day", "4", "--start"], stdin: Data(Fixtures.sampleBytes))
        #expect(result.status == 1)
        #expect(result.stderr.contains("standard input cannot be rewritten"))
    }

    @Test func addThenRemove() throws {
        let url = try copyOfSample()
        let added = try runItinerary([
            "add", url.path, "--day", "3", "--category", "activity", "--title", "Lakefront walk",
            "--time", "10:30", "--lat", "43.03", "--lon=-87.89", "--notes", "Bring a jacket",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdout.split(separator: "\"").dropFirst().first.map(String.init))
        #expect(added.stdout == "added \"\(id)\" (Lakefront walk) at the end of day 3\n")
        #expect(isTimeOrderedUUID(id))
        let removed = try runItinerary(["remove", url.path, "--item", id])
        #expect(removed.status == 0)
        #expect(try ItineraryReader.read(bytes: Array(try Data(contentsOf: url))).items.count == 16)
    }

    @Test func mergeGamesPrintsChangesAndWarnings() throws {
        let url = try copyOfSample()
        let sample = try Fixtures.sampleDocument()
        guard case .array(let games)? = sample["games"] else { return }
        let kept = games.filter { $0["id"] != .string("nhl-2026-03-07-bos-det") }
        let gamesURL = url.deletingLastPathComponent().appendingPathComponent("games.json")
        try JSONValue.object(JSONObject([("games", .array(kept))])).formatted.write(
            to: gamesURL, atomically: true, encoding: .utf8)
        let result = try runItinerary(["merge-games", url.path, gamesURL.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n") == [
                "removed game BOS @ DET (\"i-g2\") from day 2",
                "removed travel Chicago → Detroit (\"i-t1\") from day 2: it no longer joins two visits",
                "removed travel Detroit → Milwaukee (\"i-t2\") from day 3: it no longer joins two visits",
            ])
        #expect(result.stderr.contains("warning: no travel from Chicago to Milwaukee"))
        let validate = try runItinerary(["validate", url.path])
        #expect(validate.status == 0)
    }

    /// A schedule read from standard input is named `<stdin>` in its problems, as an itinerary is.
    @Test func aBrokenScheduleOnStandardInputIsNamedStdin() throws {
        let url = try copyOfSample()
        let before = try Data(contentsOf: url)
        let result = try runItinerary(["merge-games", url.path, "-"], stdin: Data("{\"games\": [".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>: "), "\(result.stderr)")
        #expect(try Data(contentsOf: url) == before)
    }

    /// `show` after moves made by the command lists each day as the moves asked.
    @Test(arguments: [11 as UInt64, 12, 13])
    func showAfterMovesMatchesTheModel(seed: UInt64) throws {
        // Titles are made the ids, so every custom row of `show` names its item.
        var document = TripGenerator.itinerary(days: 6, items: 30, seed: seed)
        guard case .array(var items)? = document["items"] else { return }
        for index in items.indices where items[index]["kind"] == .string("custom") {
            items[index]["title"] = items[index]["id"]
        }
        document["items"] = .array(items)
        let url = try temporaryDirectory().appendingPathComponent("trip.json")
        try document.formatted.write(to: url, atomically: true, encoding: .utf8)
        var itinerary = try ItineraryReader.read(bytes: Array(try Data(contentsOf: url)))
        var expected = dayIDs(itinerary)
        var choice = seed
        for _ in 0..<5 {
            choice = choice &* 6364136223846793005 &+ 1442695040888963407
            guard let attempt = MoveAttempt(choice, itinerary: itinerary, checker: .init(itinerary)) else { continue }
            var arguments = ["move", url.path, "--item", attempt.id, "--day", String(attempt.day)]
            switch attempt.placement {
            case .start: arguments.append("--start")
            case .end: arguments.append("--end")
            case .after(let id): arguments += ["--after", id]
            case .before(let id): arguments += ["--before", id]
            }
            let result = try runItinerary(arguments)
            #expect(result.status == (attempt.allowed ? 0 : 1), "\(attempt): \(result.stderr)")
            if attempt.allowed { expected = attempt.apply(to: expected) }
            itinerary = try ItineraryReader.read(bytes: Array(try Data(contentsOf: url)))
        }
        let shown = try runItinerary(["show", url.path])
        #expect(shown.status == 0)
        let kinds: [String: String] = Dictionary(uniqueKeysWithValues: itinerary.items.map { ($0.id, $0.kindName) })
        let expectedRows = expected.map { $0.map { kinds[$0] == "custom" ? $0 : kinds[$0]! } }
        var shownRows: [[String]] = []
        for line in shown.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Day ") {
                shownRows.append([])
            } else if line.hasPrefix("  "), !shownRows.isEmpty {
                let words = line.split(separator: " ")
                // The first column: a custom item's category, a travel's mode, a game's league.
                switch words.first {
                case "Restaurant", "Hotel", "Activity", "Note":
                    shownRows[shownRows.count - 1].append(String(words.last!))
                case "Drive", "Flight", "Train", "Bus", "Travel": shownRows[shownRows.count - 1].append("travel")
                case let league? where league.allSatisfy(\.isUppercase):
                    shownRows[shownRows.count - 1].append("game")
                default: break
                }
            }
        }
        #expect(shownRows == expectedRows)
    }
}
