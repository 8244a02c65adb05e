/// The tokens of PDF syntax (ISO 32000 §7.2–7.3), read from a byte array
/// without copying: enough to find objects, their references and streams.
struct PDFLexer {
    enum Kind: Equatable {
        case integer, real, name, string, hexString, keyword
        case dictionaryStart, dictionaryEnd, arrayStart, arrayEnd
    }

    struct Token {
        let kind: Kind
        let range: Range<Int>
    }

    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): true
        default: false
        }
    }

    /// Moves past whitespace and comments.
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next token, or nil at the end of the bytes or at a malformed one.
    mutating func next() -> Token? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return Token(kind: .dictionaryStart, range: start..<position)
            }
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            position = end + 1
            return Token(kind: .hexString, range: start..<position)
        case UInt8(ascii: ">"):
            guard position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: ">") else { return nil }
            position += 2
            return Token(kind: .dictionaryEnd, range: start..<position)
        case UInt8(ascii: "["):
            position += 1
            return Token(kind: .arrayStart, range: start..<position)
        case UInt8(ascii: "]"):
            position += 1
            return Token(kind: .arrayEnd, range: start..<position)
        case UInt8(ascii: "("):
            // Balanced parentheses; a backslash escapes the next byte.
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"): position += 1
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return Token(kind: .string, range: start..<position)
                    }
                default: break
                }
                position += 1
            }
            return nil
        case UInt8(ascii: "/"):
            position += 1
            while position < bytes.count && !Self.isWhitespace(bytes[position]) && !Self.isDelimiter(bytes[position]) { position += 1 }
            return Token(kind: .name, range: start..<position)
        case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return nil
        default:
            var numeric = true, real = false, digits = 0
            while position < bytes.count && !Self.isWhitespace(bytes[position]) && !Self.isDelimiter(bytes[position]) {
                let byte = bytes[position]
                if byte >= 0x30 && byte <= 0x39 {
                    digits += 1
                } else if byte == UInt8(ascii: ".") && !real {
                    real = true
                } else if !(position == start && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"))) {
                    numeric = false
                }
                position += 1
            }
            let kind: Kind = numeric && digits > 0 ? (real ? .real : .integer) : .keyword
            return Token(kind: kind, range: start..<position)
        }
    }

    /// The value of an integer token.
    func integer(_ token: Token) -> Int? {
        guard token.kind == .integer else { return nil }
        var value = 0, sign = 1
        for index in token.range {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-") { sign = -1; continue }
            if byte == UInt8(ascii: "+") { continue }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = product.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return sign * value
    }

    /// Whether a token is exactly `text` (a keyword or a name with its slash).
    func token(_ token: Token, is text: StaticString) -> Bool {
        guard token.range.count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { buffer in
            var index = token.range.lowerBound
            for byte in buffer {
                if bytes[index] != byte { return false }
                index += 1
            }
            return true
        }
    }

    /// A token's bytes as text (names and keywords are ASCII).
    func text(_ token: Token) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }
}
