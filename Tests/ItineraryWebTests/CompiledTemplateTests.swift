import Foundation
import Testing
@testable import ItineraryWeb
import ItineraryPresentation
import ItineraryModel
import TestSupport
import TripGenerator

/// The compiled renderer must give what swift-mustache gives, byte for byte.
@Suite struct CompiledTemplateTests {
    @Test func theBuiltInTemplatesRenderCompiled() {
        #expect(TripTemplates.bundled.isCompiled(.html))
        #expect(TripTemplates.bundled.isCompiled(.markdown))
    }

    /// "generated" is long enough that both the view and the days render in two halves at once.
    static let trips: [String] = ["sample", "rest day", "generated", "<script>alert(1)</script>", "**a** _b_ [c](d) | `e` # f\n1. g", "{{name}} {{{.}}} {{#x}}y{{/x}}", "Café ☕ 東京 مرحبا"]

    @Test(arguments: trips + Trips.hostile)
    func htmlMatchesSwiftMustache(trip name: String) throws {
        let trip = try Self.trip(name)
        let view = TripView.html(trip, options: WebOptions(pageSize: .letter, style: .book))
        #expect(TripTemplates.bundled.render(view, format: .html) == TripTemplates.bundled.renderWithMustache(view, format: .html))
    }

    @Test(arguments: trips + Trips.hostile)
    func markdownMatchesSwiftMustache(trip name: String) throws {
        let trip = try Self.trip(name)
        let view = TripView.markdown(trip)
        #expect(TripTemplates.bundled.render(view, format: .markdown) == TripTemplates.bundled.renderWithMustache(view, format: .markdown))
    }

    static func trip(_ name: String) throws -> PresentedTrip {
        switch name {
        case "sample": try Trips.sample()
        case "rest day": try Trips.withRestDay()
        case "generated":
            PresentedTrip(try ItineraryReader.read(bytes: TripGenerator.bytes(days: 120, items: 700, seed: 7)))
        default: try Trips.everyString(name)
        }
    }

    /// Small templates over the rules that decide whitespace and lookups.
    static let cases: [String] = [
        "a\n{{#on}}\nb\n{{/on}}\nc\n",
        "a\n  {{#on}}  \nb\n  {{/on}}\nc",
        "{{! a comment }}\nx {{! inline }} y\n",
        "{{^off}}shown{{/off}}{{^on}}hidden{{/on}}",
        "{{#list}}[{{name}}{{#inner}}({{.}}){{/inner}}]{{/list}}",
        "{{#list}}{{outer}}{{/list}}",
        "{{node.name}} {{missing.name}} {{node.missing}}",
        "{{#empty}}never{{/empty}}{{^empty}}empty{{/empty}}",
        "{{html}} {{{html}}} {{&html}}",
        "{{number}} {{on}} {{text}}",
        "line\r\n{{#on}}\r\nwindows\r\n{{/on}}\r\n",
        "{{#text}}<{{.}}>{{/text}}",
        "  {{#on}}\n  indented\n  {{/on}}\nend",
    ]

    @Test(arguments: cases)
    func smallTemplatesMatchSwiftMustache(template: String) throws {
        let view = ViewNode([
            "on": true, "off": false, "outer": "O", "number": 42, "text": "t & <b>",
            "html": "<i>\"'&", "empty": .nodes([]),
            "node": .node(ViewNode(["name": "N"])),
            "list": .nodes([ViewNode(["name": "one", "inner": .texts(["x", "y"])]), ViewNode(["name": "two", "inner": .texts([])])]),
        ])
        let sources = [TemplateSource(file: "trip.html.mustache", text: template)]
        let templates = try TripTemplates(sources: [.html: ["trip": sources[0]], .markdown: ["trip": sources[0]]])
        #expect(templates.isCompiled(.html), "the subset should take \(template.debugDescription)")
        #expect(templates.render(view, format: .html) == templates.renderWithMustache(view, format: .html), "\(template.debugDescription)")
    }

    @Test(arguments: ["{{=<% %>=}}<% x %>", "{{$block}}x{{/block}}", "{{uppercased(name)}}", "  {{>part}}\n"])
    func templatesOutsideTheSubsetFallBackToSwiftMustache(template: String) throws {
        let sources: [String: TemplateSource] = ["trip": TemplateSource(file: "trip", text: template), "part": TemplateSource(file: "part", text: "p\n")]
        let templates = try TripTemplates(sources: [.html: sources, .markdown: sources])
        #expect(!templates.isCompiled(.html))
    }
}

/// Items whose ids differ only in how an accent is encoded are different items.
@Suite struct RouteNamesTests {
    @Test func aPlaceIsNamedByItsOwnItem() throws {
        var document = try Fixtures.sampleDocument()
        guard case .array(var items)? = document["items"] else { throw CancellationError() }
        for index in items.indices {
            if items[index]["id"] == .string("i-g1") { items[index]["id"] = .string("\u{E9}") }
            if items[index]["id"] == .string("i-dinner1") { items[index]["id"] = .string("e\u{301}") }
        }
        document["items"] = .array(items)
        let trip = PresentedTrip(try ItineraryReader.read(document: document))
        let markdown = WebDocument.markdown(trip, templates: .bundled)
        #expect(markdown.contains("3. Deep dish at Lou Malnati's"), "\(markdown)")
        #expect(markdown.contains("2. Wrigley Field · Chicago"))
    }
}

/// Templates that include themselves are refused when loaded, not looped on when rendered.
@Suite struct RecursivePartialTests {
    @Test(arguments: [
        ["trip": "{{>day}}", "day": "<li>{{>day}}</li>"],
        ["trip": "{{>a}}", "a": "{{>b}}", "b": "x {{>a}}"],
        ["trip": "x\n{{>trip}}"],
    ])
    func cyclesAreOneError(templates: [String: String]) throws {
        var sources: [String: TemplateSource] = [:]
        for (name, text) in templates { sources[name] = TemplateSource(file: name + ".html.mustache", text: text) }
        #expect(throws: TemplateProblem.self) { try TripTemplates(sources: [.html: sources, .markdown: sources]) }
        do {
            _ = try TripTemplates(sources: [.html: sources, .markdown: sources])
        } catch {
            guard case .recursivePartial(let chain) = error.code else { Issue.record("\(error)"); return }
            #expect(chain.first == chain.last)
            #expect(error.line != nil)
        }
    }
}

/// The view's own names are numbered before any template's, so its nodes' lookup tables stay small.
@Suite struct ViewFieldTests {
    @Test func theViewsNamesComeFirst() {
        _ = ViewField("aNameOnlyATemplateUses")
        #expect(ViewField.title.number < 100)
        #expect(ViewField.hasNotes.number < 100)
        #expect(ViewField("aNameOnlyATemplateUses").number == ViewField("aNameOnlyATemplateUses").number)
        #expect(ViewField.existing("title") == ViewField.title)
    }
}
