import Foundation
import Testing
import TestSupport
@testable import ItineraryWeb

/// `itinerary render`, run as the built executable in a fresh folder.
@Suite struct RenderCommandTests {
    static func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { !$0.hasSuffix("Output") }.sorted()
    }

    @Test func writesEachFormatIntoOutputFromOneRead() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(
            ["render", Fixtures.sampleURL.path, "--format", "html", "--format", "md"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Output/spring-swing-2026.html\nOutput/spring-swing-2026.md\n")
        let trip = try Trips.sample()
        let html = try String(
            contentsOf: folder.appendingPathComponent("Output/spring-swing-2026.html"), encoding: .utf8)
        let markdown = try String(
            contentsOf: folder.appendingPathComponent("Output/spring-swing-2026.md"), encoding: .utf8)
        #expect(html == WebDocument.html(trip, map: .installed))
        #expect(markdown == WebDocument.markdown(trip))
    }

    @Test func allFormatsAsACommaList() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(["render", "--format", "pdf,png,html,md", "--dpi", "36"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = Self.files(in: folder.appendingPathComponent("Output"))
        #expect(files.contains("spring-swing-2026.pdf"))
        #expect(files.contains("spring-swing-2026-1.png"))
        #expect(files.contains("spring-swing-2026.html") && files.contains("spring-swing-2026.md"))
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary file left behind")
        let pdf = try Data(contentsOf: folder.appendingPathComponent("Output/spring-swing-2026.pdf"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        let png = try Data(contentsOf: folder.appendingPathComponent("Output/spring-swing-2026-1.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func outputNamesTheFile() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(
            ["render", "--format", "html", "--page-size", "a4", "--layout", "day-sheets", "-o", "page.htm"],
            directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("page.htm"), encoding: .utf8)
        #expect(html.contains("size: A4;"))
        #expect(html.contains("<body class=\"layout-day-sheets\">"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }

    @Test func outputWithSeveralFormatsIsAName() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(
            ["render", "--format", "html,md", "-o", "shared/my.trip"],
            directory: try Self.withSubfolder(folder, "shared"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(in: folder.appendingPathComponent("shared")) == ["my.trip.html", "my.trip.md"])

        let refused = try runItinerary(["render", "--format", "html,md", "-o", "trip.html"], directory: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("without extension"))
        let toStdout = try runItinerary(["render", "--format", "html,md", "-o", "-"], directory: folder)
        #expect(toStdout.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("trip.html").path))
    }

    @Test func standardInToStandardOut() throws {
        let result = try runItinerary(["render", "-", "--format", "md", "-o", "-"], stdin: Data(Fixtures.sampleBytes))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == WebDocument.markdown(try Trips.sample()))
    }

    @Test(arguments: Fixtures.invalidNames)
    func anInvalidFileWritesNothing(name: String) throws {
        let folder = try temporaryDirectory()
        let path = Fixtures.directory.appendingPathComponent("invalid/\(name).json").path
        let result = try runItinerary(["render", path, "--format", "html,md"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(path + ": "))
        #expect(Self.files(in: folder).isEmpty)
    }

    @Test func anUnwritablePathIsOneError() throws {
        let folder = try temporaryDirectory()
        let result = try runItinerary(["render", "--format", "md", "-o", "missing/folder/trip.md"], directory: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("cannot write missing/folder/trip.md: the folder "))
        #expect(result.stderr.hasSuffix("missing/folder does not exist.\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.files(in: folder).isEmpty)
    }

    @Test func brokenTemplatesWriteNothing() throws {
        let folder = try temporaryDirectory()
        let templates = try Self.withSubfolder(folder, "mine/html").appendingPathComponent(
            "mine/html/day.html.mustache")
        try "<section>\n{{#items}}\n".write(to: templates, atomically: true, encoding: .utf8)
        let result = try runItinerary(["render", "--format", "html", "--templates", "mine"], directory: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(templates.path + ":2:") || result.stderr.hasPrefix("mine/html/day.html.mustache:2:")
        )
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }

    @Test func sourceDateEpochMakesThePDFReproducible() throws {
        let folder = try temporaryDirectory()
        let environment = ["SOURCE_DATE_EPOCH": "1767225600"]
        let first = try runItinerary(["render", "-o", "-"], environment: environment, directory: folder)
        let second = try runItinerary(["render", "-o", "-"], environment: environment, directory: folder)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)")
        #expect(first.stdoutData == second.stdoutData)
        #expect(first.stdout.contains("itinerary 0.1.0"))
        let bad = try runItinerary(
            ["render", "-o", "-"], environment: ["SOURCE_DATE_EPOCH": "yesterday"], directory: folder)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("SOURCE_DATE_EPOCH"))
    }

    @Test(arguments: [
        ("Spring Swing 2026", "spring-swing-2026"),
        ("Montréal & Québec: l'été!", "montreal-quebec-l-ete"),
        ("  ⚾️⚾️  ", "trip"),
        ("../../etc/passwd", "etc-passwd"),
    ])
    func fileNamesComeFromTheTripName(_ name: String, _ slug: String) throws {
        let folder = try temporaryDirectory()
        let json = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
            .replacingOccurrences(of: "\"name\": \"Spring Swing 2026\"", with: "\"name\": \(Self.jsonString(name))")
        let result = try runItinerary(["render", "-", "--format", "md"], stdin: Data(json.utf8), directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Output/\(slug).md\n")
    }

    static func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    static func withSubfolder(_ folder: URL, _ path: String) throws -> URL {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        return folder
    }
}
