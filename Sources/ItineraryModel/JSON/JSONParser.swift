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
    private let memberStack = ScratchStack<(key: String, value: JSONValue)>()
    private let elementStack = ScratchStack<JSONValue>()

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let inTwo = bytes.withUnsafeBufferPointer { input in
            input.count >= parallelSize ? Split.guess(input).flatMap { parseInTwo(bytes, input, $0)?.value } : nil
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
        rootIsObject = offset < count && input[offset] == UInt8(ascii: "{")
        let value = try parseValue()
        if stoppedAtSplit { return value }
        skipWhitespace()
        guard offset == count else {
            throw error("unexpected text after the end of the document")
        }
        return value
    }

    // MARK: Two threads

    /// Documents at least this large are read on two threads.
    static let parallelSize = 128 * 1024

    /// Where a large document is cut in two: a comma between two objects
    /// in an array that is a member of the root object (a trip's `items` or
    /// `games`), about halfway through the bytes.
    struct Split {
        let comma: Int

        /// The first `}`, `,`, `{` (whitespace between allowed) from the
        /// middle of the document on. Only a guess, made without reading
        /// what comes before: the comma may be inside a string or deeper in
        /// the tree. The first parser tells: it stops there only if the
        /// comma is where `Split` says.
        static func guess(_ input: UnsafeBufferPointer<UInt8>) -> Split? {
            let count = input.count
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
            var index = count / 2
            while index < count {
                if input[index] == UInt8(ascii: "}") {
                    var comma = index + 1
                    while comma < count, isBlank(input[comma]) { comma += 1 }
                    if comma < count, input[comma] == UInt8(ascii: ",") {
                        var next = comma + 1
                        while next < count, isBlank(input[next]) { next += 1 }
                        if next < count, input[next] == UInt8(ascii: "{") { return Split(comma: comma) }
                    }
                }
                index += 1
            }
            return nil
        }
    }

    /// The document read by two parsers at once. The first reads from the
    /// start and stops at the split's comma if it separates two elements of
    /// an array in the root object; the second reads from that comma to the
    /// end, as the rest of such an array and then the root's remaining
    /// members. If the first never met the comma, its reading is the whole
    /// document (`wasSplit` false). Nil when either finds a fault: the caller
    /// then reads the document again on one thread, which reports the first
    /// fault as usual.
    static func parseInTwo(_ bytes: [UInt8], _ input: UnsafeBufferPointer<UInt8>, _ split: Split) -> (value: JSONValue, wasSplit: Bool)? {
        typealias Rest = (elements: [JSONValue], members: [(key: String, value: JSONValue)])
        // Each thread has its own parser and writes only its own slot.
        let first = UnsafeMutablePointer<(value: Result<JSONValue, JSONSyntaxError>, stopped: Bool)?>.allocate(capacity: 1)
        let second = UnsafeMutablePointer<Result<Rest, JSONSyntaxError>?>.allocate(capacity: 1)
        first.initialize(to: nil)
        second.initialize(to: nil)
        defer {
            first.deinitialize(count: 1).deallocate()
            second.deinitialize(count: 1).deallocate()
        }
        nonisolated(unsafe) let results = (first, second), bytes = bytes, input = input
        Parallel.both {
            var parser = JSONParser(bytes: bytes, input: input)
            parser.split = split
            let value = Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
            results.0.pointee = (value, parser.stoppedAtSplit)
        } and: {
            var parser = JSONParser(bytes: bytes, input: input)
            results.1.pointee = Result { () throws(JSONSyntaxError) in try parser.parseRest(after: split) }
        }
        guard case .success(let document)? = first.pointee?.value else { return nil }
        guard first.pointee?.stopped == true else { return (document, false) }
        guard case .success(let rest)? = second.pointee, case .object(var root) = document,
              let last = root.members.indices.last, case .array(let elements) = root.members[last].value
        else { return nil }
        root.setValue(.array(elements + rest.elements), at: last)
        root.append(contentsOf: rest.members)
        return (.object(root), true)
    }

    /// Set on the parser that reads the start: the comma it stops at.
    private var split: Split?
    /// Whether the document's root is an object: only its members' arrays are split.
    private var rootIsObject = false
    /// Whether the parser stopped at the split; what it read is then the
    /// root object up to its member whose array was split, that array up
    /// to the split.
    private var stoppedAtSplit = false

    /// From the split's comma to the end: the split array's remaining
    /// elements, then the root object's members after it.
    private mutating func parseRest(after split: Split) throws(JSONSyntaxError) -> (elements: [JSONValue], members: [(key: String, value: JSONValue)]) {
        offset = split.comma + 1
        depth = 2
        guard case .array(let elements) = try parseElements(from: 0) else { throw error("expected an array") }
        guard case .object(let object) = try parseMembers(from: 0, afterValue: true) else { throw error("expected an object") }
        skipWhitespace()
        guard offset == count else { throw error("unexpected text after the end of the document") }
        return (elements, object.members)
    }

    private init(bytes: [UInt8], input: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.input = input
        self.count = input.count
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
        return try parseMembers(from: base, afterValue: false)
    }

    /// An object's members up to its `}`, from a member name, or from just
    /// after a member's value; those read so far are on `memberStack` from `base`.
    private mutating func parseMembers(from base: Int, afterValue: Bool) throws(JSONSyntaxError) -> JSONValue {
        var expectsMember = !afterValue
        while true {
            if expectsMember {
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
                let value = try parseValue()
                memberStack.push((key, value))
                if stoppedAtSplit { return endObject(from: base) }
            }
            expectsMember = true
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an object") }
            if input[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard input[offset] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            offset += 1
            return endObject(from: base)
        }
    }

    private mutating func endObject(from base: Int) -> JSONValue {
        depth -= 1
        let members = memberStack.pop(from: base)
        return .object(JSONObject(members))
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        let base = elementStack.count
        skipWhitespace()
        if offset < count, input[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array([])
        }
        return try parseElements(from: base)
    }

    /// An array's elements up to its `]`, from where an element starts;
    /// those read so far are on `elementStack` from `base`.
    private mutating func parseElements(from base: Int) throws(JSONSyntaxError) -> JSONValue {
        while true {
            skipWhitespace()
            elementStack.push(try parseValue())
            skipWhitespace()
            guard offset < count else { throw error("the document ends inside an array") }
            if input[offset] == UInt8(ascii: ",") {
                if let split, offset == split.comma, depth == 2, rootIsObject {
                    // The other parser reads from here.
                    stoppedAtSplit = true
                    return endArray(from: base)
                }
                offset += 1
                continue
            }
            guard input[offset] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            offset += 1
            return endArray(from: base)
        }
    }

    private mutating func endArray(from base: Int) -> JSONValue {
        depth -= 1
        let elements = elementStack.pop(from: base)
        return .array(elements)
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
