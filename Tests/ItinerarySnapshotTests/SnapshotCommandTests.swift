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

    /// A calendar feed's QR code is on the pages: its URL is recorded, and check draws it again.
    @Test func aSubscribeURLIsRecordedAndDrawnAgain() throws {
        let url = "https://itinerary.example.com/v1/feeds/NUUwQzZBMkI.abc.ics"
        try record(["--dpi", "36", "--sections", "cover", "--subscribe-url", url])
        let manifest = try String(contentsOfFile: references + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"subscribeURL\" : \"https:\\/\\/itinerary.example.com"), "\(manifest)")
        let withCode = try Data(contentsOf: URL(fileURLWithPath: references + "/spring-swing-2026/page-1.png"))
        let result = try check()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        try record(["--dpi", "36", "--sections", "cover"])
        let without = try Data(contentsOf: URL(fileURLWithPath: references + "/spring-swing-2026/page-1.png"))
        #expect(withCode != without, "the code changes the page")
    }

    /// A templates folder makes the HTML: it is recorded by its path and read again by check.
    @Test func templatesAreRecordedAndReadAgain() throws {
        let templates = folder.appendingPathComponent("templates/html")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let day = templates.appendingPathComponent("day.html.mustache")
        try Data("<section><h2>{{header}}</h2></section>\n".utf8).write(to: day)
        try record(["--format", "html", "--templates", folder.appendingPathComponent("templates").path])
        let manifest = try String(contentsOfFile: references + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"templates\" : "), "\(manifest)")
        let page = try String(contentsOfFile: references + "/spring-swing-2026/page-1.html", encoding: .utf8)
        #expect(page.contains("<section><h2>Day 1 · Friday, March 6</h2></section>"))
        #expect(try check().status == 0)
        try Data("<section><h2>{{label}}</h2></section>\n".utf8).write(to: day)
        let changed = try check()
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("page-1.html differs"), "\(changed.stdout)")
    }

    /// What does not change the pages is refused in one sentence, a usage mistake: a password locks
    /// the PDF and draws nothing, and templates make no PNG page. Neither is left in the help.
    @Test func whatChangesNoPageIsRefused() throws {
        let password = folder.appendingPathComponent("password").path
        try Data("open sesame\n".utf8).write(to: URL(fileURLWithPath: password))
        let locked = try runItinerary([
            "snapshot", "record", trip, "--references", references, "--password-file", password,
        ])
        #expect(locked.status == 64)
        #expect(locked.stderr.hasPrefix("a password locks the PDF but does not change its pages"), "\(locked.stderr)")
        let templates = try runItinerary([
            "snapshot", "record", trip, "--references", references, "--templates",
            Fixtures.packageRoot.path + "/Templates",
        ])
        #expect(templates.status == 64)
        #expect(templates.stderr.hasPrefix("templates make the HTML and Markdown, not the PNG pages"))
        // A folder that is not there is named once.
        let missing = try runItinerary([
            "snapshot", "record", trip, "--references", references, "--format", "html", "--templates", "/nope",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr == "/nope: no such folder of templates.\n", "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: references))
        let help = try runItinerary(["snapshot", "record", "--help"]).stdout
        #expect(!help.contains("--password-file") && !help.contains("--owner-password-file"), "\(help)")
        #expect(help.contains("--templates") && help.contains("--subscribe-url"), "\(help)")
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

/// The README's picture is the first page of today's sample book, as `pdftoppm -png -r 60 -f 1 -l 1`
/// makes it from `itinerary render`'s PDF: no pixel differs past pixelmatch's threshold.
@Suite struct ReadmePictureTests {
    @Test func theReadmePictureIsTodaysFirstPage() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = try runItinerary(["render", "-o", folder.path + "/"])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let poppler = try runProcess(
            URL(fileURLWithPath: "/usr/bin/pdftoppm"),
            [
                "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", folder.path + "/spring-swing-2026.pdf",
                folder.path + "/page",
            ])
        #expect(poppler.status == 0, "\(poppler.stderr)")
        let today = try PixelMatchTests.image(folder.path + "/page.png")
        let picture = try PixelMatchTests.image(
            Fixtures.packageRoot.appendingPathComponent("docs/images/sample-book-page1.png").path)
        try #require(
            today.width == picture.width && today.height == picture.height,
            "the picture is \(picture.width)×\(picture.height), today's page \(today.width)×\(today.height)")
        let result = PixelMatch.compare(today, picture)
        #expect(
            result.differentPixels == 0,
            "\(result.differentPixels) pixels differ: make the picture again with pdftoppm -png -r 60 -f 1 -l 1")
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
        let ours = try Self.image(folder.path + "/spring-swing-2026-1.png")
        let theirs = try Self.image(folder.path + "/poppler.png")
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

    static func image(_ path: String) throws -> RasterImage {
        let decoded = try PNGFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return RasterImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
    }
}
