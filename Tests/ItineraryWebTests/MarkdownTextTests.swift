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
