import Testing
@testable import ItineraryWeb
import TripGenerator

@Suite struct MarkdownTextTests {
    @Test(arguments: [
        ("Deep dish at Lou Malnati's", "Deep dish at Lou Malnati's"),
        ("Café Olé ☕ — 2.5 mi", "Café Olé ☕ — 2.5 mi"),
        ("*a* _b_ `c` [d] <e> |f| ~g~ #h \\i", "\\*a\\* \\_b\\_ \\`c\\` \\[d\\] \\<e\\> \\|f\\| \\~g\\~ \\#h \\\\i"),
        ("1. first", "1\\. first"),
        ("2026) year", "2026\\) year"),
        ("- item", "\\- item"),
        ("+ item", "\\+ item"),
        ("=== ", "\\==="),
        ("AT&T &amp; &#60; &x", "AT&T \\&amp; \\&\\#60; &x"),
        ("  two\nlines  ", "two lines"),
        ("a\r\nb\u{2028}c", "a b c"),
    ])
    func inline(_ input: String, _ expected: String) {
        #expect(MarkdownText.inline(input) == expected)
    }

    @Test func linesKeepLineBreaksAndDropBlankLines() {
        #expect(MarkdownText.lines("one\n\n  - two  \r\n\n") == ["one", "\\- two"])
    }
}

/// The shortcut for plain text changes nothing: it returns what escaping returns.
@Suite struct MarkdownPlainTextTests {
    static let samples = [
        "Deep dish at Lou Malnati's", "559 2nd Ave, Miami", "1. first", "1) first", "12.5 miles", "2026", "- dash",
        "+ plus", "= equals",
        "Café Olé ☕", "東京ドーム", "line\u{2028}break", "next\u{85}line", " leading", "trailing ", "a & b",
        "a &amp; b",
        "#tag", "x|y",
        "under_score", "back`tick", "[link]", "<b>", "~strike~", "tab\there", "", "A", "9", "99 Problems", "3.14",
    ]

    @Test(arguments: samples)
    func shortcutMatchesEscaping(text: String) {
        #expect(MarkdownText.inline(text) == MarkdownText.escapedInline(text))
        #expect(MarkdownText.lines(text) == MarkdownText.escapedLines(text))
    }

    @Test func randomTextsMatch() {
        // A seeded walk over characters that matter to Markdown and to the shortcut.
        let alphabet = Array("ab 1.)-+=#*_[]<>|~&`\\\n\u{85}\u{2028}é東;x9")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            #expect(MarkdownText.inline(text) == MarkdownText.escapedInline(text), "\(text.debugDescription)")
            #expect(MarkdownText.lines(text) == MarkdownText.escapedLines(text), "\(text.debugDescription)")
        }
    }
}

/// Escaping reads bytes; it must give what escaping scalar by scalar, and
/// splitting into lines character by character, gave.
@Suite struct MarkdownEscapingByBytesTests {
    /// The escaping as first written: scalar by scalar.
    static func escapedByScalars(_ line: Substring) -> String {
        let always: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#"]
        let atStart: Set<Unicode.Scalar> = ["-", "+", "="]
        let scalars = Array(line.unicodeScalars)
        var leadingDigits = 0
        while leadingDigits < scalars.count, ("0"..."9").contains(scalars[leadingDigits]) { leadingDigits += 1 }
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            var escape =
                always.contains(scalar) || (index == 0 && atStart.contains(scalar))
                || (index == leadingDigits && leadingDigits > 0 && (scalar == "." || scalar == ")"))
            if scalar == "&" {
                var cursor = index + 1
                if cursor < scalars.count, scalars[cursor] == "#" { cursor += 1 }
                let start = cursor
                while cursor < scalars.count, scalars[cursor].isASCII,
                    scalars[cursor].properties.isAlphabetic || ("0"..."9").contains(scalars[cursor])
                { cursor += 1 }
                escape = cursor > start && cursor < scalars.count && scalars[cursor] == ";"
            }
            if escape { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// One line as first made: split on line breaks, trimmed, joined by spaces.
    static func inlineByCharacters(_ text: String) -> String {
        let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(
            separator: " ")
        return escapedByScalars(Substring(joined))
    }

    @Test func randomTextsEscapeAsBefore() {
        // Markup, digits, spaces, line breaks, a combining accent, an Arabic
        // sign that joins what follows it, and wide characters.
        let alphabet: [String] = [
            "a", "Z", " ", "\t", "1", "0", ".", ")", "-", "+", "=", "#", "*", "_", "[", "]", "<", ">", "|", "~", "&",
            "`", "\\", ";", "x", "\n", "\r\n", "\u{85}", "\u{2028}", "\u{301}", "\u{600}", "é", "東", "☕",
        ]
        var random = SplitMix64(seed: 0x2026_1122)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<14, using: &random) { text += alphabet.randomElement(using: &random)! }
            #expect(
                MarkdownText.escapeLine(Substring(text)) == Self.escapedByScalars(Substring(text)),
                "\(text.debugDescription)")
            #expect(MarkdownText.escapedInline(text) == Self.inlineByCharacters(text), "\(text.debugDescription)")
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map(
                Self.escapedByScalars)
            #expect(MarkdownText.escapedLines(text) == lines, "\(text.debugDescription)")
        }
    }
}
