import Foundation
import Testing
@testable import ItineraryService
import ItineraryKit
import TestSupport

@Suite struct RenderRequestTests {
    @Test func defaultsAreTheCommandLines() throws {
        let request = try RenderRequest(query: [])
        let options = request.options
        #expect(request.format == .pdf && request.page == 1)
        #expect(options.layout == .book && options.pageSize == .letter && options.dpi == 144 && options.omit.isEmpty)
    }

    @Test func readsEveryParameter() throws {
        let request = try RenderRequest(query: [
            ("format", "PNG"), ("layout", "day-sheets"), ("pageSize", "A4"), ("dpi", "72"),
            ("page", "3"), ("omit", "notes,addresses"),
        ])
        let options = request.options
        #expect(request.format == .png && request.page == 3)
        #expect(options.layout == .daySheets && options.pageSize == .a4 && options.dpi == 72)
        #expect(options.omit == [.notes, .addresses])
        #expect(try RenderRequest(query: [("format", "markdown")]).format == .md)
    }

    @Test(
        arguments: [
            (
                [("format", "docx")],
                "unknown format \"docx\"; choose pdf, png, html, md, ics, gpx, kml, geojson, pkpass or pkpasses."
            ),
            ([("layout", "poster")], "unknown layout \"poster\"; choose book or day-sheets."),
            ([("pageSize", "legal")], "unknown page size \"legal\"; choose letter or a4."),
            (
                [("format", "png"), ("dpi", "9000")],
                "the PNG resolution must be a number of dots per inch from 18 to 600, not \"9000\"."
            ),
            (
                [("format", "png"), ("dpi", "nan")],
                "the PNG resolution must be a number of dots per inch from 18 to 600, not \"nan\"."
            ),
            ([("format", "png"), ("page", "0")], "page must be a whole number from 1."),
            ([("format", "png"), ("page", "x")], "page must be a whole number from 1."),
            (
                [("omit", "notes,passwords")],
                "cannot leave out \"passwords\"; choose confirmations, notes, addresses or source."
            ),
            ([("format", "pdf"), ("format", "png")], "the parameter format is given twice."),
            (
                [("colour", "red")],
                """
                unknown parameter "colour"; the parameters are format, page, subscribe, layout, pageSize, dpi, omit, \
                locale, pdfA, theme, sections, dayPerPage, game.
                """
            ),
            (
                [("format", "a\nb")],
                "unknown format \"a\\nb\"; choose pdf, png, html, md, ics, gpx, kml, geojson, pkpass or pkpasses."
            ),
        ] as [([(String, String)], String)])
    func refusesWithOneSentence(query: [(String, String)], sentence: String) {
        #expect(throws: ServiceProblem.badParameter(sentence)) {
            try RenderRequest(query: query.map { (name: $0.0, value: $0.1) })
        }
    }

    /// One mistake made three ways (a flag, a query parameter, a library
    /// call) gets one sentence: the options have one parser.
    @Test(arguments: [
        ("page-size", "pageSize", "a5"), ("layout", "layout", "poster"), ("dpi", "dpi", "5000"),
        ("omit", "omit", "phone"),
    ])
    func oneMistakeHasOneSentenceEverywhere(flag: String, parameter: String, value: String) throws {
        let command = try runItinerary(["render", "--\(flag)", value, "-o", "-", "--format", "md"])
        #expect(command.status == 64)  // a usage mistake, as swift-argument-parser's own are
        #expect(command.stdout.isEmpty)
        var service: String?
        do {
            _ = try RenderRequest(query: [(name: parameter, value: value)])
        } catch {
            service = error.detail
        }
        var library: Problem?
        var options = RenderOptions()
        do {
            try options.set(parameter, to: value)
        } catch {
            library = error
        }
        let sentence = try #require(library?.message)
        #expect(library?.code == .badOption && library?.location == parameter)
        #expect(command.stderr == sentence + "\n")
        #expect(service == sentence)
    }

    /// A value out of range set in code is refused at render time with the same sentence.
    @Test func anOptionSetInCodeIsCheckedWhenRendering() throws {
        var options = RenderOptions()
        options.dpi = 5000
        #expect(throws: Problem.self) { try CheckedTrip.sample.render(.png, options: options) }
        do {
            _ = try CheckedTrip.sample.render(.png, options: options)
        } catch {
            #expect(
                error.message == "the PNG resolution must be a number of dots per inch from 18 to 600, not \"5000\".")
        }
    }
}

/// The OpenAPI document's parameters are written by hand; these tests hold
/// them to the options' types, so a new choice or parameter cannot be missed.
@Suite struct OpenAPIParameterTests {
    struct Parameter: Encodable {
        var type: String
        var `enum`: [String]?
        var `default`: DefaultValue?
        var minimum: Double?
        var maximum: Double?
        /// A comma list of these choices.
        var list: [String]?
    }

    enum DefaultValue: Encodable {
        case text(String), number(Double), flag(Bool)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .flag(let value): try container.encode(value)
            }
        }
    }

    /// Each parameter as the types say it: choices from `allCases`, the range and defaults from the options.
    static var described: [String: Parameter] {
        let defaults = RenderOptions(), request = try? RenderRequest(query: [])
        // What the command line's help lists, too.
        func choices<T: OptionChoices>(_ type: T.Type) -> [String] { RenderOptions.choices(of: type) }
        return [
            "format": Parameter(
                type: "string", enum: choices(OutputFormat.self),
                default: .text(request?.format.rawValue ?? "")),
            "layout": Parameter(
                type: "string", enum: choices(DocumentStyle.self), default: .text(defaults.layout.rawValue)),
            "pageSize": Parameter(
                type: "string", enum: choices(PageSize.self), default: .text(defaults.pageSize.rawValue)),
            "dpi": Parameter(
                type: "number", default: .number(defaults.dpi), minimum: RenderOptions.dpiRange.lowerBound,
                maximum: RenderOptions.dpiRange.upperBound),
            "page": Parameter(type: "integer", default: .number(Double(request?.page ?? 0)), minimum: 1),
            "omit": Parameter(type: "string", list: choices(OmittedField.self)),
            "locale": Parameter(type: "string"),
            "pdfA": Parameter(type: "boolean", default: .flag(defaults.pdfA)),
            "theme": Parameter(type: "string"),
            "sections": Parameter(type: "string", list: choices(Section.self)),
            "dayPerPage": Parameter(type: "boolean", default: .flag(defaults.dayPerPage)),
            "subscribe": Parameter(type: "string"),
            "game": Parameter(type: "string"),
        ]
    }

    @Test func describesEveryParameterTheServiceReads() {
        #expect(Set(Self.described.keys) == Set(RenderRequest.parameters))
    }

    @Test func theDocumentMatchesTheTypes() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("openapi.yaml"),
            options = folder.appendingPathComponent("options.json")
        try Data(OpenAPIDocument.yaml).write(to: document)
        try JSONEncoder().encode(Self.described).write(to: options)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/check_openapi_options.py")
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, document.path, options.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
