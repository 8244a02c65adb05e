import Foundation
import Testing
import ItineraryModel
import TestSupport

/// `merge-copies` and the tombstones `remove` leaves, as a person runs them.
@Suite struct MergeCopiesCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-copies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["phone", "laptop"] {
            try Data(contentsOf: Fixtures.sampleURL).write(to: folder.appendingPathComponent("\(name).json"))
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent("\(name).json").path }

    func run(_ arguments: [String], at seconds: Int = 1_780_000_000) throws -> RunResult {
        try runItinerary(arguments, environment: ["SOURCE_DATE_EPOCH": String(seconds)])
    }

    @Test func twoCopiesEditedApartMerge() throws {
        #expect(
            try run(["move", path("phone"), "--item", "i-dinner3", "--day", "4", "--after", "i-brunch"]).status == 0)
        let removal = try run(["remove", path("laptop"), "--item", "i-laundry"], at: 1_780_000_100)
        #expect(removal.status == 0)
        let laptop = try ItineraryReader.read(bytes: Array(Data(contentsOf: URL(fileURLWithPath: path("laptop")))))
        #expect(laptop.removed == [Tombstone(id: "i-laundry", removedAt: Instant(seconds: 1_780_000_100))])

        let merged = try run(["merge-copies", path("phone"), path("laptop")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains(#"removed "i-laundry", removed in THEIRS after its last edit"#))
        #expect(
            merged.stdout.contains("merged: 0 taken from THEIRS, 1 removed, 0 brought back; 15 items, 1 tombstone."))
        let phone = try ItineraryReader.read(bytes: Array(Data(contentsOf: URL(fileURLWithPath: path("phone")))))
        #expect(phone.items.first { $0.id == "i-dinner3" }?.day == 4)
        #expect(!phone.items.contains { $0.id == "i-laundry" })

        // The other way round gives the same trip.
        let other = try run(["merge-copies", path("laptop"), path("phone"), "-o", "-"])
        #expect(other.status == 0)
        let reversed = try ItineraryReader.read(bytes: Array(other.stdoutData))
        #expect(Set(reversed.items.map(\.id)) == Set(phone.items.map(\.id)))
        #expect(reversed.items.first { $0.id == "i-dinner3" }?.day == 4)
    }

    /// The two-device example: each copy adds an item offline, and the merge keeps both, in either direction.
    @Test func itemsAddedOnTwoDevicesAreBothKept() throws {
        let phone = try run([
            "add", path("phone"), "--day", "2", "--category", "restaurant", "--title", "Coney Island hot dogs",
        ])
        let laptop = try run(["add", path("laptop"), "--day", "3", "--category", "activity", "--title", "Brewery tour"])
        #expect(phone.status == 0 && laptop.status == 0)
        #expect(phone.stdout != laptop.stdout.replacingOccurrences(of: "Brewery tour", with: "Coney Island hot dogs"))
        var results: [Set<String>] = []
        for (mine, theirs) in [("phone", "laptop"), ("laptop", "phone")] {
            let merged = try run(["merge-copies", path(mine), path(theirs), "-o", "-"])
            #expect(merged.status == 0, "\(merged.stderr)")
            #expect(
                merged.stderr.contains(
                    "merged: 1 taken from THEIRS, 0 removed, 0 brought back; 18 items, 0 tombstones."))
            let trip = try ItineraryReader.read(bytes: Array(merged.stdoutData))
            let titles = trip.items.compactMap(\.custom?.title)
            #expect(titles.contains("Coney Island hot dogs") && titles.contains("Brewery tour"))
            guard case .array(let items)? = trip.document["items"] else { return }
            results.append(Set(items.map(\.canonical)))
        }
        #expect(results.count == 2 && results[0] == results[1])
    }

    @Test func differentTripFieldsWithoutStampsAreRefusedBothWays() throws {
        let renamed = try String(contentsOf: URL(fileURLWithPath: path("laptop")), encoding: .utf8)
            .replacingOccurrences(of: "\"Spring Swing 2026\"", with: "\"Spring Fling 2026\"")
        try renamed.write(toFile: path("laptop"), atomically: true, encoding: .utf8)
        let one = try run(["merge-copies", path("phone"), path("laptop"), "-o", "-"])
        let other = try run(["merge-copies", path("laptop"), path("phone"), "-o", "-"])
        #expect(one.status == 1 && other.status == 1)
        #expect(one.stdout.isEmpty && other.stdout.isEmpty)
        #expect(one.stderr.contains("trip.name differs and neither copy has a trip.modifiedAt"))
        #expect(one.stderr.drop { $0 != ":" } == other.stderr.drop { $0 != ":" })
    }

    @Test func differentTripsAreRefusedAndNothingIsWritten() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path("phone")))
        let other = try String(contentsOf: URL(fileURLWithPath: path("laptop")), encoding: .utf8)
            .replacingOccurrences(of: "5E0C6A2B-7F4D-4C1A-9B3E-2D8F6A1C0B47", with: "another-trip")
        try other.write(toFile: path("laptop"), atomically: true, encoding: .utf8)
        let result = try run(["merge-copies", path("phone"), path("laptop")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("different trips"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("phone"))) == before)
    }

    @Test func differentCataloguesAreRefused() throws {
        let other = try String(contentsOf: URL(fileURLWithPath: path("laptop")), encoding: .utf8)
            .replacingOccurrences(of: "\"Fiserv Forum\"", with: "\"Fiserv Arena\"")
        try other.write(toFile: path("laptop"), atomically: true, encoding: .utf8)
        let result = try run(["merge-copies", path("phone"), path("laptop")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the game catalogues differ"))
    }

    @Test(arguments: ["", "{", "[]", "{\"format\": \"itinerary/v1\"}"])
    func brokenCopiesAreRefusedWithTheirProblems(_ text: String) throws {
        try text.write(toFile: path("laptop"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: path("phone")))
        let result = try run(["merge-copies", path("phone"), path("laptop")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(path("laptop") + ": "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("phone"))) == before)
    }
}

/// `render --format ics,gpx` and `--omit`, as a person runs them.
@Suite struct ExportCommandTests {
    @Test func calendarAndGPXComeWithTheOtherFormats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runItinerary(
            ["render", "--format", "ics,gpx,md", "-o", folder.path + "/"],
            environment: ["SOURCE_DATE_EPOCH": "1772755200"])
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n").map { String($0.split(separator: "/").last!) } == [
                "spring-swing-2026.ics", "spring-swing-2026.gpx", "spring-swing-2026.md",
            ])
    }

    @Test func anUnknownOmissionIsOneSentence() throws {
        let result = try runItinerary(["render", "--format", "md", "-o", "-", "--omit", "notes,phone"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"cannot leave out "phone"; choose confirmations, notes, addresses or source."#))
    }

    @Test func omittedNotesAreNotInTheMarkdown() throws {
        let full = try runItinerary(["render", "--format", "md", "-o", "-"])
        let shared = try runItinerary([
            "render", "--format", "md", "-o", "-", "--omit", "notes,confirmations,addresses",
        ])
        #expect(full.stdout.contains("HX-48213"))
        #expect(!shared.stdout.contains("HX-48213"))
        #expect(!shared.stdout.contains("200 N Green St"))
        #expect(shared.stdout.contains("Check in: The Hoxton"))
    }

    @Test func aTripWithoutCoordinatesWarnsForGPX() throws {
        let json = #"""
            {"format": "itinerary/v1", "trip": {"id": "t", "name": "Plain", "startDate": "2026-03-06"}, \#
            "items": [{"id": "n", "day": 1, "kind": "custom", "category": "note", "title": "Pack"}]}
            """#
        let result = try runItinerary(["render", "-", "--format", "gpx", "-o", "-"], stdin: Data(json.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: no item has coordinates"))
        #expect(result.stdout.contains("<gpx version=\"1.1\""))
    }
}
