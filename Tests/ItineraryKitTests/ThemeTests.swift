import Foundation
import ItineraryKit
import Testing
import TestSupport

/// Themes: what a bad one is told, what a good one changes, and that themed
/// documents stay accessible (PDF/UA, axe-core) and look as recorded.
@Suite struct ThemeTests {
    static let themes = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/themes")

    /// A theme file of `json` in a fresh folder, beside the sample logos.
    func themeFile(_ json: String, logo: (name: String, bytes: [UInt8])? = nil) throws -> String {
        let folder = try temporaryDirectory()
        if let logo { try Data(logo.bytes).write(to: folder.appendingPathComponent(logo.name)) }
        let file = folder.appendingPathComponent("brand.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    func sentence(_ json: String, logo: (name: String, bytes: [UInt8])? = nil) throws -> String {
        let path = try themeFile(json, logo: logo)
        do throws(Problem) {
            _ = try Theme(contentsOf: path)
            return "accepted"
        } catch {
            #expect(error.code == .badTheme)
            return error.message
        }
    }

    @Test func eachBadThemeHasItsSentence() throws {
        #expect(
            try sentence(##"{"colour": {}}"##)
                == ##"brand.json: unknown key "colour"; the keys are name, colors, font, logo, footer."##)
        #expect(
            try sentence(##"{"colors": {"inc": "#000"}}"##)
                == ##"brand.json: unknown key "colors.inc"; the keys of colors are ink, paper, accent, game, days."##)
        #expect(
            try sentence(##"{"colors": {"ink": "#12345"}}"##)
                == ##"brand.json: colors.ink "#12345" is not a colour written #rgb or #rrggbb."##)
        #expect(
            try sentence(##"{"colors": {"ink": "black"}}"##)
                == ##"brand.json: colors.ink "black" is not a colour written #rgb or #rrggbb."##)
        #expect(
            try sentence(##"{"logo": "missing.svg"}"##)
                == ##"brand.json: logo "missing.svg" cannot be read: no such file."##)
        #expect(
            try sentence(##"{"logo": "logo.gif"}"##, logo: ("logo.gif", Array("GIF89a....".utf8)))
                == ##"brand.json: logo "logo.gif" is not a PNG or SVG file."##)
        let big =
            Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8) + [UInt8](repeating: 0x20, count: 2 * 1024 * 1024)
        #expect(
            try sentence(##"{"logo": "big.svg"}"##, logo: ("big.svg", big))
                == ##"brand.json: logo "big.svg" is 2.0 MB; a logo is at most 2 MB."##)
        #expect(
            try sentence(##"{"logo": "bad.svg"}"##, logo: ("bad.svg", Array("<svg><unclosed".utf8))).hasPrefix(
                ##"brand.json: logo "bad.svg" is an SVG file librsvg cannot read"##))
        let font = try sentence(##"{"font": "DejaVu Serf"}"##)
        #expect(
            font.hasPrefix(
                ##"brand.json: font "DejaVu Serf" is not an installed font family; "##
                    + ##"the closest installed are DejaVu Serif"##
            ), "\(font)")
        #expect(
            try sentence(##"{"colors": {"ink": "#777777"}}"##)
                == "brand.json: colors.ink makes text (ink) on the page (paper) #777777 on #ffffff 4.48:1; "
                + "text needs at least 4.5:1 (WCAG AA)."
        )
        #expect(
            try sentence(##"{"colors": {"game": "#9999ff"}}"##).hasPrefix(
                "brand.json: colors.game makes headings and game cards' text (game) on the page (paper) "
                    + "#9999ff on #ffffff 2."
            ))
        #expect(
            try sentence(##"{"colors": {"accent": "#888888"}}"##).hasPrefix(
                "brand.json: colors.accent makes text and icons on the accent colour"))
        #expect(
            try sentence(##"{"footer": "two\nlines"}"##)
                == "brand.json: footer must be one line of at most 200 characters.")
        #expect(try sentence(##"[1]"##) == "brand.json is not a JSON object.")
        #expect(
            try sentence(##"{"##) == "brand.json: line 1, column 2: not valid JSON: the document ends inside an object."
        )
    }

    /// The problem a theme file of `json` is refused with; nil when it is accepted.
    func refusal(_ json: String) throws -> Problem? {
        let path = try themeFile(json)
        do throws(Problem) {
            _ = try Theme(contentsOf: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aThemeThatIsNotStrictJSONIsOneSentenceWithItsLineAndColumn() throws {
        let cases: [(json: String, location: String, sentence: String)] = [
            (
                ##"{"name": "Brand",}"##, "brand.json: line 1, column 17",
                "brand.json: line 1, column 17: not valid JSON: trailing comma before '}' "
                    + "(JSON allows no comma after the last member)."
            ),
            (
                ##"{"colors": {"days": ["#000",]}}"##, "brand.json: line 1, column 28",
                "brand.json: line 1, column 28: not valid JSON: trailing comma before ']' "
                    + "(JSON allows no comma after the last element)."
            ),
            (
                "{\n  \"colors\": {\n    \"ink\": \"#000\",\n    \"ink\": \"#111\"\n  }\n}\n",
                "brand.json: line 4, column 5",
                ##"brand.json: line 4, column 5: not valid JSON: the member "ink" is given twice in one object."##
            ),
            (
                ##"{"name": "A", "footer": "x", "name": "B"}"##, "brand.json: line 1, column 30",
                ##"brand.json: line 1, column 30: not valid JSON: the member "name" is given twice in one object."##
            ),
            (
                "colors:\n  ink: \"#000\"\n", "brand.json: line 1, column 1",
                "brand.json: line 1, column 1: not valid JSON: unexpected character 'c' where a value was expected."
            ),
            (
                "{\"logo\": nul}", "brand.json: line 1, column 13",
                "brand.json: line 1, column 13: not valid JSON: unexpected character '}' where null was expected."
            ),
        ]
        for (json, location, sentence) in cases {
            let problem = try #require(try refusal(json), "accepted \(json.debugDescription)")
            #expect(problem.code == .badTheme)
            #expect(problem.location == location)
            #expect(problem.message == sentence)
        }
    }

    @Test func aThemeFromBytesIsReadAsStrictlyAsAFile() {
        do throws(Problem) {
            _ = try Theme(json: Array(##"{"footer": "x",}"##.utf8), file: "inline.json")
            Issue.record("a trailing comma was accepted")
        } catch {
            #expect(
                error.message
                    == "inline.json: line 1, column 15: not valid JSON: trailing comma before '}' "
                    + "(JSON allows no comma after the last member)."
            )
        }
        // The same name in two objects is two names, and a key may still be null.
        #expect(
            (try? Theme(json: Array(##"{"name": "N", "colors": {"ink": "#000", "days": null}, "logo": null}"##.utf8)))?
                .name == "N")
    }

    @Test func theBuiltInColoursAndALogoAlonePass() throws {
        #expect(try sentence(##"{}"##) == "accepted")
        let svg = try Data(contentsOf: Self.themes.appendingPathComponent("northwind.svg"))
        #expect(try sentence(##"{"logo": "brand.svg"}"##, logo: ("brand.svg", Array(svg))) == "accepted")
        #expect(
            try sentence(##"{"colors": {"ink": "#000", "paper": "#fff", "accent": "#b45309", "game": "#7c2d12"}}"##)
                == "accepted")
        #expect(Theme.schema.contains("\"additionalProperties\": false"))
    }

    @Test func theFontIsTheThemesInThePDF() throws {
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (theme, family) in [("northwind", "DejaVuSerif"), ("harbor", "LiberationSerif")] {
            let file = folder.appendingPathComponent(theme + ".pdf")
            try Data(
                try trip.render(
                    .pdf,
                    options: RenderOptions(
                        theme: try Theme(contentsOf: Self.themes.appendingPathComponent(theme + ".json").path)))[0]
            ).write(to: file)
            let fonts = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["pdffonts", file.path])
            #expect(fonts.stdout.contains(family), "\(fonts.stdout)")
            let text = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["pdftotext", file.path, "-"]).stdout
            #expect(text.contains(theme == "northwind" ? "help@northwind.example" : "tours@harbor.example"))
        }
    }

    @Test func themedPagesLookAsRecorded() throws {
        // References recorded with `itinerary snapshot record … --theme …`; `check` reads the theme again.
        for theme in ["northwind", "harbor"] {
            let result = try runItinerary(
                [
                    "snapshot", "check", "Tests/Fixtures/spring-swing.json", "--references",
                    "Tests/Fixtures/theme-snapshots/\(theme)",
                ],
                directory: Fixtures.packageRoot)
            #expect(result.status == 0, "\(theme): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func themedDocumentsStayAccessible() throws {
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pdfs: [String] = [], pages: [String] = []
        for theme in ["northwind", "harbor"] {
            for layout in [DocumentStyle.book, .daySheets] {
                let options = RenderOptions(
                    layout: layout, creationDate: 0,
                    theme: try Theme(contentsOf: Self.themes.appendingPathComponent(theme + ".json").path))
                let documents = try trip.render([.pdf, .html], options: options)
                let pdf = folder.appendingPathComponent("\(theme)-\(layout.rawValue).pdf"),
                    html = folder.appendingPathComponent("\(theme)-\(layout.rawValue).html")
                try Data(documents[0][0]).write(to: pdf)
                try Data(documents[1][0]).write(to: html)
                pdfs.append(pdf.path)
                pages.append(html.path)
            }
        }
        let root = Fixtures.packageRoot
        let check = try runProcess(
            root.appendingPathComponent(".build-deps/pdf-check/bin/python"),
            [root.appendingPathComponent("Scripts/check_pdf.py").path] + pdfs)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let axe = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", root.appendingPathComponent("Tests/ItineraryWebTests/Scripts/axe_check.py").path,
                root.appendingPathComponent(".build-deps/axe.min.js").path,
            ] + pages)
        try #require(axe.status == 0, "axe_check.py failed: \(axe.stderr)")
        let report = try JSONSerialization.jsonObject(with: axe.stdoutData) as? [String: [[String: Any]]] ?? [:]
        for page in pages + pages.map({ $0 + " (print)" }) {
            let violations = report[page] ?? [["id": "not checked"]]
            #expect(violations.isEmpty, "\(URL(fileURLWithPath: page).lastPathComponent): \(violations)")
        }
    }
}
