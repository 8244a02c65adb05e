import Foundation
import Testing
import TestSupport

/// The structure of an HTML file as html5lib (strict: any HTML5 parse error
/// fails) reads it; written by Scripts/html_outline.py.
struct HTMLOutline: Decodable {
    struct Day: Decodable {
        let header: String?
        let rest: String?
        let items: [Item]
    }

    struct Item: Decodable {
        let kind: String
        let id: String?
        let title: String?
        let notes: String?
        let text: String
    }

    struct Drawing: Decodable {
        let role: String?
        let labelledby: String?
        let title: String?
        let desc: String?
        let markers: Int
        let labels: [String]
    }

    let parseError: String?
    let lang: String?
    let title: String?
    let h1: [String]?
    /// Every element in document order, by local name.
    let elements: [String]?
    /// Every attribute: element, name, value.
    let attributes: [[String]]?
    let days: [Day]?
    let svg: Drawing?
    let stops: [String]?
    let styles: [String]?
}

/// The structure of a Markdown file as markdown-it-py reads it (CommonMark
/// with GitHub tables); written by Scripts/markdown_outline.py.
struct MarkdownOutline: Decodable {
    struct Heading: Decodable {
        let level: String
        let text: String
    }

    struct Section: Decodable {
        let level: String?
        let heading: String?
        let items: [Item]
        let paragraphs: [String]
    }

    struct Item: Decodable {
        /// The item's text lines as rendered (escapes resolved).
        let lines: [String]
        let strong: [String]
        let em: [String]
        /// Lines of a quote inside the item: the notes.
        let quote: [String]
        let depth: Int
    }

    /// Block token types with their tags, in order: "heading_open:h2", "ordered_list_open:ol", …
    let blocks: [String]
    /// Inline token types, in order: "text", "strong_open", "hardbreak", …
    let inline: [String]
    let headings: [Heading]
    let sections: [Section]
}

enum Outline {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")

    static func html(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLOutline {
        try run(
            "html_outline.py", module: "html5lib", package: "python3-html5lib", text: text, ext: "html",
            sourceLocation: sourceLocation)
    }

    static func markdown(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MarkdownOutline {
        try run(
            "markdown_outline.py", module: "markdown_it", package: "python3-markdown-it", text: text, ext: "md",
            sourceLocation: sourceLocation)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func run<Result: Decodable>(
        _ script: String, module: String, package: String, text: String, ext: String,
        sourceLocation: SourceLocation
    ) throws -> Result {
        let file = try temporaryDirectory().appendingPathComponent("document." + ext)
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // Debian's python3, which has the Debian packages that make setup installs, before any other on PATH.
        let result =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? try runProcess(
                URL(fileURLWithPath: "/usr/bin/python3"), [scripts.appendingPathComponent(script).path, file.path])
            : try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", scripts.appendingPathComponent(script).path, file.path])
        let stderr = result.stderr
        guard result.status == 0 else {
            if stderr.contains("No module named") {
                throw Failure(
                    description: "the parser is missing: install \(package) (make setup does), then run again.")
            }
            throw Failure(description: "\(script) failed: \(stderr)")
        }
        return try JSONDecoder().decode(Result.self, from: result.stdoutData)
    }
}
