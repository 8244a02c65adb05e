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
        let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
        return escapeLine(Substring(joined))
    }

    /// A block of text such as notes, one escaped string per line. Blank
    /// lines are dropped: inside a list item they would split it into
    /// paragraphs, or end it.
    static func lines(_ text: String) -> [String] {
        isPlain(text) ? [text] : escapedLines(text)
    }

    /// `lines` without the shortcut for plain text.
    static func escapedLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map(escapeLine)
    }

    /// Whether a text needs nothing done: one line with no markup character,
    /// no space at either end, and nothing at its start that begins a block
    /// ("-", "+", "=", "1." or "1)"). Most titles and addresses are; checking
    /// bytes is far cheaper than escaping scalars. Non-ASCII text passes, but
    /// for the line separators U+0085, U+2028 and U+2029.
    static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") { return false }
            var digits = 0
            while digits < bytes.count, (0x30...0x39).contains(bytes[digits]) { digits += 1 }
            if digits > 0, digits < bytes.count, bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")") { return false }
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0..<0x20, 0x7F,
                     UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
                     UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "&"):
                    return false
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85:
                    return false
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    return false
                default:
                    continue
                }
            }
            return true
        }
    }

    /// Characters that are markup wherever they stand.
    private static let alwaysEscaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#"]
    /// Characters that start a block (list, heading underline) at the start of a line.
    private static let escapedAtStart: Set<Unicode.Scalar> = ["-", "+", "="]

    static func escapeLine(_ line: Substring) -> String {
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count + 8)
        // "1. " or "1) " at the start would begin an ordered list.
        var leadingDigits = 0
        while leadingDigits < scalars.count, ("0"..."9").contains(scalars[leadingDigits]) { leadingDigits += 1 }
        for (index, scalar) in scalars.enumerated() {
            let escape: Bool
            if alwaysEscaped.contains(scalar) {
                escape = true
            } else if index == 0 && escapedAtStart.contains(scalar) {
                escape = true
            } else if index == leadingDigits && leadingDigits > 0 && (scalar == "." || scalar == ")") {
                escape = true
            } else if scalar == "&" {
                escape = startsEntity(scalars, after: index)
            } else {
                escape = false
            }
            if escape { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether `&` at `index` begins something CommonMark reads as an entity: `&name;`, `&#123;`, `&#x1F;`.
    private static func startsEntity(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        var cursor = index + 1
        if cursor < scalars.count, scalars[cursor] == "#" { cursor += 1 }
        let start = cursor
        while cursor < scalars.count, isASCIILetterOrDigit(scalars[cursor]) { cursor += 1 }
        return cursor > start && cursor < scalars.count && scalars[cursor] == ";"
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
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
