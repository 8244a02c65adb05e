internal import Mustache

/// A template that cannot be used, with the file and line to fix.
package struct TemplateProblem: Error, CustomStringConvertible, Sendable {
    /// What is wrong, for tests to check without matching sentences.
    package enum Code: Sendable, Equatable {
        case missingFolder
        case noFormatFolder
        case unreadable
        case duplicateName(name: String, other: String)
        case missingEntry
        case unknownPartial(name: String)
        case recursivePartial(chain: [String])
        case unclosedSection(name: String)
        case mismatchedClose(opened: String?, closed: String)
        case unfinishedTag
        case badDelimiters
        case badPragma
        case syntax(String)
    }

    package let file: String
    package let line: Int?
    package let column: Int?
    package let code: Code

    init(file: String, line: Int?, column: Int?, code: Code) {
        self.file = file
        self.line = line
        self.column = column
        self.code = code
    }

    /// A parser failure, pointed at the tag to fix: for a section left open,
    /// the line that opens it rather than the end of the file.
    init(parserError: Error, file: String, line: Int, column: Int, text: String) {
        self.file = file
        switch parserError as? MustacheTemplate.Error {
        case .expectedSectionEnd:
            let open = TemplateTags(text).unclosedSection
            self.line = open?.line ?? line
            self.column = open?.column ?? column
            self.code = .unclosedSection(name: open?.name ?? "")
        case .sectionCloseNameIncorrect:
            self.line = line
            self.column = column
            let tags = TemplateTags(text)
            let closed = tags.sectionTags.first { $0.line == line && $0.column == column - 3 && !$0.opens }?.name ?? ""
            self.code = .mismatchedClose(opened: tags.openSection(before: line, column: column)?.name, closed: closed)
        case .unfinishedName:
            (self.line, self.column, self.code) = (line, column, .unfinishedTag)
        case .invalidSetDelimiter:
            (self.line, self.column, self.code) = (line, column, .badDelimiters)
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            (self.line, self.column, self.code) = (line, column, .badPragma)
        case .some(let other):
            (self.line, self.column, self.code) = (line, column, .syntax(String(describing: other)))
        case .none:
            // The parser's own end-of-input error: a tag opened on this line never closes.
            (self.line, self.column, self.code) = (line, column, .unfinishedTag)
        }
    }

    /// "Templates/html/day.html.mustache:12:3: the section {{#items}} is never closed with {{/items}}."
    package var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let line, let column, line > 0 { location += ":\(column)" }
        return location + ": " + message
    }

    private var message: String {
        switch code {
        case .missingFolder: "no such folder of templates."
        case .noFormatFolder: "a templates folder holds html/ or markdown/ (as Templates/ does); this one has neither."
        case .unreadable: "cannot read the file as UTF-8 text."
        case .duplicateName(let name, let other): "two templates are named \"\(name)\": this file and \(other)."
        case .missingEntry: "there is no \(MustacheTemplates.entry) template to start from."
        case .unknownPartial(let name):
            "{{>\(name)}} includes a template that does not exist (no \(name).*.mustache here or built in)."
        case .recursivePartial(let chain):
            "{{>\(chain.last ?? "")}} includes a template that includes this one again "
                + "(\(chain.joined(separator: " → "))); the trip's view has no nesting for that to end on."
        case .unclosedSection(let name):
            name.isEmpty
                ? "a section is opened and never closed."
                : "the section {{#\(name)}} is never closed with {{/\(name)}}."
        case .mismatchedClose(let opened, let closed):
            opened.map { "{{/\(closed)}} closes a section opened as {{#\($0)}}." }
                ?? "{{/\(closed)}} closes a section that is not open."
        case .unfinishedTag:
            "a tag is not finished: its name has characters Mustache does not allow, or its }} is missing."
        case .badDelimiters: "the set-delimiters tag is malformed; write it as {{=<% %>=}}."
        case .badPragma: "unknown pragma; the one Mustache knows is {{% CONTENT_TYPE: TEXT}} or HTML."
        case .syntax(let detail): "the template does not parse (\(detail))."
        }
    }
}
