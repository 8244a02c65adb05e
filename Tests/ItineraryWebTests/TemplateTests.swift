import Foundation
import ItineraryPresentation
import Testing
import TestSupport
@testable import ItineraryWeb

@Suite struct TemplateTests {
    static let templatesFolder = Fixtures.packageRoot.appendingPathComponent("Templates")

    @Test func builtInTemplatesAreTheFilesInTemplates() throws {
        for format in MustacheTemplates.Format.allCases {
            let folder = Self.templatesFolder.appendingPathComponent(format.rawValue)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".mustache")
            }.sorted()
            let bundled = try #require(BundledTemplates.files[format])
            #expect(
                bundled.map(\.name).sorted() == files,
                "BundledTemplates lists every file of Templates/\(format.rawValue)")
            for file in bundled {
                let onDisk = try Data(contentsOf: folder.appendingPathComponent(file.name))
                #expect([UInt8](onDisk) == file.bytes, "\(file.name) is built in as it is in Templates/")
            }
        }
    }

    @Test func builtInTemplatesParse() throws {
        _ = try MustacheTemplates(sources: BundledTemplates.sources)
        // A copy of Templates/ is a valid folder and renders the same page.
        let copy = try MustacheTemplates(directory: Self.templatesFolder.path)
        let trip = try Trips.sample()
        #expect(WebDocument.html(trip, templates: copy) == WebDocument.html(trip))
        #expect(WebDocument.markdown(trip, templates: copy) == WebDocument.markdown(trip))
    }

    /// Every field of the view, at every depth, is in Templates/README.md's tables: the view is the
    /// templates' contract, and a field the built-in templates use but the tables leave out
    /// (`theme`, `subscription`) cannot be found by someone writing their own.
    @Test func everyFieldOfTheViewIsDocumented() throws {
        var trip = try Trips.sample()
        trip.subscription = Subscription(url: "https://itinerary.example.com/v1/feeds/a.ics", language: trip.language)
        let theme = WebTheme(variables: "--navy: #000;", logo: "data:image/png;base64,", logoAlt: "", footer: "Ours")
        var options = DocumentOptions()
        options.sections = Set(Section.allCases)
        let views = [
            TripView.html(trip, options: options, theme: theme),
            TripView.markdown(trip, footer: "Ours", options: options),
        ]
        func fieldNames(_ node: ViewNode) -> Set<String> {
            node.fields.reduce(into: Set(node.fields.keys)) { names, field in
                switch field.value {
                case .node(let child): names.formUnion(fieldNames(child))
                case .nodes(let children): for child in children { names.formUnion(fieldNames(child)) }
                default: break
                }
            }
        }
        let readme = try String(
            contentsOf: Self.templatesFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let missing = views.reduce(into: Set<String>()) { $0.formUnion(fieldNames($1)) }.filter {
            !readme.contains("`\($0)`")
        }
        #expect(missing.isEmpty, "Templates/README.md does not name \(missing.sorted())")
    }

    @Test func aFolderReplacesOnlyTheTemplatesItHas() throws {
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("html"), withIntermediateDirectories: true)
        try "body { background: rebeccapurple; }\n".write(
            to: folder.appendingPathComponent("html/style.css.mustache"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("markdown"), withIntermediateDirectories: true)
        try "{{position}}) {{title}} & {{{title}}}\n".write(
            to: folder.appendingPathComponent("markdown/custom.md.mustache"), atomically: true, encoding: .utf8)
        let templates = try MustacheTemplates(directory: folder.path)
        let trip = try Trips.sample()
        let html = WebDocument.html(trip, templates: templates)
        #expect(html.contains("<style>\nbody { background: rebeccapurple; }\n</style>"))
        #expect(html.contains("<h1 dir=\"auto\">Spring Swing 2026</h1>"))
        let markdown = WebDocument.markdown(trip, templates: templates)
        // {{x}} is not HTML-escaped in Markdown templates: the apostrophe stays one.
        #expect(markdown.contains("3) Deep dish at Lou Malnati's & Deep dish at Lou Malnati's\n"))
        #expect(markdown.contains("**LAD @ CHC**"))
    }

    /// Everything swift-mustache supports works in a user's template: here a
    /// dynamic partial, `{{>*kind}}`, picks the item's template by its kind, and
    /// a transform changes a title's case.
    @Test func aUsersTemplateMayUseDynamicPartialsAndTransforms() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("markdown"), withIntermediateDirectories: true)
        try "## {{{header}}}\n{{#items}}\n{{>*kind}}\n{{/items}}\n{{^items}}\nrest: {{{restText}}}\n{{/items}}\n"
            .write(to: folder.appendingPathComponent("markdown/day.md.mustache"), atomically: true, encoding: .utf8)
        try "- custom {{uppercased(title)}}\n".write(
            to: folder.appendingPathComponent("markdown/custom.md.mustache"), atomically: true, encoding: .utf8)
        let markdown = WebDocument.markdown(
            try Trips.sample(), templates: try MustacheTemplates(directory: folder.path))
        #expect(markdown.contains("- custom DEEP DISH AT LOU MALNATI'S\n"))
        // The built-in game and travel partials, chosen by name.
        #expect(markdown.contains("**LAD @ CHC**"))
        #expect(markdown.contains("Chicago → Detroit"))
    }

    /// Inside a text's section, `{{.}}` is the text and other names are the
    /// item's around it; a text has no fields of its own, and a dotted name
    /// into one finds nothing.
    @Test func insideATextsSectionNamesReachTheItemAroundIt() throws {
        var sources = BundledTemplates.sources
        sources[.markdown]?["custom"] = TemplateSource(
            file: "custom.md.mustache",
            text:
                "{{#time}}- {{{title}}} at {{{.}}} ({{lowercased(.)}})"
                + "{{#title.count}} has count{{/title.count}}\n{{/time}}"
        )
        let markdown = WebDocument.markdown(try Trips.sample(), templates: try MustacheTemplates(sources: sources))
        #expect(markdown.contains("- Deep dish at Lou Malnati's at 7:30\u{202F}PM (7:30\u{202F}pm)\n"))
        #expect(!markdown.contains("has count"))
    }

    /// An inverted section over an empty list sees the day around it.
    @Test func anInvertedSectionOverAnEmptyListSeesTheDay() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("markdown"), withIntermediateDirectories: true)
        try "{{^items}}\nrest day {{number}}: {{{restText}}}\n{{/items}}\n"
            .write(to: folder.appendingPathComponent("markdown/day.md.mustache"), atomically: true, encoding: .utf8)
        let markdown = WebDocument.markdown(
            try Trips.withRestDay(), templates: try MustacheTemplates(directory: folder.path))
        #expect(markdown.contains("rest day "))
        #expect(markdown.contains(": No items yet\n"))
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let file: String
        let text: String
        let line: Int
        let code: TemplateProblem.Code
        var testDescription: String { "\(file): \(code)" }
    }

    static let broken: [Broken] = [
        Broken(
            file: "html/day.html.mustache", text: "<section>\n{{#items}}\n<li>{{title}}</li>\n</section>\n", line: 2,
            code: .unclosedSection(name: "items")),
        Broken(
            file: "html/game.html.mustache", text: "<li>\n{{#isGame}}\n{{matchup}}\n{{/isTravel}}\n</li>\n", line: 4,
            code: .mismatchedClose(opened: "isGame", closed: "isTravel")),
        Broken(file: "markdown/travel.md.mustache", text: "{{position}}. {{route}\n", line: 1, code: .unfinishedTag),
        Broken(
            file: "markdown/day.md.mustache", text: "## {{header}}\n\n{{#items}}\n{{>item}}\n{{/items}}\n", line: 4,
            code: .unknownPartial(name: "item")),
        Broken(
            file: "html/trip.html.mustache", text: "<html>\n<body>\n{{% CONTENT_TYPE: YAML}}\n", line: 3,
            code: .badPragma),
    ]

    @Test(arguments: broken)
    func aBrokenTemplateIsOneErrorNamingFileAndLine(_ broken: Broken) throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent(broken.file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try broken.text.write(to: url, atomically: true, encoding: .utf8)
        #expect {
            try MustacheTemplates(directory: folder.path)
        } throws: { error in
            guard let problem = error as? TemplateProblem else { return false }
            return problem.file == url.path && problem.line == broken.line && problem.code == broken.code
                && problem.description.hasPrefix("\(url.path):\(broken.line):")
        }
    }

    @Test func aFolderWithoutFormatsIsRefused() throws {
        let folder = try temporaryDirectory()
        #expect(throws: TemplateProblem.self) { try MustacheTemplates(directory: folder.path) }
        #expect(throws: TemplateProblem.self) {
            try MustacheTemplates(directory: folder.appendingPathComponent("missing").path)
        }
    }
}
