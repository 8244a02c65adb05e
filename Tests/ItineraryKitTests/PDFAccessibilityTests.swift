import Foundation
import ItineraryKit
import Testing
import TestSupport
import TripGenerator

/// Every PDF is PDF/UA-1, and with `pdfA` also PDF/A (3a, as it carries its trip), by checkers no one
/// here wrote: page-validation (profiles ua1 and 3a or 2a) and outloud
/// (`--fail-on error`), run by Scripts/check_pdf.py; qpdf finds the files clean.
@Suite(.serialized) struct PDFAccessibilityTests {
    /// The trips: every fixture, hostile text, emoji, right to left, CJK and the year-long trip.
    static func trips() throws -> [(name: String, trip: CheckedTrip, options: RenderOptions)] {
        let sample = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let restDay = String(decoding: Fixtures.sampleBytes, as: UTF8.self).replacingOccurrences(
            of: "\"dayCount\": 5", with: "\"dayCount\": 6")
        var hostile = TripJSON(name: "<script>alert(1)</script> **bold** \"quoted\" & more", days: 2)
        hostile.custom(
            day: 1, title: "<b>x</b> & \"y\" ‮ reversed", time: "09:00", notes: "line one\nline two",
            confirmation: "(ABC) [1]",
            address: "\\ back \\ slash", at: (41.9, -87.6))
        hostile.game(day: 2, away: "AAA", home: "BBB", city: "Chi & <cago> \"x\"", at: (41.9, -87.6))
        hostile.custom(day: 2, title: "🎉 emoji 🏟️ in a title", notes: "and 👨‍👩‍👧 in notes")
        // Parts asked for that have nothing to show: the trip's name, a heading and a sentence each.
        var bare = TripJSON(name: "Nothing booked", days: 1)
        bare.custom(day: 1, title: "Lunch", time: "12:00")
        let options = RenderOptions(creationDate: 1_772_800_000)
        var emptyParts = options
        emptyParts.sections = [.map, .bookings]
        var daySheets = options
        daySheets.layout = .daySheets
        func language(_ tag: String) -> RenderOptions {
            var localized = options
            localized.locale = tag
            return localized
        }
        return [
            ("sample-book", sample, options),
            ("sample-day-sheets", sample, daySheets),
            ("rest-day", try CheckedTrip(bytes: Array(restDay.utf8)), options),
            ("emoji", try CheckedTrip(bytes: Fixtures.bytes("emoji-titles.json")), options),
            ("hostile", try CheckedTrip(bytes: Array(hostile.json.utf8)), options),
            ("14-days", try CheckedTrip(bytes: TripGenerator.bytes(days: 14, items: 60, seed: 2026)), daySheets),
            ("year", try CheckedTrip(bytes: TripGenerator.bytes(days: 365, items: 5000, seed: 2026)), options),
            ("sample-ar", sample, language("ar")),
            (
                "sample-he-day-sheets", sample,
                {
                    var o = daySheets; o.locale = "he"; return o
                }()
            ),
            ("sample-ja", sample, language("ja")),
            ("sample-de", sample, language("de")),
            ("empty-parts", try CheckedTrip(bytes: Array(bare.json.utf8)), emptyParts),
            (
                "sample-map-alone", sample,
                {
                    var o = options; o.sections = [.map]; return o
                }()
            ),
        ]
    }

    static func check(_ files: [URL], pdfA: Bool) throws {
        let script = Fixtures.packageRoot.appendingPathComponent("Scripts/check_pdf.py").path
        // `make setup` puts the checkers in a virtual environment of their own.
        let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
        try #require(
            FileManager.default.fileExists(atPath: python.path),
            "make setup installs page-validation and outloud in .build-deps/pdf-check")
        let result = try runProcess(python, [script] + (pdfA ? ["--pdfa"] : []) + files.map(\.path))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for file in files {
            let qpdf = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["qpdf", "--check", file.path])
            #expect(qpdf.status == 0, "\(file.lastPathComponent): \(qpdf.stdout)\(qpdf.stderr)")
        }
    }

    /// Renders each trip's PDF (with `pdfA`, also PDF/A-3a) into a fresh folder and checks them all.
    static func renderAndCheck(_ trips: [(name: String, trip: CheckedTrip, options: RenderOptions)], pdfA: Bool) throws
    {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for (name, trip, var options) in trips {
            options.pdfA = pdfA
            let file = folder.appendingPathComponent(name + (pdfA ? "-a" : "") + ".pdf")
            try Data(try trip.render(.pdf, options: options)[0]).write(to: file)
            files.append(file)
        }
        try check(files, pdfA: pdfA)
    }

    @Test func everyPDFIsPDFUA1() throws {
        try Self.renderAndCheck(try Self.trips(), pdfA: false)
    }

    @Test func pdfAIsAlsoPDFA3a() throws {
        let archived = ["sample-book", "emoji", "hostile", "year", "sample-ar", "sample-ja"]
        try Self.renderAndCheck(try Self.trips().filter { archived.contains($0.name) }, pdfA: true)
    }

    /// The figures' alternatives in the structure tree's order, as pikepdf (which comes with the checkers) reads them.
    static func figureAlternatives(_ pdf: [UInt8]) throws -> [String] {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("figures.pdf")
        try Data(pdf).write(to: file)
        let script = """
            import sys, json, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            alts, stack = [], [pdf.Root.StructTreeRoot.K]
            while stack:
                node = stack.pop()
                if isinstance(node, pikepdf.Array):
                    stack.extend(reversed(list(node)))
                elif isinstance(node, pikepdf.Dictionary) and "/S" in node:
                    if node.S == "/Figure": alts.append(str(node.get("/Alt", "")))
                    if "/K" in node: stack.append(node.K)
            print(json.dumps(alts))
            """
        let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
        let result = try runProcess(python, ["-c", script, file.path])
        let alternatives = try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
        return alternatives
    }

    @Test func emojiPicturesAreFiguresThatSayTheirEmoji() throws {
        let alternatives = try Self.figureAlternatives(
            try CheckedTrip(bytes: Fixtures.bytes("emoji-titles.json")).render(.pdf)[0])
        for emoji in ["🎉", "👨‍👩‍👧‍👦", "🇯🇵"] {
            #expect(alternatives.contains(emoji), "\(emoji): \(alternatives)")
        }
    }

    /// Issue #43: an alternative text holding U+0000 (here the route map's, through a stop's name)
    /// stays whole, and every later figure keeps its own text.
    @Test func anAlternativeWithUPlus0000KeepsItsFigure() throws {
        let json = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
            .replacingOccurrences(of: "Deep dish at Lou Malnati's", with: "Deep dish\\u0000 at Lou's 🍕")
        let alternatives = try Self.figureAlternatives(try CheckedTrip(bytes: Array(json.utf8)).render(.pdf)[0])
        #expect(alternatives.first?.contains("Deep dish\u{0} at Lou's") == true, "\(alternatives)")
        #expect(alternatives.dropFirst().contains("🍕"), "\(alternatives)")
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        for pdfA in [false, true] {
            let options = RenderOptions(creationDate: 1_772_800_000, pdfA: pdfA)
            #expect(try trip.render(.pdf, options: options) == trip.render(.pdf, options: options))
        }
    }
}
