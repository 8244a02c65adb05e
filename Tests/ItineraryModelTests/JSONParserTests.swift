import Testing
@testable import ItineraryModel
import TestSupport

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8))
    }

    // MARK: Positions of faults

    @Test func faultIsReportedAtItsLineAndColumn() {
        let error = syntaxError("{\n  \"a\": 1,\n  \"b\": tru\n}")
        // At the first character that breaks the literal `true`.
        #expect(error?.line == 3)
        #expect(error?.column == 11)
    }

    @Test func columnsCountCharactersNotBytes() {
        // "é" and "🛫" are two and four bytes but one column each.
        let error = syntaxError("[\"é🛫\", x]")
        #expect(error?.line == 1)
        #expect(error?.column == 8)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(
            try JSONParser.parse(bom + Array("{\"a\": 1}".utf8)) == .object(JSONObject([("a", .number(JSONNumber(1)))]))
        )
        // An editor does not show the mark, so it takes no column.
        let error = syntaxError(bom + Array("{x".utf8))
        #expect(error?.line == 1)
        #expect(error?.column == 2)
    }

    @Test func byteOrderMarkElsewhereIsNotWhitespace() {
        #expect(syntaxError(Array("[1] ".utf8) + [0xEF, 0xBB, 0xBF]) != nil)
    }

    @Test func truncatedFixtureFailsWhereTheTextEnds() {
        let error = syntaxError(Fixtures.bytes("invalid/truncated.json"))
        #expect(error?.line == 128)
        #expect(error?.column == 7)
    }

    @Test(arguments: [
        "", " ", "{", "[", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "-", "1.", "1e", "+1", ".5",
        "NaN", "Infinity", "nul", "tru", "'a'", "\"a", "[\"\\x\"]", "[\"\\u12\"]", "[1]]", "{}{}",
    ])
    func malformedTextIsRefused(text: String) {
        #expect(syntaxError(text) != nil, "accepted \(text.debugDescription)")
    }

    @Test func controlCharactersInStringsAreRefused() {
        let error = syntaxError("[\"a\tb\"]")
        #expect(error?.column == 4)
        #expect(error?.reason.contains("control character") == true)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(syntaxError([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]) != nil)  // ["\xC3("]
        #expect(syntaxError([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]) != nil)  // an encoded surrogate
        #expect(syntaxError([0x5B, 0xFF, 0x5D]) != nil)
    }

    // MARK: Strings

    @Test func escapesAreDecoded() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u0041", "a\u0000b"]"#)
        #expect(value == .array([.string("\"\\/\u{08}\u{0C}\n\r\t"), .string("éA"), .string("a\u{0}b")]))
    }

    @Test func surrogatePairsMakeOneScalar() throws {
        let value = try parse(#"["\ud83d\udeeb", "\uD83C\uDF7D"]"#)
        #expect(value == .array([.string("🛫"), .string("\u{1F37D}")]))
    }

    @Test(arguments: [#"["\ud83d"]"#, #"["\ud83dx"]"#, #"["\ud83d\u0041"]"#, #"["\udeeb"]"#, #"["\ud83d\n"]"#])
    func loneSurrogatesAreRefused(text: String) {
        let error = syntaxError(text)
        #expect(error?.reason.contains("surrogate") == true, "\(text): \(String(describing: error))")
    }

    @Test func escapedAndPlainTextJoin() throws {
        #expect(try parse(#"["café \"olé\" ☕ end"]"#) == .array([.string("café \"olé\" ☕ end")]))
    }

    // MARK: Numbers

    @Test func numberLiteralsAreKeptAsWritten() throws {
        let value = try parse("[380, 1.50, -0, 2E+3, 1e999, 0.1]")
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        let numbers = elements.compactMap { element -> JSONNumber? in
            if case .number(let number) = element { number } else { nil }
        }
        #expect(numbers.map(\.literal) == ["380", "1.50", "-0", "2E+3", "1e999", "0.1"])
        #expect(numbers[1].value == 1.5)
        #expect(numbers[3].value == 2000)
        #expect(numbers[4].value == .infinity)
        #expect(value.formatted == "[\n  380,\n  1.50,\n  -0,\n  2E+3,\n  1e999,\n  0.1\n]\n")
    }

    @Test func leadingZerosAreRefused() {
        #expect(syntaxError("[012]")?.reason.contains("leading zeros") == true)
    }

    // MARK: Depth

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parse(text)
    }

    @Test func nestingPastTheLimitIsRefusedWithoutRecursingFurther() {
        let depth = JSONParser.maximumDepth + 1
        let error = syntaxError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(error?.reason.contains("nested") == true)
        #expect(error?.column == depth)
        // Far deeper input must not exhaust the stack either.
        #expect(syntaxError(String(repeating: "{\"a\":", count: 100_000))?.reason.contains("nested") == true)
    }

    // MARK: Objects and writing

    /// Members keep their order; a key given twice is refused (StrictJSONTests).
    @Test func memberOrderIsKept() throws {
        let value = try parse(#"{"b": 1, "a": 2, "c": 3}"#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["c"] == .number(JSONNumber(literal: "3", value: 3)))
    }

    @Test func fixtureRoundTripsByteForByte() throws {
        let bytes = Fixtures.sampleBytes
        let value = try JSONParser.parse(bytes)
        #expect(Array(value.formatted.utf8) == bytes)
    }

    @Test func writtenTextParsesBackToTheSameValue() throws {
        let value: JSONValue = .object(
            JSONObject([
                ("quote\"back\\slash", .string("line\nbreak\ttab\u{0}nul\u{1F}\u{2028}")),
                ("emoji", .string("🛫 Café Olé")),
                ("empty", .array([])), ("none", .object(JSONObject())), ("null", .null),
                ("bools", .array([.bool(true), .bool(false)])),
            ]))
        #expect(try parse(value.formatted) == value)
        #expect(!value.formatted.contains("\u{2028}"))
    }

    /// Short decimals are computed without `strtod`; they must give the same Double, bit for bit.
    @Test func numbersReadAsStrtodReadsThem() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        var literals = [
            "0", "-0", "0.0", "1", "-1", "0.1", "0.3", "123456789012345", "1234567890123456",
            "0.000000000000000000000001",
            "9007199254740993", "1.7976931348623157", "41.8781", "-87.6298", "100.5", "1e3", "2.5E-3", "-0.000",
        ]
        for _ in 0..<5_000 {
            let whole = next() % 1_000_000
            let fraction = String(next() % 100_000_000_000)
            let zeros = String(repeating: "0", count: Int(next() % 8))
            let sign = next() % 2 == 0 ? "-" : ""
            literals.append("\(sign)\(whole).\(zeros)\(fraction)")
        }
        for literal in literals {
            let value = try JSONParser.parse(Array(literal.utf8))
            guard case .number(let number) = value else { Issue.record("\(literal) is not a number"); continue }
            #expect(number.value.bitPattern == Double(literal)!.bitPattern, "\(literal)")
            #expect(number.literal == literal)
        }
    }

    /// A large document reads whole: the parser keeps every element of a long array.
    @Test func aLargeDocumentReads() throws {
        var text = "{\"format\": \"x\", \"small\": [1, 2, 3],\n \"items\": [\n"
        for index in 0..<4_000 {
            if index > 0 { text += ",\n" }
            text +=
                "  {\"id\": \"i-\(index)\", \"title\": \"a [tricky], \\\"quoted\\\" {text} \\\\\", "
                + "\"n\": \(index).25, \"list\": [[\(index)], {}]}"
        }
        text += "\n], \"after\": {\"k\": [true, null]}}"
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["items"]?.arrayValue?.count == 4_000)
        #expect(value["items"]?.arrayValue?[3_999]["id"] == .string("i-3999"))
        #expect(value["items"]?.arrayValue?[7]["title"] == .string("a [tricky], \"quoted\" {text} \\"))
        #expect(value["after"]?["k"] == .array([.bool(true), .null]))
    }

    /// JSON compares member names by code points: a Kelvin sign is not a K,
    /// though Swift's `==` finds the two canonically equivalent.
    @Test func memberNamesCompareByCodePoints() throws {
        let value = try parse("{\"\u{212A}ind\": 1, \"e\u{301}\": 2}")
        #expect(value["Kind"] == nil)
        #expect(value["\u{212A}ind"] == .number(JSONNumber(literal: "1", value: 1)))
        #expect(value["\u{E9}"] == nil)
        #expect(value["e\u{301}"] != nil)
    }
}
