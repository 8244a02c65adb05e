import Foundation
import ItineraryKit
import ItineraryPresentation
import Testing
import TestSupport

@Suite struct ShowCommandTests {
    /// `show`'s output as day headers, each with the lines of its items.
    private func blocks(_ output: String) -> [(header: String, items: [String])] {
        var blocks: [(header: String, items: [String])] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("Day ") {
                blocks.append((String(line), []))
            } else if line.hasPrefix("  "), !blocks.isEmpty {
                blocks[blocks.count - 1].items.append(String(line))
            }
        }
        return blocks
    }

    @Test func showsTheFixtureInTheReadmeOrder() throws {
        let readme = try ReadmeOrder.load()
        let result = try runItinerary(["show", Fixtures.sampleURL.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let days = blocks(result.stdout)
        #expect(days.map(\.header) == readme.headers)
        for (day, titles) in zip(days, readme.titles) {
            #expect(day.items.count == titles.count, "\(day.header): \(day.items)")
            for (line, title) in zip(day.items, titles) {
                // Each item line: kind, time, then the title.
                #expect(line.contains(title), "\(day.header): expected \(title) in \(line)")
            }
        }
    }

    @Test func eachItemLineHasKindTimeAndTitle() throws {
        let result = try runItinerary(["show", Fixtures.sampleURL.path])
        let days = blocks(result.stdout)
        let first = try #require(days.first)
        #expect(first.items.count == 3)
        #expect(
            first.items[0].hasPrefix("  Hotel") && first.items[0].contains("11:00\u{202F}AM")
                && first.items[0].contains("Check in: The Hoxton, Chicago"))
        #expect(
            first.items[1].hasPrefix("  MLB") && first.items[1].contains("1:20\u{202F}PM CST")
                && first.items[1].contains("LAD @ CHC"))
        // Day 5 is after the change to daylight saving time.
        #expect(days[4].items[1].contains("7:00\u{202F}PM CDT"))
        #expect(days[1].items[0].hasPrefix("  Drive") && days[1].items[0].contains("Chicago → Detroit"))
    }

    /// The first column is in the document's language too (issue #46): the category, the
    /// travel mode, the game's league; German keeps its capitals (issue #34).
    @Test func kindsAreInTheDocumentsLanguage() throws {
        let german = try runItinerary(["show", Fixtures.sampleURL.path, "--locale", "de"])
        #expect(german.stdout.contains("\n  Auto       "), "\(german.stdout)")
        #expect(german.stdout.contains("4 Std., 30 Min."), "\(german.stdout)")
        let english = try runItinerary(["show", Fixtures.sampleURL.path])
        #expect(english.stdout.contains("\n  Drive      "), "\(english.stdout)")
    }

    /// Columns line up by the cells a terminal gives a character: Japanese words take two a character.
    @Test func japaneseColumnsLineUpByDisplayWidth() throws {
        let japanese = try runItinerary(["show", Fixtures.sampleURL.path, "--locale", "ja"])
        #expect(japanese.status == 0)
        let hotel = try #require(japanese.stdout.split(separator: "\n").first { $0.hasPrefix("  ホテル") })
        // "ホテル" is six cells; the column is 15, "アクティビティ" (14) and a space.
        let nine = String(repeating: " ", count: 9)
        #expect(hotel.hasPrefix("  ホテル" + nine) && !hotel.hasPrefix("  ホテル" + nine + " "), "\(hotel)")
    }

    /// Every item's title starts in the same cell, in every language, however wide its kind or time
    /// ("アクティビティ" is fourteen cells; its row started four cells to the right of the others').
    @Test(arguments: RenderOptions.languages.map(\.tag)) func titlesStartInOneColumn(_ tag: String) throws {
        let result = try runItinerary(["show", Fixtures.sampleURL.path, "--locale", tag])
        #expect(result.status == 0, "\(result.stderr)")
        let titles = [
            "Check in", "Deep dish", "Hotel checkout", "Post-game", "Brunch", "Harley", "Laundry", "Tickets",
            "Fly home", "LAD @", "BOS @", "ORL @", "ATL @", "Chicago", "Detroit", "Milwaukee",
        ]
        var columns: [Int: [String]] = [:]
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("  ") {
            let starts = titles.compactMap { line.range(of: $0)?.lowerBound }
            let start = try #require(starts.min(), "\(tag): a title in \(line)")
            columns[DisplayWidth.cells(String(line[..<start])), default: []].append(String(line))
        }
        #expect(columns.count == 1, "\(tag): titles start in cells \(columns)")
        #expect(columns.values.first?.count == 16)
    }

    /// A language without a catalogue is a usage mistake, as in `render`: the library's sentence, exit 64.
    @Test func aWrongLocaleIsAUsageMistake() throws {
        let result = try runItinerary(["show", "--locale", "xx"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("there is no catalogue for \"xx\""), "\(result.stderr)")
    }

    @Test func restDayIsShown() throws {
        var text = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
        text = text.replacingOccurrences(of: #""dayCount": 5"#, with: #""dayCount": 6"#)
        let result = try runItinerary(["show", "-"], stdin: Data(text.utf8))
        #expect(result.status == 0)
        let days = blocks(result.stdout)
        #expect(days.last?.header == "Day 6 · Wednesday, March 11")
        #expect(days.last?.items.count == 1)  // the line that says the day is free
    }

    @Test func withoutAFileShowsTheSample() throws {
        let sample = try runItinerary(["show"])
        let file = try runItinerary(["show", Fixtures.sampleURL.path])
        let stdin = try runItinerary(["show", "-"], stdin: Data(Fixtures.sampleBytes))
        let bare = try runItinerary([])
        #expect(sample.status == 0)
        #expect(!sample.stdout.isEmpty)
        #expect(sample.stdout == file.stdout)
        #expect(stdin.stdout == file.stdout)
        #expect(bare.stdout == file.stdout)
    }

    @Test func anInvalidFileIsNotShown() throws {
        let path = Fixtures.directory.appendingPathComponent("invalid/travel-before-departure-game.json").path
        let result = try runItinerary(["show", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("BOS @ DET (day 2)"))
    }

    @Test func sampleIsTheFixtureByteForByte() throws {
        let result = try runItinerary(["sample"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect([UInt8](result.stdoutData) == Fixtures.sampleBytes)
        let validated = try runItinerary(["validate", "-"], stdin: result.stdoutData)
        #expect(validated.status == 0)
    }
}
