/// Where and why a byte sequence is not JSON.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package let line: Int
    package let column: Int
    package let reason: String
}

/// A strict RFC 8259 parser that reports the line and column of the first fault.
/// A member name given twice in one object is a fault too: people write these
/// files, and a second "notes" is a mistake, not a change of mind.
///
/// Written by hand rather than with `JSONSerialization` because the format needs
/// member order and number literals, which Foundation does not keep, and the
/// place of a fault. It reads the bytes through `Array`'s checked subscript
/// only: a fault in the parser traps, it never reads outside the input.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected text after the end of the document")
        }
        return value
    }

    /// The byte at the read position, or nil at the end of the input.
    private var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? offset, bytes.count)
        var line = 1
        // An editor does not show the byte-order mark, so it takes no column.
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
        for index in lineStart..<max(lineStart, end) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes, so they match what an editor shows.
        let column = bytes[lineStart..<max(lineStart, end)].reduce(1) { count, byte in
            (byte & 0xC0) == 0x80 ? count : count + 1
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            offset += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the document ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(byte)) where a value was expected")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return hexByte(byte)
    }

    private func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard let byte = current else { throw error("the document ends where \(word) was expected") }
            guard byte == expected else {
                throw error("unexpected character \(describe(byte)) where \(word) was expected")
            }
            offset += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw error("values are nested more than \(JSONParser.maximumDepth) levels deep")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        var hashedNames = Set<MemberName>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard let byte = current else { throw error("the document ends inside an object") }
            guard byte == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let nameStart = offset
            let key = try parseString()
            if JSONParser.isRepeated(key, in: members, hashed: &hashedNames) {
                throw error("the member \"\(key.shownInMessage)\" is given twice in one object", at: nameStart)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key.shownInMessage)\"")
            }
            offset += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case nil: throw error("the document ends inside an object")
            case UInt8(ascii: ","):
                try skipComma(before: UInt8(ascii: "}"), "member")
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(JSONObject(members))
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case nil: throw error("the document ends inside an array")
            case UInt8(ascii: ","):
                try skipComma(before: UInt8(ascii: "]"), "element")
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// Steps over a comma between members or elements, refusing one that the
    /// closing bracket follows.
    private mutating func skipComma(before close: UInt8, _ what: String) throws(JSONSyntaxError) {
        let comma = offset
        offset += 1
        skipWhitespace()
        if current == close {
            throw error(
                "trailing comma before \(describe(close)) (JSON allows no comma after the last \(what))", at: comma)
        }
    }

    /// Whether `members` has a member named `name` already, comparing code points
    /// as `JSONObject` looks names up. Most objects have a few members and are
    /// searched in order; a long one's names are hashed, so that reading an
    /// object of many members is not quadratic.
    private static func isRepeated(
        _ name: String, in members: [(key: String, value: JSONValue)], hashed: inout Set<MemberName>
    ) -> Bool {
        guard members.count >= 16 else { return members.contains { $0.key.hasSameCodePoints(as: name) } }
        if hashed.isEmpty { hashed = Set(members.map { MemberName(text: $0.key) }) }
        return !hashed.insert(MemberName(text: name)).inserted
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { offset += 1 }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit in a number") }
        offset += 1
        if first == UInt8(ascii: "0") {
            if let next = current, isDigit(next) { throw error("numbers may not have leading zeros") }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard let digit = current, isDigit(digit) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard let digit = current, isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Overflowing literals become ±infinity here; the reader reports them as out of range.
        return JSONNumber(literal: literal, value: Double(literal) ?? .nan)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var plainStart = offset
        var hasEscapes = false
        while true {
            guard let byte = current else { throw error("the document ends inside a string", at: start) }
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try appendUTF8(plainStart..<offset, to: &scalars)
                offset += 1
                scalars.append(try parseEscape())
                plainStart = offset
            } else if byte < 0x20 {
                throw error("control character \(hexByte(byte)) inside a string (line breaks must be written as \\n)")
            } else {
                offset += 1
            }
        }
        let plain = plainStart..<offset
        offset += 1
        if !hasEscapes {
            if let bad = JSONParser.firstInvalidUTF8(bytes, in: plain) {
                throw error("a string is not valid UTF-8", at: bad)
            }
            return String(decoding: bytes[plain], as: UTF8.self)
        }
        try appendUTF8(plain, to: &scalars)
        return String(scalars)
    }

    /// The offset of the first byte that starts an invalid UTF-8 sequence
    /// (overlong forms, surrogates and values past U+10FFFF included), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8], in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= range.upperBound else { return index }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return index }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    private func appendUTF8(_ range: Range<Int>, to scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        guard !range.isEmpty else { return }
        if let bad = JSONParser.firstInvalidUTF8(bytes, in: range) {
            throw error("a string is not valid UTF-8", at: bad)
        }
        scalars.append(contentsOf: String(decoding: bytes[range], as: UTF8.self).unicodeScalars)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("the document ends inside a string") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800...0xDBFF).contains(first) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw error("a \\u escape is half of a surrogate pair")
                }
                offset += 2
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("a \\u escape is half of a surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a \\u escape is half of a surrogate pair") }
            return scalar
        default:
            let shown =
                byte >= 0x20 && byte < 0x7F
                ? "\\" + String(Character(Unicode.Scalar(byte))) : "\\ followed by \(hexByte(byte))"
            throw error("unknown escape sequence \(shown)", at: offset - 2)
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("the document ends inside a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }
}

/// A member name as JSON compares them: by code points. `String`'s own `==` and
/// hash take canonically equivalent names as one.
private struct MemberName: Hashable {
    let text: String

    static func == (lhs: MemberName, rhs: MemberName) -> Bool { lhs.text.hasSameCodePoints(as: rhs.text) }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
