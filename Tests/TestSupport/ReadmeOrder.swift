import Foundation
import Testing

/// The reading order of `Tests/Fixtures/README.md`: per day, its header and the titles of its items.
package struct ReadmeOrder {
    package let headers: [String]
    package let titles: [[String]]

    package static func load() throws -> ReadmeOrder {
        let text = try String(contentsOf: Fixtures.directory.appendingPathComponent("README.md"), encoding: .utf8)
        var headers: [String] = [], titles: [[String]] = []
        for line in text.split(separator: "\n") where line.hasPrefix("    Day ") {
            // "Day 1 · Friday, March 6:    A · B · C": the header has no colon, titles may.
            let colon = try #require(line.firstIndex(of: ":"))
            headers.append(line[..<colon].trimmingCharacters(in: .whitespaces))
            titles.append(
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    .components(separatedBy: " · "))
        }
        return ReadmeOrder(headers: headers, titles: titles)
    }
}
