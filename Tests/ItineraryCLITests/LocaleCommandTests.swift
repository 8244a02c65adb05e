import Foundation
import Testing
import TestSupport

/// `--locale`, the trip's `locale` and `itinerary locales` from the command line.
@Suite struct LocaleCommandTests {
    @Test func localesListsTheLanguagesByTagAndOwnName() throws {
        let result = try runItinerary(["locales"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(lines.count >= 17)
        let names = Dictionary(uniqueKeysWithValues: lines.map { ($0[0], $0.count > 1 ? $0[1] : "") })
        #expect(names["de"] == "Deutsch")
        #expect(names["ja"] == "日本語")
        #expect(names["ar"] == "العربية")
        #expect(names["pt-BR"] == "português (Brasil)")
    }

    @Test func aLocaleWithoutACatalogueIsRefusedAndNothingIsWritten() throws {
        let directory = try temporaryDirectory()
        for tag in ["sw", "de_DE", "zh-TW", "x"] {
            let result = try runItinerary(
                ["render", Fixtures.sampleURL.path, "--locale", tag, "-f", "pdf,md", "-o", "out"], directory: directory)
            #expect(result.status == 64, "\(tag)")
            #expect(
                result.stderr.contains("the languages are ar, de, en, en-GB")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test func theFlagThenTheTripsLocaleThenAmericanEnglish() throws {
        let directory = try temporaryDirectory()
        let french = directory.appendingPathComponent("fr.json")
        try Data(Self.sample(locale: "fr").utf8).write(to: french)
        #expect(try runItinerary(["show", french.path]).stdout.contains("\nJour 1 · vendredi 6 mars\n"))
        #expect(
            try runItinerary(["show", french.path, "--locale", "de-CH"]).stdout.contains(
                "\nTag 1 · Freitag, 6. März\n"))
        #expect(
            try runItinerary(["render", french.path, "--locale", "he", "-f", "md", "-o", "-"]).stdout.contains(
                "## יום 1"))
        // The machine's language is not used: the same input makes the same document everywhere.
        let plain = try runItinerary(
            ["show", Fixtures.sampleURL.path], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
        #expect(plain.stdout.contains("\nDay 1 · Friday, March 6\n"))
    }

    /// The sample trip with a `locale` field.
    static func sample(locale: String) -> String {
        String(decoding: Fixtures.sampleBytes, as: UTF8.self).replacingOccurrences(
            of: "\"startDate\":", with: "\"locale\": \"\(locale)\", \"startDate\":")
    }

    @Test func aMalformedTripLocaleIsAProblemOfTheFile() throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("bad.json")
        try Data(Self.sample(locale: "de_DE").utf8).write(to: file)
        let result = try runItinerary(["validate", file.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\"de_DE\" is not a BCP 47 language tag"), "\(result.stderr)")
    }
}
