import Foundation
import ItineraryKit
import Testing

/// The library as its users see it: the examples of the README and the DocC
/// articles, through `import ItineraryKit` alone.
@Suite struct LibraryFaceTests {
    static let sample = sampleBytes()

    static func sampleBytes() -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/spring-swing.json")
        return (try? Array(Data(contentsOf: url))) ?? []
    }

    @Test func readCheckAndRender() throws {
        let trip = try CheckedTrip(bytes: Self.sample)
        #expect(trip.name == "Spring Swing 2026")
        #expect(trip.summary == "5 days, 4 games, 3 travel, 9 custom items, 3 cities, 755 mi")
        var options = RenderOptions(layout: .daySheets, creationDate: 0, omit: [.confirmations])
        try options.set("pageSize", to: "a4")
        let documents = try trip.render([.pdf, .html, .md, .ics, .gpx], options: options)
        #expect(documents.count == 5)
        #expect(documents[0][0].starts(with: Array("%PDF-".utf8)))
        #expect(!String(decoding: documents[2][0], as: UTF8.self).contains("HX-48213"), "confirmations left out")
        #expect(try trip.render(.pdf, options: options) == [documents[0][0]], "the same bytes for the same input")
    }

    @Test func problemsHaveACodeALocationAndASentence() {
        do {
            _ = try CheckedTrip(bytes: Array("{\"format\": \"itinerary/v1\"}".utf8))
            Issue.record("a trip without a trip was read")
        } catch {
            #expect(error.problems.map(\.code.rawValue).contains("missingField"))
            #expect(error.problems.allSatisfy { !$0.message.isEmpty })
        }
        var options = RenderOptions()
        #expect(throws: Problem.self) { try options.set("pageSize", to: "a5") }
        #expect(throws: Problem.self) { try TripTemplates(directory: "/nonexistent") }
    }

    @Test func editAndMerge() throws {
        let phone = try TripEditor(bytes: Self.sample, now: Date(timeIntervalSince1970: 1_800_000_000))
        let laptop = try TripEditor(bytes: Self.sample, now: Date(timeIntervalSince1970: 1_800_000_060))
        let dinner = try phone.add(NewItem(category: "restaurant", title: "Coney Island hot dogs"), toDay: 2)
        let tour = try laptop.add(NewItem(category: "activity", title: "Brewery tour"), toDay: 3)
        let merged = try TripEditor(bytes: dinner.bytes).merge(try TripEditor(bytes: tour.bytes))
        let text = String(decoding: merged.bytes, as: UTF8.self)
        #expect(text.contains("Coney Island hot dogs") && text.contains("Brewery tour"))
        #expect(merged.changes.last?.hasPrefix("merged: 1 taken from THEIRS") == true)
        let moved = try phone.move("i-dinner3", toDay: 4, .after("i-brunch"))
        #expect(moved.changes.first?.hasPrefix("moved \"i-dinner3\" to day 4") == true)
        #expect(throws: Problem.self) { try phone.remove("i-g1") }
    }

    @Test func snapshotsRecordAndCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-snapshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trips = [(label: "spring", trip: try CheckedTrip(bytes: Self.sample))]
        let written = try Snapshots.record(trips, references: folder.path, format: .md)
        #expect(!written.isEmpty)
        let check = try Snapshots.check(trips, references: folder.path)
        #expect(check.passed, "\(check.messages)")
        #expect(!check.report.isEmpty)
        #expect(CheckedTrip.schema.contains("itinerary/v1"))
    }

    /// `record(options:)` keeps every option (it kept only the layout, paper and
    /// resolution), and says why it cannot keep a theme that has no file.
    @Test func snapshotsKeepEveryOption() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-snapshots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trips = [(label: "spring", trip: try CheckedTrip(bytes: Self.sample))]
        let options = RenderOptions(omit: [.notes], locale: "de", pdfA: true)
        _ = try Snapshots.record(trips, references: folder.path, format: .md, options: options)
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(
            manifest.contains("\"locale\" : \"de\"") && manifest.contains("\"notes\"")
                && manifest.contains("\"pdfA\" : true"))
        let page = try String(contentsOf: folder.appendingPathComponent("spring-swing-2026/page-1.md"), encoding: .utf8)
        #expect(page == String(decoding: try trips[0].trip.render(.md, options: options)[0], as: UTF8.self))
        #expect(try Snapshots.check(trips, references: folder.path).passed)
        let themed = RenderOptions(theme: try Theme(name: "Made in code", accent: "#8a4b12"))
        #expect(throws: Problem.self) {
            try Snapshots.record(trips, references: folder.path, format: .md, options: themed)
        }
    }
}
