import Foundation
import ItineraryKit
import Testing
import TestSupport

/// The sample trip in every shipped language, checked by Scripts/check_languages.py
/// against CLDR as Python's babel has it (not our formatting code): weekday and
/// month names, times, grouped numbers, travel durations, no English catalogue word left, and
/// Arabic and Hebrew pages right-aligned (pdftotext's boxes) with `dir="rtl"`.
@Suite struct LanguageCheckTests {
    @Test func everyLanguageIsItsOwnByBabel() throws {
        // Without units (so each language's system) and a leg long enough for grouping to show everywhere;
        // durations of minutes alone, of two whole hours (Hebrew's dual), and of one hour and one minute
        // (the singular forms), each checked against CLDR's units and unit list.
        let text = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
            .replacingOccurrences(of: "\"distanceMiles\": 283", with: "\"distanceMiles\": 12040")
            .replacingOccurrences(of: ",\n    \"units\": \"imperial\"", with: "")
            .replacingOccurrences(of: "\"durationMinutes\": 270", with: "\"durationMinutes\": 45")
            .replacingOccurrences(of: "\"durationMinutes\": 345", with: "\"durationMinutes\": 120")
            .replacingOccurrences(of: "\"durationMinutes\": 95", with: "\"durationMinutes\": 61")
        try #require(text.contains("12040") && !text.contains("\"units\"") && text.contains(": 61,"))
        let trip = try CheckedTrip(bytes: Array(text.utf8))
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let languages = RenderOptions.languages.map(\.tag).filter { $0 != "en-XA" }
        #expect(languages.count >= 16)
        for tag in languages {
            let directory = folder.appendingPathComponent(tag)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("trip.json"))
            let formats: [OutputFormat] = [.pdf, .html, .md, .ics, .gpx]
            let documents = try trip.render(formats, options: RenderOptions(creationDate: 0, locale: tag))
            for (format, document) in zip(formats, documents) {
                try Data(document[0]).write(to: directory.appendingPathComponent("trip.\(format.rawValue)"))
            }
        }
        let root = Fixtures.packageRoot
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", root.appendingPathComponent("Scripts/check_languages.py").path, folder.path,
                "--catalogues", root.appendingPathComponent("Sources/ItineraryPresentation/Catalogues").path,
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
