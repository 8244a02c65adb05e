/// A text's lines, split where `Character.isNewline` splits it, empty ones
/// kept. ASCII text (most notes) is split by its bytes: U+000A…U+000D, with
/// "\r\n" one break as it is one character. Other text goes character by
/// character, which is exact and slow.
enum TextLines {
    static func split(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        }
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte >= 0x0A && byte <= 0x0D else {
                index = utf8.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = utf8.index(after: index)
            if byte == 0x0D, index != utf8.endIndex, utf8[index] == 0x0A { index = utf8.index(after: index) }
            start = index
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }
}
