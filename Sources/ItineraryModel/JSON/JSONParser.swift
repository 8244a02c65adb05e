/// Where and why a byte sequence is not JSON.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public let line: Int
    public let column: Int
    public let reason: String
}

/// A strict RFC 8259 parser that reports the line and column of the first fault.
///
/// Written by hand rather than with `JSONSerialization` because the format needs
/// member order, number literals and positions, none of which Foundation keeps.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else {
            throw parser.error("unexpected text after the end of the document")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? offset, bytes.count)
        var line = 1
        // An editor does not show the byte-order mark, so it takes no column.
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
        var index = lineStart
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        // Columns count characters, not bytes, so they match what an editor shows.
        let column = bytes[lineStart..<end].reduce(1) { count, byte in
            (byte & 0xC0) == 0x80 ? count : count + 1
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw error("the document ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[offset])) where a value was expected")
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

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for index in 0..<count {
            guard offset + index < bytes.count, bytes[offset + index] == start[index] else {
                throw error("unexpected character where \(word) was expected", at: offset + index)
            }
        }
        offset += count
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
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\"")
            }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key, value))
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard bytes[offset] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            offset += 1
            depth -= 1
            return .object(JSONObject(members))
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an array") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard bytes[offset] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            offset += 1
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in a number") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("numbers may not have leading zeros") }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after the decimal point") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Overflowing literals become ±infinity here; the reader reports them as out of range.
        let value = Double(literal) ?? .nan
        return JSONNumber(literal: literal, value: value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var plainStart = offset
        var hasEscapes = false
        var isASCII = true
        while true {
            guard offset < bytes.count else { throw error("the document ends inside a string", at: start) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes { hasEscapes = true }
                try appendUTF8(bytes[plainStart..<offset], to: &scalars, at: plainStart)
                offset += 1
                scalars.append(try parseEscape())
                plainStart = offset
            } else if byte < 0x20 {
                throw error("control character \(hexByte(byte)) inside a string (line breaks must be written as \\n)")
            } else {
                if byte >= 0x80 { isASCII = false }
                offset += 1
            }
        }
        if !hasEscapes {
            let range = plainStart..<offset
            offset += 1
            // Most strings are ASCII and need no validation; the rest are checked
            // here, then decoded without the generic (and slow) validating initializer.
            if !isASCII, let bad = JSONParser.firstInvalidUTF8(bytes, in: range) {
                throw error("a string is not valid UTF-8", at: bad)
            }
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
        try appendUTF8(bytes[plainStart..<offset], to: &scalars, at: plainStart)
        offset += 1
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
            for continuation in stride(from: index + 2, to: index + length, by: 1) where bytes[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    private func appendUTF8(_ slice: ArraySlice<UInt8>, to scalars: inout String.UnicodeScalarView, at position: Int) throws(JSONSyntaxError) {
        guard !slice.isEmpty else { return }
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw error("a string is not valid UTF-8", at: position)
        }
        scalars.append(contentsOf: string.unicodeScalars)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard offset < bytes.count else { throw error("the document ends inside a string") }
        let byte = bytes[offset]
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
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape is half of a surrogate pair")
                }
                offset += 2
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second) else { throw error("a \\u escape is half of a surrogate pair") }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a \\u escape is half of a surrogate pair") }
            return scalar
        default:
            throw error("unknown escape sequence \\\(Character(Unicode.Scalar(byte)))", at: offset - 2)
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw error("the document ends inside a \\u escape") }
            let byte = bytes[offset]
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
