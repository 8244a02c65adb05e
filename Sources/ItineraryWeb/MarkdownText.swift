import ItineraryPresentation

/// Text from the input made safe to place in Markdown: it reads as the same
/// text and never becomes emphasis, a link, a heading, a list, a table, code
/// or raw HTML.
///
/// Escaping is by backslash, which CommonMark allows before any ASCII
/// punctuation; characters that only matter at the start of a line are
/// escaped only there, so ordinary text stays easy to read as plain text.
enum MarkdownText {
    /// One line: line breaks become spaces, surrounding space is dropped.
    static func inline(_ text: String) -> String {
        isPlain(text) ? text : escapedInline(text)
    }

    /// `inline` without the shortcut for plain text.
    static func escapedInline(_ text: String) -> String {
        // One line with no space at either end (the route's long description)
        // is escaped as it is, without walking its characters.
        if isOneUntrimmedLine(text) { return escapeLine(Substring(text)) }
        let joined = TextLines.split(text).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
        return escapeLine(Substring(joined))
    }

    /// Whether a text is non-empty, has no line break and no space or tab at
    /// either end: splitting it into lines and trimming them changes nothing.
    static func isOneUntrimmedLine(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last,
            first != 0x20, first != 0x09, last != 0x20, last != 0x09
        else { return false }
        return !containsLineBreak(bytes)
    }

    /// U+000A…U+000D, U+0085, U+2028 and U+2029: what `Character.isNewline` takes.
    private static func containsLineBreak(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { (0x0A...0x0D).contains(bytes[$0]) || LineSeparators.wideLength(bytes, at: $0) != nil }
    }

    /// A block of text such as notes, one escaped string per line. Blank
    /// lines are dropped: inside a list item they would split it into
    /// paragraphs, or end it.
    static func lines(_ text: String) -> [String] {
        isPlain(text) ? [text] : escapedLines(text)
    }

    /// `lines` without the shortcut for plain text.
    static func escapedLines(_ text: String) -> [String] {
        TextLines.split(text).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map(escapeLine)
    }

    /// Whether a text needs nothing done: one line with no markup character,
    /// no space at either end, and nothing at its start that begins a block
    /// ("-", "+", "=", "1." or "1)"). Most titles and addresses are; checking
    /// bytes is far cheaper than escaping scalars. Non-ASCII text passes, but
    /// for the line separators U+0085, U+2028 and U+2029.
    static func isPlain(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        do {
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") { return false }
            var digits = 0
            while digits < bytes.count, (0x30...0x39).contains(bytes[digits]) { digits += 1 }
            if digits > 0, digits < bytes.count,
                bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")")
            {
                return false
            }
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0..<0x20, 0x7F,
                    UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                    UInt8(ascii: "]"),
                    UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"),
                    UInt8(ascii: "&"):
                    return false
                default:
                    if LineSeparators.wideLength(bytes, at: index) != nil { return false }
                }
            }
            return true
        }
    }

    /// Escapes a line. Every character escaped is ASCII, so the line is
    /// read as UTF-8 bytes: an ASCII byte is always a whole scalar.
    static func escapeLine(_ line: Substring) -> String {
        let bytes = Array(line.utf8)
        do {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            // "1. " or "1) " at the start would begin an ordered list.
            var leadingDigits = 0
            while leadingDigits < bytes.count, isDigit(bytes[leadingDigits]) { leadingDigits += 1 }
            for (index, byte) in bytes.enumerated() {
                let escape: Bool
                switch byte {
                // Markup wherever it stands.
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                    UInt8(ascii: "]"),
                    UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"):
                    escape = true
                // A list or a heading's underline at the start of a line.
                case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                    escape = index == 0
                case UInt8(ascii: "."), UInt8(ascii: ")"):
                    escape = index == leadingDigits && leadingDigits > 0
                case UInt8(ascii: "&"):
                    escape = startsEntity(bytes, after: index)
                default:
                    escape = false
                }
                if escape { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether `&` at `index` begins something CommonMark reads as an entity: `&name;`, `&#123;`, `&#x1F;`.
    private static func startsEntity(_ bytes: [UInt8], after index: Int) -> Bool {
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
        let start = cursor
        while cursor < bytes.count, isASCIILetterOrDigit(bytes[cursor]) { cursor += 1 }
        return cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
