import Foundation
import Testing
@testable import ItineraryCLI
import ItineraryModel
import TestSupport

@Suite struct ValidateCommandTests {
    /// Each invalid fixture: the code of its one problem, and what its sentence must name.
    static let faults: [String: (code: InputProblem.Code, mentions: [String])] = [
        "duplicate-id": (.duplicateID, [#"items[4] (id "i-g3").id"#, #"items[3] (id "i-g3")"#]),
        "game-on-wrong-day": (.gameOnWrongDay, ["BOS @ DET", "day 3", "(day 2)"]),
        "travel-after-arrival-game": (
            .travelAfterBarrier, [#"(id "i-t1")"#, "Chicago → Detroit", "BOS @ DET (day 2)"]
        ),
        "travel-before-departure-game": (
            .travelBeforeBarrier, [#"items[0] (id "i-t2")"#, "Detroit → Milwaukee", "BOS @ DET (day 2)"]
        ),
        "truncated": (.notJSON, ["line 128, column 7"]),
        "unknown-game": (.unknownGame, ["nba-2026-03-08-xxx-mil", ".gameId"]),
    ]

    @Test func everyInvalidFixtureHasAnExpectedFault() {
        #expect(Fixtures.invalidNames.sorted() == Self.faults.keys.sorted())
    }

    @Test func sampleIsValid() throws {
        let result = try runItinerary(["validate", Fixtures.sampleURL.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == Fixtures.sampleURL.path
                + ": valid · 5 days, 4 games, 3 travel, 9 custom items, 3 cities, 755 mi\n")
    }

    @Test(arguments: Fixtures.invalidNames)
    func invalidFixtureIsRefused(name: String) throws {
        let path = Fixtures.directory.appendingPathComponent("invalid/\(name).json").path
        let result = try runItinerary(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one problem expected: \(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix(path + ": ") })
        for mention in Self.faults[name]?.mentions ?? ["a fault for \(name)"] {
            #expect(result.stderr.contains(mention), "\(name): \(result.stderr)")
        }
    }

    @Test(arguments: Fixtures.invalidNames)
    func invalidFixtureFaultHasTheCodeItsNameSays(name: String) throws {
        let path = Fixtures.directory.appendingPathComponent("invalid/\(name).json").path
        guard case .failure(let failure) = TripInput.read(path) else {
            Issue.record("\(name) was accepted")
            return
        }
        #expect(failure.problems.map(\.code.rawValue) == [Self.faults[name]?.code.rawValue])
    }

    @Test func standardInput() throws {
        let valid = try runItinerary(["validate", "-"], stdin: Data(Fixtures.sampleBytes))
        #expect(valid.status == 0)
        #expect(valid.stdout.hasPrefix("<stdin>: valid · 5 days"))
        let truncated = try runItinerary(["validate", "-"], stdin: Data(Fixtures.bytes("invalid/truncated.json")))
        #expect(truncated.status == 1)
        #expect(truncated.stderr.hasPrefix("<stdin>: line 128, column 7: not valid JSON"))
        let empty = try runItinerary(["validate", "-"], stdin: Data())
        #expect(empty.status == 1)
        #expect(empty.stderr.split(separator: "\n").count == 1)
        #expect(empty.stderr.hasPrefix("<stdin>: line 1, column 1: "))
    }

    @Test func everyProblemIsPrintedOnItsOwnLine() throws {
        var text = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
        text = text.replacingOccurrences(of: #""startDate": "2026-03-06""#, with: #""startDate": "2026-03-32""#)
        text = text.replacingOccurrences(
            of: #""mode": "drive",\#n      "notes""#, with: #""mode": "hovercraft",\#n      "notes""#)
        text = text.replacingOccurrences(of: #""title": "Hotel checkout""#, with: #""title": """#)
        let result = try runItinerary(["validate", "-"], stdin: Data(text.utf8))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("<stdin>: ") })
        #expect(lines.contains { $0.hasPrefix("<stdin>: trip.startDate: ") })
        #expect(lines.contains { $0.contains(#"(id "i-t3").mode: "hovercraft""#) })
        #expect(lines.contains { $0.contains(#"(id "i-checkout").title: "#) })
    }

    @Test(arguments: [
        ["validate"], ["validate", "a.json", "b.json"], ["validate", "--no-such-option", "a.json"],
        ["show", "a.json", "b.json"],
    ])
    func usageErrorsKeepTheParsersExitCode(arguments: [String]) throws {
        let result = try runItinerary(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingFileIsOneSentence() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing.json").path
        let result = try runItinerary(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "\(path): no such file.\n")  // the file named once
    }

    @Test func aDirectoryIsOneSentence() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runItinerary(["validate", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("directory"))
    }

    @Test func aFileOverTheSizeLimitIsOneSentence() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.json").path
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(repeating: 0x20, count: ItineraryReader.maximumBytes + 1)))
        let result = try runItinerary(["validate", path])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("32 MiB"))
    }
}
