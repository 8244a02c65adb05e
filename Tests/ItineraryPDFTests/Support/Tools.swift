import Foundation
import Testing
import TestSupport

/// The poppler-utils and qpdf programs the PDF tests read documents with (Makefile's TEST_APT_PACKAGES).
enum Tool {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `/usr/bin/<name>`; a missing program is an error, not a skipped check.
    static func run(_ name: String, _ arguments: [String]) throws -> Result {
        let path = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "\(path) is missing; install qpdf and poppler-utils (make deps)")
        }
        let result = try runProcess(URL(fileURLWithPath: path), arguments)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}

/// A PDF written to a temporary file, read with the tools.
struct PDFFile {
    let url: URL

    init(_ bytes: [UInt8]) throws {
        url = try temporaryDirectory().appendingPathComponent("document.pdf")
        try Data(bytes).write(to: url)
    }

    /// `qpdf --check`: exit 0 and no warnings.
    func check() throws -> Tool.Result { try Tool.run("qpdf", ["--check", url.path]) }

    /// pdfinfo's "Key: value" lines.
    func info() throws -> [String: String] {
        let result = try Tool.run("pdfinfo", ["-enc", "UTF-8", url.path])
        var info: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    /// The text, every run of white space made one space. `mode` is a pdftotext option:
    /// "-raw" in the order it is drawn, "-layout" line by line down the page, nil pdftotext's own reading order.
    func text(_ mode: String? = nil) throws -> String {
        let result = try Tool.run("pdftotext", ["-enc", "UTF-8"] + (mode.map { [$0] } ?? []) + [url.path, "-"])
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// pdffonts' rows: the font name and whether it is embedded.
    func fonts() throws -> [(name: String, embedded: Bool)] {
        let lines = try Tool.run("pdffonts", [url.path]).stdout.split(separator: "\n").map(String.init)
        guard let header = lines.first, let emb = header.range(of: " emb ") else { return [] }
        let column = header.distance(from: header.startIndex, to: emb.lowerBound) + 1
        return lines.dropFirst(2).map { line in
            let name = String(line.prefix { $0 != " " })
            let flag = line.count >= column + 3 ? String(Array(line)[column..<(column + 3)]) : ""
            return (name, flag == "yes")
        }
    }

    /// `pdfimages -list`'s image rows (soft masks left out): page, pixel size, object number and resolution.
    func images() throws -> [(page: Int, width: Int, height: Int, object: Int, xPPI: Int, yPPI: Int)] {
        try Tool.run("pdfimages", ["-list", url.path]).stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 14, fields[2] == "image", let page = Int(fields[0]), let width = Int(fields[3]),
                let height = Int(fields[4]),
                let object = Int(fields[10]), let xPPI = Int(fields[12]), let yPPI = Int(fields[13])
            else { return nil }
            return (page, width, height, object, xPPI, yPPI)
        }
    }

    /// The document outline from `qpdf --json`: titles and 1-based pages.
    func outline() throws -> [(title: String, page: Int)] {
        let result = try Tool.run("qpdf", ["--json", "--json-key=outlines", url.path])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let outlines = json?["outlines"] as? [[String: Any]] ?? []
        return outlines.map { ($0["title"] as? String ?? "", $0["destpageposfrom1"] as? Int ?? 0) }
    }
}

/// Finds each string in `text` after the one before; the index of the first that is missing or out of place.
func firstOutOfOrder(_ strings: [String], in text: String) -> Int? {
    var rest = text[...]
    for (index, string) in strings.enumerated() {
        guard let range = rest.range(of: string) else { return index }
        rest = rest[range.upperBound...]
    }
    return nil
}
