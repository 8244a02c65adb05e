import Testing
@testable import ItineraryModel
import TestSupport

/// What people get wrong writing JSON by hand: a comma after the last member,
/// a key given twice. The parser refuses both where they are, and so does every
/// reader built on it (trips, game schedules, themes).
@Suite struct StrictJSONTests {
    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    // MARK: The parser

    @Test func aKeyGivenTwiceIsRefusedWhereItIsGivenAgain() {
        let error = syntaxError("{\n  \"b\": 1,\n  \"a\": 2,\n  \"b\": 3\n}")
        #expect(error == JSONSyntaxError(line: 4, column: 3, reason: #"the member "b" is given twice in one object"#))
    }

    @Test func aKeyGivenTwiceInANestedObjectIsRefused() {
        let error = syntaxError(#"{"trip": {"id": "t", "name": "n", "id": "u"}}"#)
        #expect(error?.line == 1)
        #expect(error?.column == 35)
        #expect(error?.reason == #"the member "id" is given twice in one object"#)
    }

    @Test func theSameKeyInDifferentObjectsIsNoFault() throws {
        let value = try JSONParser.parse(Array(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#.utf8))
        #expect(value["a"]?["a"] == .number(JSONNumber(1)))
    }

    /// Names compare by code points, as `JSONObject` looks them up: "é" and
    /// "e" with a combining acute, or a Kelvin sign and a K, are two names.
    @Test func canonicallyEquivalentKeysAreTwoKeys() throws {
        for text in ["{\"\u{E9}\": 1, \"e\u{301}\": 2}", "{\"Kind\": 1, \"\u{212A}ind\": 2}"] {
            #expect(syntaxError(text) == nil, "\(text)")
        }
        // Past the members searched in order, the hashed names compare alike.
        var members = (0..<40).map { "\"k\($0)\": \($0)" }
        members += ["\"\u{E9}\": 1", "\"e\u{301}\": 2", "\"Kind\": 3", "\"\u{212A}ind\": 4"]
        #expect(syntaxError("{" + members.joined(separator: ", ") + "}") == nil)
        #expect(
            syntaxError("{" + (members + ["\"e\u{301}\": 5"]).joined(separator: ", ") + "}")?.reason
                == "the member \"e\u{301}\" is given twice in one object")
    }

    /// Short objects are searched in order, long ones through a set: a key given
    /// twice is found on either side of the change, and wherever its first is.
    @Test(arguments: [(3, 10), (3, 15), (3, 16), (15, 16), (3, 17), (16, 17), (0, 200), (150, 199)])
    func aKeyGivenTwiceIsFoundInAnObjectOfAnySize(first: Int, again: Int) {
        var members = (0..<again).map { "\"k\($0)\": \($0)" }
        members.append("\"k\(first)\": 0")
        let error = syntaxError("{" + members.joined(separator: ",\n") + "}")
        #expect(error?.line == again + 1)
        #expect(error?.column == 1)
        #expect(error?.reason == "the member \"k\(first)\" is given twice in one object")
    }

    @Test func anObjectOfManyKeysReads() throws {
        let members = (0..<50_000).map { "\"key \($0)\": \($0)" }
        guard case .object(let object) = try JSONParser.parse(Array(("{" + members.joined(separator: ",") + "}").utf8))
        else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.count == 50_000)
    }

    @Test func aKeyWithALineBreakIsQuotedOnOneLine() {
        #expect(syntaxError(#"{"a\nb": 1, "a\nb": 2}"#)?.reason == #"the member "a\nb" is given twice in one object"#)
        #expect(syntaxError(#"{"a\nb" 1}"#)?.reason == #"expected ':' after the member name "a\nb""#)
    }

    @Test func aTrailingCommaIsRefusedAtTheComma() {
        #expect(
            syntaxError("{\"a\": 1,\n}")
                == JSONSyntaxError(
                    line: 1, column: 8, reason: "trailing comma before '}' (JSON allows no comma after the last member)"
                ))
        #expect(
            syntaxError("[1, 2 , ]")
                == JSONSyntaxError(
                    line: 1, column: 7,
                    reason: "trailing comma before ']' (JSON allows no comma after the last element)"))
        #expect(syntaxError("[[1,],2]")?.column == 4)
        // A comma with nothing before it, or two, is not a trailing comma.
        #expect(syntaxError("[,1]")?.reason == "unexpected character ',' where a value was expected")
        #expect(syntaxError("[1,,2]")?.reason == "unexpected character ',' where a value was expected")
        #expect(syntaxError("{\"a\": 1,,}")?.reason == "expected a member name in double quotes")
    }

    // MARK: The trip reader

    @Test func aTripWithAKeyGivenTwiceIsRefusedWithItsLineAndColumn() {
        let text = """
            {
              "format": "itinerary/v1",
              "trip": {"id": "t", "name": "n", "name": "m", "startDate": "2026-03-06"},
              "items": []
            }
            """
        let found = problems(reading: Array(text.utf8))
        #expect(found.map(\.summary) == ["notJSON @ line 3, column 36"])
        #expect(
            found.first?.description
                == #"line 3, column 36: not valid JSON: the member "name" is given twice in one object."#)
    }

    @Test func theSampleWithAFieldGivenTwiceIsRefused() throws {
        // The sample's first "notes", written again right after itself.
        let sample = String(decoding: Fixtures.sampleBytes, as: UTF8.self)
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("\"notes\":") })
        let line = lines[index]
        let indent = line.prefix { $0 == " " }.count
        let repeated = line.hasSuffix(",") ? line : line + ","
        let text = (lines[..<index] + [repeated, line] + lines[(index + 1)...]).joined(separator: "\n")
        let found = problems(reading: Array(text.utf8))
        #expect(found.map(\.summary) == ["notJSON @ line \(index + 2), column \(indent + 1)"])
        #expect(found.first?.message == #"not valid JSON: the member "notes" is given twice in one object."#)
    }

    @Test func aTripWithATrailingCommaIsRefusedWithItsLineAndColumn() {
        let text = """
            {
              "format": "itinerary/v1",
              "trip": {"id": "t", "name": "n", "startDate": "2026-03-06"},
              "items": [],
            }
            """
        let found = problems(reading: Array(text.utf8))
        #expect(found.map(\.summary) == ["notJSON @ line 4, column 14"])
        #expect(
            found.first?.message
                == "not valid JSON: trailing comma before '}' (JSON allows no comma after the last member).")
    }
}
