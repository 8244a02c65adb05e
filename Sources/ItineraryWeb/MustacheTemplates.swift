import Foundation
internal import Mustache

/// The Mustache templates of the HTML and Markdown outputs: the defaults
/// built into the binary from Templates/, or a folder of the user's that
/// replaces some or all of them.
package struct MustacheTemplates: Sendable {
    /// The output a set of templates makes; also the name of its folder.
    package enum Format: String, Sendable, CaseIterable, Codable {
        case html
        case markdown
    }

    /// The template every render starts from; the others are its partials.
    static let entry = "trip"

    /// swift-mustache's parsed templates, by format.
    private let libraries: [Format: MustacheLibrary]
    /// The texts they were parsed from: what a render pool's worker parses again (ItineraryKit's wire form).
    package let sources: [Format: [String: TemplateSource]]

    /// The templates in Templates/, as built into the binary.
    package static let bundled: MustacheTemplates = {
        do {
            return try MustacheTemplates(sources: BundledTemplates.sources)
        } catch {
            // The test suite parses the built-in templates; failing here is a build defect.
            fatalError("the built-in templates do not parse: \(error)")
        }
    }()

    /// The templates of a folder laid out as Templates/ is: `html/` and
    /// `markdown/`, each holding `NAME.EXT.mustache` files. A file replaces the
    /// built-in template of the same NAME; any the folder lacks stay built in.
    package init(directory: String) throws(TemplateProblem) {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateProblem(file: directory, line: nil, column: nil, code: .missingFolder)
        }
        var sources = BundledTemplates.sources
        var foundFormat = false
        for format in Format.allCases {
            let folder = root.appendingPathComponent(format.rawValue)
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            foundFormat = true
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            var replaced: [String: String] = [:]
            for fileName in names.sorted() where fileName.hasSuffix(".mustache") {
                let path = folder.appendingPathComponent(fileName).path
                guard let data = FileManager.default.contents(atPath: path),
                    let text = String(data: data, encoding: .utf8)
                else {
                    throw TemplateProblem(file: path, line: nil, column: nil, code: .unreadable)
                }
                let name = Self.templateName(fileName)
                if let earlier = replaced[name] {
                    throw TemplateProblem(
                        file: path, line: nil, column: nil, code: .duplicateName(name: name, other: earlier))
                }
                replaced[name] = path
                sources[format, default: [:]][name] = TemplateSource(file: path, text: text)
            }
        }
        guard foundFormat else {
            throw TemplateProblem(file: directory, line: nil, column: nil, code: .noFormatFolder)
        }
        try self.init(sources: sources)
    }

    /// Every template parsed by swift-mustache, whose errors name the file
    /// and line; partials that name no template and partials that include
    /// themselves are refused here, since rendering them would print nothing
    /// or never end.
    package init(sources: [Format: [String: TemplateSource]]) throws(TemplateProblem) {
        var libraries: [Format: MustacheLibrary] = [:]
        for format in Format.allCases {
            let formatSources = sources[format] ?? [:]
            let sorted = formatSources.sorted(by: { $0.key < $1.key })
            var templates: [String: MustacheTemplate] = [:]
            for (name, source) in sorted {
                templates[name] = try Self.parse(source, format: format)
            }
            let partials = formatSources.mapValues { TemplateTags($0.text).partials }
            for (name, source) in sorted {
                for tag in partials[name] ?? [] where formatSources[tag.name] == nil {
                    throw TemplateProblem(
                        file: source.file, line: tag.line, column: tag.column, code: .unknownPartial(name: tag.name))
                }
            }
            try Self.refuseCycles(formatSources, partials: partials)
            guard formatSources[Self.entry] != nil else {
                throw TemplateProblem(
                    file: format.rawValue + "/" + Self.entry, line: nil, column: nil, code: .missingEntry)
            }
            libraries[format] = MustacheLibrary(templates: templates)
        }
        self.libraries = libraries
        self.sources = sources
    }

    /// The text a view renders to.
    func render(_ view: ViewNode, format: Format) -> String {
        // Every format holds the entry template: init refuses a set without it.
        libraries[format]?.render(view, withTemplate: Self.entry) ?? ""
    }

    /// Refuses templates that include themselves, directly or through others:
    /// rendering them would never end.
    private static func refuseCycles(
        _ sources: [String: TemplateSource], partials: [String: [TemplateTags.Tag]]
    ) throws(TemplateProblem) {
        var done: Set<String> = []
        func visit(_ path: [String]) throws(TemplateProblem) {
            let name = path[path.count - 1]
            guard !done.contains(name), let source = sources[name] else { return }
            for tag in partials[name] ?? [] {
                if let start = path.firstIndex(of: tag.name) {
                    throw TemplateProblem(
                        file: source.file, line: tag.line, column: tag.column,
                        code: .recursivePartial(chain: Array(path[start...]) + [tag.name]))
                }
                try visit(path + [tag.name])
            }
            done.insert(name)
        }
        for name in sources.keys.sorted() { try visit([name]) }
    }

    /// "day.html.mustache" → "day": the name partials use, `{{>day}}`.
    static func templateName(_ fileName: String) -> String {
        String(fileName.prefix { $0 != "." })
    }

    /// The pragma in front of every template, because each partial starts
    /// again with Mustache's default content type. Markdown is not HTML: its
    /// templates print values as given (they are escaped for Markdown
    /// beforehand), whether written `{{x}}` or `{{{x}}}`. HTML escapes the same
    /// five characters as Mustache's default, on UTF-8 bytes rather than
    /// characters, which matters for a trip of thousands of items. The pragma
    /// stands on a line of its own, so it leaves no trace in the output;
    /// messages take that line off again.
    static func pragma(_ format: Format) -> String {
        switch format {
        case .html: "{{% CONTENT_TYPE: \(HTMLText.contentTypeName)}}\n"
        case .markdown: "{{% CONTENT_TYPE: TEXT}}\n"
        }
    }

    private static func parse(_ source: TemplateSource, format: Format) throws(TemplateProblem) -> MustacheTemplate {
        HTMLText.register
        let prefix = pragma(format)
        do {
            return try MustacheTemplate(string: prefix + source.text)
        } catch let error as MustacheTemplate.ParserError {
            let line = max(1, error.context.lineNumber - 1)
            throw TemplateProblem(
                parserError: error.error, file: source.file, line: line, column: error.context.columnNumber,
                text: source.text)
        } catch {
            throw TemplateProblem(file: source.file, line: nil, column: nil, code: .syntax(String(describing: error)))
        }
    }
}

/// One template's text and where it came from, for messages.
package struct TemplateSource: Sendable, Codable {
    let file: String
    let text: String
}
