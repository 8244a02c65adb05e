import Testing
@testable import ItineraryWeb

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
        "Deep dish at Lou Malnati's", "559 2nd Ave, Miami", "1. first", "1) first", "12.5 miles", "2026", "- dash", "+ plus", "= equals",
        "Café Olé ☕", "東京ドーム", "line\u{2028}break", "next\u{85}line", " leading", "trailing ", "a & b", "a &amp; b", "#tag", "x|y",
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
