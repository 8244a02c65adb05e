import Foundation
import ItineraryKit
import Testing
import TestSupport

/// `itinerary render` writing PDF and PNG, run as the built executable in a fresh folder.
/// (HTML and Markdown output, stdin, slugs and reproducible PDFs on standard output are in
/// Tests/ItineraryWebTests/RenderCommandTests.swift.)
@Suite struct RenderPDFTests {
    // MARK: Where files go

    @Test func aPDFGoesToOutputNamedAfterTheTrip() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(["render", Fixtures.sampleURL.path], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Output/spring-swing-2026.pdf\n")
        #expect(result.stderr.isEmpty)
        #expect(Self.files(in: folder) == ["Output", "Output/spring-swing-2026.pdf"])
        let pdf = folder.appendingPathComponent("Output/spring-swing-2026.pdf")
        #expect(try Self.tool("qpdf", ["--check", pdf.path]).status == 0)
        let info = try Self.info(pdf)
        #expect(info["Page size"] == "612 x 792 pts (letter)")
        #expect(info["Title"] == "Spring Swing 2026")
        let version = try runItinerary(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty && info["Creator"] == "itinerary \(version)")
    }

    /// Without map data the route is drawn alone, with one warning; a folder of broken data is no data.
    @Test(arguments: ["missing", "broken"])
    func withoutMapDataTheRouteIsDrawnAloneWithAWarning(_ kind: String) throws {
        let folder = try temporaryDirectory()
        let data = folder.appendingPathComponent("map-data")
        if kind == "broken" {
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            for resolution in ["c", "l", "i"] {
                try Data("1 1.0 4 0.0 1.0 0 32 truncated\n\u{0}garbage".utf8).write(
                    to: data.appendingPathComponent("gshhsmeta_\(resolution).dat"))
                try Data([0, 0, 0x80]).write(to: data.appendingPathComponent("gshhs_\(resolution).dat"))
            }
        }
        let result = try runItinerary(
            ["render", Fixtures.sampleURL.path, "--format", "pdf,html"], environment: ["ITINERARY_MAP_DATA": data.path],
            directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n")
        if kind == "missing" {
            #expect(
                warnings == [
                    """
                    warning: no map data in \(data.path); route maps show no land, water or borders \
                    (make setup installs it, ITINERARY_MAP_DATA names another folder).
                    """
                ])
        }
        let html = try String(
            contentsOf: folder.appendingPathComponent("Output/spring-swing-2026.html"), encoding: .utf8)
        #expect(!html.contains("class=\"map-land\"") && html.contains("class=\"route-line\""))
        #expect(
            try Self.tool("qpdf", ["--check", folder.appendingPathComponent("Output/spring-swing-2026.pdf").path])
                .status == 0)
        // Markdown has no map, so nothing to warn of.
        let markdown = try runItinerary(
            ["render", Fixtures.sampleURL.path, "--format", "md", "-o", "-"],
            environment: ["ITINERARY_MAP_DATA": data.path])
        #expect(markdown.status == 0 && markdown.stderr.isEmpty)
    }

    @Test func pngPagesGoToOutputOnePerPage() throws {
        let folder = try temporaryDirectory()
        let pdf = try runItinerary(["render", "-o", "book.pdf"], directory: folder)
        try #require(pdf.status == 0, "\(pdf.stderr)")
        let pages = try #require(Int(try Self.info(folder.appendingPathComponent("book.pdf"))["Pages"] ?? ""))
        let result = try runItinerary(["render", "--format", "png", "--dpi", "36"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let names = (1...pages).map { "Output/spring-swing-2026-\($0).png" }
        #expect(result.stdout == names.map { $0 + "\n" }.joined())
        #expect(Self.files(in: folder) == (["Output", "book.pdf"] + names).sorted())
        for name in names {
            let size = try Self.pngSize(folder.appendingPathComponent(name))
            #expect(size.width == 306 && size.height == 396, "612 × 792 points at 36 dpi")
        }
    }

    @Test func pngIs144DpiByDefault() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(
            ["render", "--format", "png", "--page-size", "a4", "-o", "page.png"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let first = try Self.pngSize(folder.appendingPathComponent("page-1.png"))
        #expect(first.width == 1191 && first.height == 1684, "595.276 × 841.89 points at 144 dpi, rounded up")
    }

    @Test func outputNamesThePDF() throws {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("trips"), withIntermediateDirectories: true)
        let result = try runItinerary(
            ["render", "--page-size", "a4", "--layout", "day-sheets", "--output", "trips/sheets.pdf"], directory: folder
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "trips/sheets.pdf\n")
        #expect(Self.files(in: folder) == ["trips", "trips/sheets.pdf"])
        let info = try Self.info(folder.appendingPathComponent("trips/sheets.pdf"))
        #expect(info["Page size"]?.hasSuffix("(A4)") == true)
        #expect(info["Pages"] == "5", "one sheet per day of the sample")
    }

    @Test func dashWritesThePDFToStandardOutput() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(["render", "-", "-o", "-"], stdin: Data(Fixtures.sampleBytes), directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutData.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: result.stdoutData.suffix(8), as: UTF8.self).contains("%%EOF"))
        #expect(Self.files(in: folder).isEmpty, "nothing written beside standard output")
        let copy = try temporaryDirectory().appendingPathComponent("stdout.pdf")
        try result.stdoutData.write(to: copy)
        #expect(try Self.tool("qpdf", ["--check", copy.path]).status == 0)
    }

    // MARK: Nothing written on failure

    @Test(arguments: Fixtures.invalidNames, ["pdf", "png"])
    func anInvalidFileWritesNothing(name: String, format: String) throws {
        let folder = try temporaryDirectory()
        let path = Fixtures.directory.appendingPathComponent("invalid/\(name).json").path
        let result = try runItinerary(["render", path, "--format", format], directory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(path + ": "))
        #expect(Self.files(in: folder).isEmpty)
        let toStdout = try runItinerary(["render", path, "-o", "-"], directory: folder)
        #expect(toStdout.status == 1 && toStdout.stdoutData.isEmpty)
    }

    @Test(arguments: ["pdf", "png"])
    func aMissingFolderIsOneError(format: String) throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(
            ["render", "--format", format, "--dpi", "18", "-o", "missing/folder/trip.\(format)"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cannot write missing/folder/trip"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Self.files(in: folder).isEmpty)
    }

    @Test(arguments: ["pdf", "png"])
    func aFileInTheWayIsOneErrorAndLeavesNoTemporaryFile(format: String) throws {
        let folder = try temporaryDirectory()
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("blocker").path, contents: Data("x".utf8))
        let result = try runItinerary(
            ["render", "--format", format, "--dpi", "18", "-o", "blocker/trip.\(format)"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("cannot write blocker/trip"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Self.files(in: folder) == ["blocker"])
        #expect(try String(contentsOf: folder.appendingPathComponent("blocker"), encoding: .utf8) == "x")
    }

    @Test func anOutputFileWhereTheFolderShouldBeIsOneError() throws {
        let folder = try temporaryDirectory()
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("Output").path, contents: Data())
        let result = try runItinerary(["render"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "cannot create the folder Output: a file of that name is in the way.\n")
        #expect(Self.files(in: folder) == ["Output"])
    }

    /// A folder to make under a file: the system's reason, in words, and nothing written.
    @Test func aFolderUnderAFileIsOneErrorWithItsReason() throws {
        let folder = try temporaryDirectory()
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("blocker").path, contents: Data())
        let result = try runItinerary(["render", "--format", "md", "-o", "blocker/trips/"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "cannot create the folder blocker/trips: not a directory.\n")
        #expect(Self.files(in: folder) == ["blocker"])
    }

    /// The second page cannot be written (a folder has its name): the command fails in one line
    /// and leaves no temporary file.
    @Test func aPNGPageThatCannotBeWrittenIsOneError() throws {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("page-2.png"), withIntermediateDirectories: true)
        let result = try runItinerary(
            ["render", "--format", "png", "--dpi", "18", "-o", "page.png"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("cannot write page-2.png"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(
            !Self.files(in: folder).contains { $0.split(separator: "/").last?.hasPrefix(".") == true },
            "\(Self.files(in: folder))")
        // All pages or none: the first page is not left behind on its own.
        #expect(!Self.files(in: folder).contains("page-1.png"), "\(Self.files(in: folder))")
    }

    /// A shorter preview written over a longer one takes the longer one's extra pages away.
    @Test func aShorterPreviewRemovesTheOldExtraPages() throws {
        let folder = try temporaryDirectory()
        for page in 1...6 {
            try Data("old".utf8).write(to: folder.appendingPathComponent("page-\(page).png"))
        }
        let result = try runItinerary(
            ["render", "--format", "png", "--dpi", "18", "-o", "page.png"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let written = result.stdout.split(separator: "\n").map(String.init)
        #expect(Self.files(in: folder) == written.sorted(), "only this preview's pages remain")
    }

    // MARK: Reproducible and valid documents

    @Test func sourceDateEpochMakesFilesRepeat() throws {
        let environment = ["SOURCE_DATE_EPOCH": "1767225600"]
        var outputs: [[Data]] = []
        for _ in 0..<2 {
            let folder = try temporaryDirectory()
            let result = try runItinerary(
                [
                    "render", "--format", "pdf,png", "--dpi", "18", "--layout", "day-sheets", "--page-size", "a4", "-o",
                    "trip",
                ],
                environment: environment, directory: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let names = result.stdout.split(separator: "\n").map(String.init)
            #expect(names.first == "trip.pdf" && names.count == 6)
            outputs.append(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
        }
        #expect(outputs[0] == outputs[1])
        let info = try Self.info(try Self.write(outputs[0][0]))
        #expect(info["CreationDate"]?.contains("Jan  1 00:00:00 2026") == true, "\(info["CreationDate"] ?? "")")
    }

    @Test(arguments: ["book", "day-sheets"])
    func aLongTripAndEveryScriptPassQpdf(layout: String) throws {
        for json in [Self.longTrip(days: 40, itemsPerDay: 7), Self.scriptsTrip] {
            let result = try runItinerary(["render", "-", "--layout", layout, "-o", "-"], stdin: Data(json.utf8))
            try #require(result.status == 0, "\(result.stderr)")
            let pdf = try Self.write(result.stdoutData)
            let check = try Self.tool("qpdf", ["--check", pdf.path])
            #expect(check.status == 0, "\(check.stdout)")
            let fonts = try Self.tool("pdffonts", [pdf.path]).stdout.split(separator: "\n").dropFirst(2)
            #expect(
                !fonts.isEmpty && fonts.allSatisfy { $0.contains(" yes yes ") || $0.contains(" yes no ") },
                "\(fonts.joined(separator: "\n"))")
        }
    }

    // MARK: Helpers

    static func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).sorted()
    }

    static func write(_ data: Data) throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent("document.pdf")
        try data.write(to: url)
        return url
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func info(_ pdf: URL) throws -> [String: String] {
        var info: [String: String] = [:]
        for line in try tool("pdfinfo", ["-enc", "UTF-8", pdf.path]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func int(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// Custom items only (no games, so no rules to keep): enough for dozens of pages.
    static func longTrip(days: Int, itemsPerDay: Int) -> String {
        var items: [String] = []
        for day in 1...days {
            for index in 1...itemsPerDay {
                let notes = String(
                    repeating: "Notes long enough to wrap onto a second line in the row. ", count: index % 3)
                let latitude = 30 + Double(day % 11), longitude = -120 + Double(index * 3 + day % 5)
                items.append(
                    """
                    { "id": "d\(day)-\(index)", "day": \(day), "sortOrder": \(index), \
                    "kind": "custom", "category": "activity",
                      "title": "Day \(day) stop \(index)", "time": "1\(index % 10):00",
                      "notes": "\(notes)",
                      "location": { "latitude": \(latitude), "longitude": \(longitude), \
                    "address": "\(index) Long Road" } }
                    """)
            }
        }
        return """
            { "format": "itinerary/v1",
              "trip": { "id": "long", "name": "A Long Generated Trip", "startDate": "2026-01-05", \
            "dayCount": \(days), "timeZone": "America/Chicago" },
              "games": [], "items": [\(items.joined(separator: ",\n"))] }
            """
    }

    static let scriptsTrip: String = {
        let titles = [
            "Café Crème à Montréal", "東京ドームで野球観戦", "عشاء في المطعم",
            "🎉 Party at the park 🏟️", "Ünïcødé façade naïve",
        ]
        let items = titles.enumerated().map { index, title in
            """
            { "id": "s\(index)", "day": \(1 + index % 2), "sortOrder": \(index + 1), \
            "kind": "custom", "category": "note",
              "title": \(quoted(title)), "notes": \(quoted(title + " — " + title)) }
            """
        }
        let name = quoted("Voyage à Montréal · 東京 · مرحبا 🎉")
        return """
            { "format": "itinerary/v1",
              "trip": { "id": "scripts", "name": \(name), "startDate": "2026-01-05", "dayCount": 2 },
              "games": [], "items": [\(items.joined(separator: ",\n"))] }
            """
    }()
}

/// Rewriting a file keeps what the file system says about it.
@Suite struct RewriteFileTests {
    @Test func aSymbolicLinkStaysALinkAndPermissionsStay() throws {
        let folder = try temporaryDirectory()
        let real = folder.appendingPathComponent("real.json"), link = folder.appendingPathComponent("link.json")
        try Data(Fixtures.sampleBytes).write(to: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        let result = try runItinerary(["move", link.path, "--item", "i-laundry", "--day", "4", "--start"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "real.json")
        let permissions = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try Data(contentsOf: real) != Data(Fixtures.sampleBytes), "the file the link points to was rewritten")
    }
}

/// Output paths and options at their edges.
@Suite struct RenderOptionEdgeTests {
    @Test(arguments: ["out/", "existing"])
    func aFolderAsOutputHoldsFilesNamedAfterTheTrip(output: String) throws {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("existing"), withIntermediateDirectories: true)
        let result = try runItinerary(["render", "-f", "pdf,md", "-o", output], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let name = output.hasSuffix("/") ? String(output.dropLast()) : output
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/spring-swing-2026.pdf").path))
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/spring-swing-2026.md").path))
    }

    @Test(arguments: [
        ["--dpi", "601", "-f", "png"], ["-f", ""], ["-f", "pdf,"], ["--templates", "/nonexistent", "-f", "pdf"],
    ])
    func badOptionsAreRefusedBeforeAnythingIsWritten(arguments: [String]) throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(["render"] + arguments, directory: folder)
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count >= 1)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true)
    }

    @Test func aBadDPIIsTheSentenceTheServiceSays() throws {
        var options = RenderOptions()
        var sentence = ""
        do throws(Problem) { try options.set("dpi", to: "abc") } catch { sentence = error.message }
        #expect(sentence.contains("dots per inch"))
        let result = try runItinerary(
            ["render", Fixtures.sampleURL.path, "--format", "png", "--dpi", "abc"], directory: try temporaryDirectory())
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(sentence), "\(result.stderr)")
    }

    @Test func addTakesNegativeCoordinatesAsWritten() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("trip.json")
        try Data(Fixtures.sampleBytes).write(to: file)
        let result = try runItinerary([
            "add", file.path, "--day", "4", "--category", "restaurant", "--title", "- custard -",
            "--lat", "-33.87", "--lon", "-87.91", "--address", "-1 Back St",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text.contains("\"latitude\": -33.87") && text.contains("\"longitude\": -87.91")
                && text.contains("- custard -"))
    }
}
