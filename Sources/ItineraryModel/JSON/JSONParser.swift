import Dispatch

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
    /// The bytes again, read without bounds checks: every read is after a
    /// check of `offset < count`.
    private let input: UnsafeBufferPointer<UInt8>
    private let count: Int
    private var offset = 0
    private var depth = 0
    /// Members and elements of the objects and arrays being read, so each
    /// object or array is allocated once, at its final size.
    private var memberStack: [(key: String, value: JSONValue)] = []
    private var elementStack: [JSONValue] = []

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let inTwo = bytes.withUnsafeBufferPointer { input in
            input.count >= parallelSize ? Split.find(input).flatMap { parseInTwo(bytes, input, $0) } : nil
        }
        if let inTwo { return inTwo }
        return try parseOnOneThread(bytes)
    }

    /// `parse` without the second thread: small documents, a fault's report, and tests comparing the two.
    static func parseOnOneThread(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { input in
            var parser = JSONParser(bytes: bytes, input: input)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == count else {
            throw error("unexpected text after the end of the document")
        }
        return value
    }

    // MARK: Two threads

    /// Documents at least this large are read on two threads.
    static let parallelSize = 128 * 1024

    /// Where the longest array among the root object's members (a trip's
    /// `items`) is cut in two: a comma between its elements.
    struct Split {
        /// The offset of the array's `[`, its middle comma, and its `]`.
        let start: Int
        let comma: Int
        let end: Int

        /// A quick pass over the bytes that follows strings and nesting but
        /// checks nothing: the parsers check everything. Nil when the root is
        /// not an object or no member array has a dozen elements.
        static func find(_ input: UnsafeBufferPointer<UInt8>) -> Split? {
            var depth = 0
            var index = 0
            var arrayStart = 0
            var commas: [Int] = []
            var best: Split?
            var bestCount = 12
            let count = input.count
            while index < count {
                let byte = input[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    while index < count, input[index] != UInt8(ascii: "\"") {
                        index += input[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    if depth == 1, byte != UInt8(ascii: "{") { return nil }
                    if depth == 2, byte == UInt8(ascii: "[") {
                        arrayStart = index
                        commas.removeAll(keepingCapacity: true)
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 2, byte == UInt8(ascii: "]"), input[arrayStart] == UInt8(ascii: "["), commas.count > bestCount {
                        bestCount = commas.count
                        best = Split(start: arrayStart, comma: commas[commas.count / 2], end: index)
                    }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 2, input[arrayStart] == UInt8(ascii: "[") { commas.append(index) }
                default:
                    break
                }
                index += 1
            }
            return best
        }
    }

    /// The document read by two parsers at once: one reads it all but the
    /// second half of the split array, the other reads that half. Nil when
    /// either finds a fault, or the split was not where the reading found
    /// it: the caller then reads the document again on one thread, which
    /// reports the first fault as usual.
    static func parseInTwo(_ bytes: [UInt8], _ input: UnsafeBufferPointer<UInt8>, _ split: Split) -> JSONValue? {
        // Each thread has its own parser and writes only its own slot.
        let slots = UnsafeMutableBufferPointer<(value: Result<JSONValue, JSONSyntaxError>, member: Int?)?>.allocate(capacity: 2)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize().deallocate() }
        nonisolated(unsafe) let results = slots, bytes = bytes, input = input
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var parser = JSONParser(bytes: bytes, input: input)
            if half == 0 {
                parser.split = split
                let value = Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
                results[0] = (value, parser.splitMember)
            } else {
                results[1] = (Result { () throws(JSONSyntaxError) in try parser.parseElements(after: split) }, nil)
            }
        }
        guard case .success(let document)? = slots[0]?.value, case .success(let rest)? = slots[1]?.value,
              let member = slots[0]?.member, case .object(var root) = document,
              case .array(let first) = root.members[member].value
        else { return nil }
        root.setValue(.array(first + (rest.arrayValue ?? [])), at: member)
        return .object(root)
    }

    /// Set on the parser that reads around the split: where it stops.
    private var split: Split?
    /// The index of the root's member whose array was split, once read.
    private var splitMember: Int?

    /// The elements of the split array after its middle comma, up to its `]`.
    private mutating func parseElements(after split: Split) throws(JSONSyntaxError) -> JSONValue {
        offset = split.comma + 1
        depth = 2
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an array") }
            if input[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard input[offset] == UInt8(ascii: "]"), offset == split.end else { throw error("expected ',' or ']' in an array") }
            return .array(elements)
        }
    }

    private init(bytes: [UInt8], input: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.input = input
        self.count = input.count
        memberStack.reserveCapacity(64)
        elementStack.reserveCapacity(64)
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
        while offset < count {
            switch input[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard offset < count else { throw error("the document ends where a value was expected") }
        switch input[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(input[offset])) where a value was expected")
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
        let length = word.utf8CodeUnitCount
        let start = word.utf8Start
        for index in 0..<length {
            guard offset + index < count, input[offset + index] == start[index] else {
                throw error("unexpected character where \(word) was expected", at: offset + index)
            }
        }
        offset += length
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
        let base = memberStack.count
        skipWhitespace()
        if offset < count, input[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(JSONObject([]))
        }
        while true {
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an object") }
            guard input[offset] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard offset < count, input[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\"")
            }
            offset += 1
            skipWhitespace()
            let valueStart = offset
            let value = try parseValue()
            if let split, depth == 1, valueStart == split.start, case .array = value { splitMember = memberStack.count - base }
            memberStack.append((key, value))
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an object") }
            if input[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard input[offset] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            offset += 1
            depth -= 1
            let members = Array(memberStack[base...])
            memberStack.removeSubrange(base...)
            return .object(JSONObject(members))
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        try enter()
        offset += 1
        let base = elementStack.count
        skipWhitespace()
        if offset < count, input[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array([])
        }
        while true {
            skipWhitespace()
            elementStack.append(try parseValue())
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an array") }
            if input[offset] == UInt8(ascii: ",") {
                if let split, start == split.start, depth == 2, offset == split.comma {
                    // The other thread reads the rest of this array.
                    offset = split.end
                } else {
                    offset += 1
                    continue
                }
            }
            guard input[offset] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            offset += 1
            depth -= 1
            let elements = Array(elementStack[base...])
            elementStack.removeSubrange(base...)
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = offset
        if input[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < count, isDigit(input[offset]) else { throw error("expected a digit in a number") }
        if input[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < count, isDigit(input[offset]) { throw error("numbers may not have leading zeros") }
        } else {
            while offset < count, isDigit(input[offset]) { offset += 1 }
        }
        if offset < count, input[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < count, isDigit(input[offset]) else { throw error("expected a digit after the decimal point") }
            while offset < count, isDigit(input[offset]) { offset += 1 }
        }
        if offset < count, input[offset] == UInt8(ascii: "e") || input[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < count, input[offset] == UInt8(ascii: "+") || input[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < count, isDigit(input[offset]) else { throw error("expected a digit in the exponent") }
            while offset < count, isDigit(input[offset]) { offset += 1 }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: input[start..<offset]), as: UTF8.self)
        // Overflowing literals become ±infinity here; the reader reports them as out of range.
        let value = Self.exactValue(input, start..<offset) ?? Double(literal) ?? .nan
        return JSONNumber(literal: literal, value: value)
    }

    /// The value of a literal such as `-12.375` when it can be computed
    /// exactly from at most 15 digits and a power of ten up to 10^22, both of
    /// which a Double holds exactly, so one division rounds correctly
    /// (Clinger's fast path); nil for the rest, which `strtod` reads.
    private static func exactValue(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < range.upperBound {
            let byte = input[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= 0x30 && byte <= 0x39 {
                mantissa = mantissa * 10 + Int64(byte - 0x30)
                if mantissa != 0 { digits += 1 }
                if inFraction { fractionDigits += 1 }
                if digits > 15 || fractionDigits > 22 { return nil }
            } else {
                return nil // an exponent
            }
            index += 1
        }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
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
            guard offset < count else { throw error("the document ends inside a string", at: start) }
            let byte = input[offset]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes { hasEscapes = true }
                try appendUTF8(plainStart..<offset, to: &scalars)
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
            return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
        }
        try appendUTF8(plainStart..<offset, to: &scalars)
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

    private func appendUTF8(_ range: Range<Int>, to scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        guard !range.isEmpty else { return }
        guard let string = String(validating: bytes[range], as: UTF8.self) else {
            throw error("a string is not valid UTF-8", at: range.lowerBound)
        }
        scalars.append(contentsOf: string.unicodeScalars)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard offset < count else { throw error("the document ends inside a string") }
        let byte = input[offset]
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
                guard offset + 1 < count, input[offset] == UInt8(ascii: "\\"), input[offset + 1] == UInt8(ascii: "u") else {
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
            guard offset < count else { throw error("the document ends inside a \\u escape") }
            let byte = input[offset]
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
