import Foundation
import Testing
import TestSupport

/// `--theme`, `serve --themes` and `schema --theme` from the command line.
@Suite struct ThemeCommandTests {
    @Test func aBadThemeWritesNothingAndStopsTheService() throws {
        let folder = try temporaryDirectory()
        let themes = folder.appendingPathComponent("themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data(##"{"colors": {"ink": "#bbbbbb"}}"##.utf8).write(to: themes.appendingPathComponent("pale.json"))
        let render = try runItinerary(
            ["render", Fixtures.sampleURL.path, "--theme", "themes/pale.json", "-f", "pdf,html", "-o", "out"],
            directory: folder)
        #expect(render.status == 1)
        #expect(
            render.stderr.hasPrefix(
                "pale.json: colors.ink makes text (ink) on the page (paper) #bbbbbb on #ffffff 1.92:1"),
            "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["themes"])
        let serve = try runItinerary(["serve", "--port", "0", "--themes", themes.path])
        #expect(serve.status == 1)
        #expect(serve.stderr.contains("pale.json: colors.ink makes text"), "\(serve.stderr)")
    }

    @Test func aThemeChangesTheDocumentsAndTheSchemaIsPrinted() throws {
        let theme = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/themes/northwind.json").path
        let markdown = try runItinerary(["render", Fixtures.sampleURL.path, "--theme", theme, "-f", "md", "-o", "-"])
        #expect(markdown.status == 0)
        #expect(
            markdown.stdout.hasSuffix("---\n\nNorthwind Trips · +1 555 0100 · help@northwind.example\n"),
            "\(markdown.stdout.suffix(120))")
        let html = try runItinerary(["render", Fixtures.sampleURL.path, "--theme", theme, "-f", "html", "-o", "-"])
            .stdout
        #expect(
            html.contains("--navy: #0b3d91")
                && html.contains("<img class=\"brand-logo\" src=\"data:image/svg+xml;base64,"))
        let schema = try runItinerary(["schema", "--theme"])
        #expect(schema.status == 0 && schema.stdout.contains("\"title\": \"itinerary theme\""))
    }
}
