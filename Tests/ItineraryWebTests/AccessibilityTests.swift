import Foundation
import ItineraryModel
import ItineraryPresentation
import Testing
import TestSupport
import TripGenerator
@testable import ItineraryWeb

/// axe-core (the release bundled in axe-playwright-python) in Debian's
/// Chromium finds no violation of the WCAG 2.0, 2.1 and 2.2 A and AA rules or
/// of the best-practice rules, on every trip these tests render, in both
/// layouts, right to left and in Japanese too; and no colour-contrast
/// violation with the print style sheet.
@Suite struct AccessibilityTests {
    static let axe = Fixtures.packageRoot.appendingPathComponent(".build-deps/axe.min.js")

    static func trips() throws -> [(name: String, trip: PresentedTrip)] {
        [
            ("sample", try Trips.sample()),
            ("rest-day", try Trips.withRestDay()),
            ("hostile", try Trips.everyString("<script>alert(1)</script> **bold** \"quoted\" & more")),
            (
                "emoji",
                PresentedTrip(try Fixtures.read(String(decoding: Fixtures.bytes("emoji-titles.json"), as: UTF8.self)))
            ),
            (
                "14-days",
                PresentedTrip(try ItineraryReader.read(bytes: TripGenerator.bytes(days: 14, items: 60, seed: 2026)))
            ),
            // Right to left, and a CJK language.
            ("sample-ar", PresentedTrip(try Fixtures.sample(), language: try #require(Language(resolving: "ar")))),
            ("sample-he", PresentedTrip(try Fixtures.sample(), language: try #require(Language(resolving: "he")))),
            ("sample-ja", PresentedTrip(try Fixtures.sample(), language: try #require(Language(resolving: "ja")))),
        ]
    }

    @Test func axeFindsNoViolation() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages: [String] = []
        for (name, trip) in try Self.trips() {
            for style in [DocumentStyle.book, .daySheets] {
                let page = folder.appendingPathComponent("\(name)-\(style.rawValue).html")
                try Data(WebDocument.html(trip, options: DocumentOptions(layout: style), map: .installed).utf8).write(
                    to: page)
                pages.append(page.path)
            }
        }
        // The parts people choose: the days alone (the trip's name as the page's heading), the bookings alone.
        let fortnight = PresentedTrip(
            try ItineraryReader.read(bytes: TripGenerator.bytes(days: 14, items: 60, seed: 2026)))
        for (name, sections) in [("days-only", Set([Section.days])), ("bookings-only", [.bookings])] {
            let options = DocumentOptions(sections: sections)
            let page = folder.appendingPathComponent("14-days-\(name).html")
            try Data(WebDocument.html(fortnight, options: options, map: .installed).utf8).write(to: page)
            pages.append(page.path)
        }
        // Parts asked for that have nothing to show (issue #46): the heading and a sentence each, in Arabic too.
        let bare = try Fixtures.read(
            #"{"format": "itinerary/v1", "trip": {"id": "b", "name": "Nothing booked", "startDate": "2026-03-06"}, "#
                + #""items": [{"id": "l", "day": 1, "kind": "custom", "category": "note", "title": "Lunch"}]}"#)
        for tag in ["en", "ar"] {
            let trip = PresentedTrip(bare, language: try #require(Language(resolving: tag)))
            let page = folder.appendingPathComponent("empty-parts-\(tag).html")
            let options = DocumentOptions(sections: [.map, .bookings])
            try Data(WebDocument.html(trip, options: options, map: .installed).utf8).write(to: page)
            pages.append(page.path)
        }
        // A calendar feed's QR code atop the page (issue #45), left to right and right to left.
        for tag in ["en", "ar"] {
            let language = try #require(Language(resolving: tag))
            var trip = PresentedTrip(try Fixtures.sample(), language: language)
            trip.subscription = Subscription(
                url: "https://trips.example.com/v1/feeds/c3ByaW5n.abc.ics", language: language)
            let page = folder.appendingPathComponent("subscribe-\(tag).html")
            try Data(WebDocument.html(trip, map: .installed).utf8).write(to: page)
            pages.append(page.path)
        }
        try #require(FileManager.default.fileExists(atPath: Self.axe.path), "make setup puts axe.min.js in .build-deps")
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Outline.scripts.appendingPathComponent("axe_check.py").path, Self.axe.path] + pages)
        try #require(result.status == 0, "axe_check.py failed: \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: [[String: Any]]] ?? [:]
        // Each page as on screen, and its colour contrast with the print style sheet.
        #expect(report.count == pages.count * 2)
        for page in pages + pages.map({ $0 + " (print)" }) {
            let violations = report[page] ?? [["id": "not checked"]]
            #expect(violations.isEmpty, "\(URL(fileURLWithPath: page).lastPathComponent): \(violations)")
        }
    }
}
