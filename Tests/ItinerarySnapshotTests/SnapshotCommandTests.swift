import Foundation
import Testing
import TestSupport
import ItineraryPDF
import ItinerarySnapshot

/// `itinerary snapshot record` and `check`, as a team's CI runs them.
@Suite struct SnapshotCommandTests {
    let folder: URL
    var references: String { folder.appendingPathComponent("refs").path }
    var trip: String { folder.appendingPathComponent("trip.json").path }

    init() throws {
        folder = try temporaryDirectory()
        try Data(contentsOf: Fixtures.sampleURL).write(to: URL(fileURLWithPath: trip))
    }

    func record(_ extra: [String] = []) throws {
        let result = try runItinerary(["snapshot", "record", trip, "--references", references] + extra)
        #expect(result.status == 0, "\(result.stderr)")
    }

    func check(_ extra: [String] = []) throws -> RunResult {
        try runItinerary(["snapshot", "check", trip, "--references", references] + extra)
    }

    @Test func thePartsAndADayAPageAreRecordedAndCheckedAgain() throws {
        try record(["--sections", "bookings,days", "--day-per-page", "--dpi", "36"])
        let manifest = try String(contentsOfFile: references + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"dayPerPage\" : true"), "\(manifest)")
        #expect(manifest.contains("\"sections\" : [\n      \"days\",\n      \"bookings\"\n    ]"), "\(manifest)")
        // Five days a page each, then the bookings.
        let pages = try FileManager.default.contentsOfDirectory(atPath: references + "/spring-swing-2026")
        #expect(pages.count == 6, "\(pages)")
        let result = try check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "6 pages match.\n")
    }

    @Test func aRecordedTripChecksClean() throws {
        try record()
        #expect(FileManager.default.fileExists(atPath: references + "/spring-swing-2026/page-1.png"))
        let manifest = try String(contentsOfFile: references + "/manifest.json", encoding: .utf8)
        for part in [
            "\"cairo\"", "\"pango\"", "\"harfbuzz\"", "\"freetype\"", "\"fontconfig\"", "Inter-Regular.otf",
            "\"dpi\" : 144",
        ] {
            #expect(manifest.contains(part), "the manifest names \(part)")
        }
        let result = try check(["--report", folder.appendingPathComponent("report.json").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "3 pages match.\n")
        let report = try String(contentsOfFile: folder.appendingPathComponent("report.json").path, encoding: .utf8)
        #expect(report.contains("\"passed\" : true"))
    }

    @Test func aMovedItemIsNamedWithItsPagesAndADiffImage() throws {
        try record()
        let moved = try runItinerary(["move", trip, "--item", "i-dinner1", "--day", "4", "--start"])
        #expect(moved.status == 0)
        let result = try check(["--report", folder.appendingPathComponent("report.json").path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("page 1 differs") }, "\(result.stdout)")
        #expect(lines.last?.hasSuffix(" of 3 pages differ.") == true, "\(result.stdout)")
        // What failed goes apart from the references, for CI to keep; the references stay as recorded.
        let failures = references + "/__Failures__/spring-swing-2026/"
        #expect(FileManager.default.fileExists(atPath: failures + "page-1.diff.png"))
        #expect(FileManager.default.fileExists(atPath: failures + "page-1.actual.png"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: references + "/spring-swing-2026").sorted() == [
                "page-1.png", "page-2.png", "page-3.png",
            ])
        let report = try String(contentsOfFile: folder.appendingPathComponent("report.json").path, encoding: .utf8)
        #expect(report.contains("\"status\" : \"differs\""))
        #expect(report.contains("\"passed\" : false"))
    }

    @Test func anotherResolutionIsASizeDifference() throws {
        try record(["--dpi", "72"])
        let manifestPath = references + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8).replacingOccurrences(
            of: "\"dpi\" : 72", with: "\"dpi\" : 96")
        try manifest.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stdout.contains("page 1 is 816×1056 pixels, its reference 612×792"), "\(result.stdout)")
    }

    /// Every render option is recorded and used again by check: a German,
    /// A4, notes-free recording matches itself and fails against another language.
    @Test func everyRenderOptionIsRecorded() throws {
        try record(["--format", "md", "--locale", "de", "--page-size", "a4", "--omit", "notes", "--pdf-a"])
        let manifest = try String(contentsOfFile: references + "/manifest.json", encoding: .utf8)
        for expected in ["\"locale\" : \"de\"", "\"pageSize\" : \"a4\"", "\"notes\"", "\"pdfA\" : true"] {
            #expect(manifest.contains(expected), "\(manifest)")
        }
        let markdown = try String(contentsOfFile: references + "/spring-swing-2026/page-1.md", encoding: .utf8)
        #expect(markdown.contains("Tag 1"), "\(markdown.prefix(300))")
        let result = try check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: references + "/__Failures__"))
        let wrong = try runItinerary(["snapshot", "record", trip, "--references", references, "--locale", "xx"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("there is no catalogue for \"xx\""), "\(wrong.stderr)")
    }

    @Test func markdownComparesAsTextWithAUnifiedDiff() throws {
        try record(["--format", "md"])
        let text = try String(contentsOfFile: trip, encoding: .utf8).replacingOccurrences(
            of: "Deep dish at Lou Malnati's", with: "Thin crust instead")
        try text.write(toFile: trip, atomically: true, encoding: .utf8)
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stdout.contains("page-1.md differs: 4 changed lines"), "\(result.stdout)")
        let diff = try String(
            contentsOfFile: references + "/__Failures__/spring-swing-2026/page-1.md.diff", encoding: .utf8)
        #expect(diff.contains("-3. 🍽️ 7:30\u{202F}PM · Deep dish at Lou Malnati's"))
        #expect(diff.contains("+3. 🍽️ 7:30\u{202F}PM · Thin crust instead"))
    }

    @Test func aMissingReferencesFolderIsOneSentence() throws {
        let result = try check()
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "there is no references folder \(references); record one first with itinerary snapshot record.\n")
    }

    @Test func anUnreadablePNGIsOneSentence() throws {
        try record()
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: references + "/spring-swing-2026/page-2.png"))
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(
            result.stderr.contains("page-2.png is not a PNG file; record the references again."), "\(result.stderr)")
    }

    @Test func aManifestFromANewerVersionIsOneSentence() throws {
        try record()
        let manifestPath = references + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "\"manifestVersion\" : 1", with: "\"manifestVersion\" : 7")
        try manifest.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stderr.contains("was written by a newer itinerary (manifest format 7)"), "\(result.stderr)")
    }

    @Test func twoTripsOfOneFolderAreRefused() throws {
        let result = try runItinerary(["snapshot", "record", trip, trip, "--references", references])
        #expect(result.status == 1)
        #expect(result.stderr.contains("would both be kept in the folder spring-swing-2026"), "\(result.stderr)")
    }

    @Test func aHostileManifestIsOneSentence() throws {
        try record()
        let manifestPath = references + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
            .replacingOccurrences(of: #""spring-swing-2026" : 3"#, with: #""spring-swing-2026" : 9223372036854775807"#)
        try manifest.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a snapshot manifest"), "\(result.stderr)")
    }

    @Test func aDeletedReferenceIsMissingNotNew() throws {
        try record()
        try FileManager.default.removeItem(atPath: references + "/spring-swing-2026/page-2.png")
        let result = try check()
        #expect(result.status == 1)
        #expect(result.stdout.contains("page-2.png is gone; record the references again."), "\(result.stdout)")
    }

    @Test func aChangedFontIsNamedBeforeTheResults() throws {
        try record()
        let manifestPath = references + "/manifest.json"
        var manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let range = try #require(manifest.range(of: #""Inter-Regular.otf" : "[0-9a-f]+""#, options: .regularExpression))
        manifest.replaceSubrange(range, with: #""Inter-Regular.otf" : "0""#)
        manifest = manifest.replacingOccurrences(of: #""pango" : ""#, with: #""pango" : "0.9-"#)
        try manifest.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let result = try check()
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("environment: font Inter-Regular.otf changed since the references were recorded"),
            "\(result.stderr)")
        #expect(result.stderr.contains("environment: pango 0.9-"), "\(result.stderr)")
    }
}

/// The comparison itself: anti-aliasing is seen and not counted.
@Suite struct PixelMatchTests {
    /// The same page drawn by two rasterisers (poppler's pdftoppm from the PDF,
    /// and Cairo's PNG path) differs mostly at the edges of glyphs and lines:
    /// most of those pixels are anti-aliasing, not counted.
    @Test func anotherRasterisersEdgesAreAntialiasing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = try runItinerary(["render", "--format", "pdf,png", "--dpi", "72", "-o", folder.path + "/"])
        #expect(pdf.status == 0)
        let poppler = try runProcess(
            URL(fileURLWithPath: "/usr/bin/pdftoppm"),
            [
                "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", folder.path + "/spring-swing-2026.pdf",
                folder.path + "/poppler",
            ])
        #expect(poppler.status == 0)
        let ours = try image(folder.path + "/spring-swing-2026-1.png"), theirs = try image(folder.path + "/poppler.png")
        try #require(ours.width == theirs.width && ours.height == theirs.height)
        let result = PixelMatch.compare(ours, theirs)
        #expect(result.antialiasedPixels > 0)
        #expect(
            result.antialiasedPixels > result.differentPixels,
            "anti-aliased \(result.antialiasedPixels), counted \(result.differentPixels)")
        let strict = PixelMatch.compare(ours, theirs, options: PixelMatch.Options(includeAntialiasing: true))
        #expect(strict.differentPixels == result.differentPixels + result.antialiasedPixels)
    }

    @Test func aChangedPixelIsCountedAndPlaced() {
        var pixels = [UInt8](repeating: 255, count: 20 * 10 * 4)
        let before = RasterImage(width: 20, height: 10, pixels: pixels)
        for channel in 0..<3 { pixels[(4 * 20 + 7) * 4 + channel] = 0 }
        let result = PixelMatch.compare(before, RasterImage(width: 20, height: 10, pixels: pixels))
        #expect(result.differentPixels == 1)
        #expect(result.changedArea?.x == 7 && result.changedArea?.y == 4)
        #expect(Array(result.diff.pixels[((4 * 20 + 7) * 4)..<((4 * 20 + 7) * 4 + 3)]) == [255, 0, 0])
    }

    func image(_ path: String) throws -> RasterImage {
        let decoded = try PNGFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return RasterImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
    }
}
