import Testing
@testable import ItineraryCLI
import ItineraryConstraints
@testable import ItineraryModel
import ItineraryKit
import TestSupport
import TripGenerator

/// Damages the fixtures in the ways hand-edited and badly exported files are damaged.
struct Mutator {
    var random: SplitMix64

    static let numbers: [String] = [
        "1e999", "-1e999", "1E+400", "1e308", "-1e308", "9007199254740993", "1e15", "-1", "-100000", "0", "-0",
        "0.5", "2.25", "-0.000001", "3660", "3661", "100001", "4294967296", "123456789012345678901234567890",
    ]

    static let strings: [String] = [
        "", " ", "🛫👩‍👩‍👧‍👦🏳️‍🌈", "line\nbreak", "tab\there", "nul\u{0}byte", "\u{2028}",
        "e\u{301}", String(repeating: "é", count: 10_000), String(repeating: "🛫", count: 600),
        String(repeating: "x", count: 201),
        "game", "travel", "custom", "metric", "flight", "restaurant", "America/Chicago", "Etc/GMT+14",
        "../../etc/passwd",
        "2026-03-08", "2026-02-29", "9999-12-31", "0001-01-01", "2026-03-08T00:30:00+14:00",
        "9999-12-31T23:59:59-23:59",
        "0001-01-01T00:00:00+23:59", "23:59", "24:00", "Chicago", "Detroit", "Milwaukee", "nba-2026-03-08-orl-mil",
        "i-g1",
    ]

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    mutating func replacement(for value: JSONValue) -> JSONValue {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2, 3:
            let literal = pick(Self.numbers);
            return .number(JSONNumber(literal: literal, value: Double(literal) ?? .nan))
        case 4, 5: return .string(pick(Self.strings))
        case 6: return .array(Bool.random(using: &random) ? [] : [value, value])
        default: return .object(Bool.random(using: &random) ? JSONObject() : JSONObject([("value", value)]))
        }
    }

    /// One mutation of a document, as bytes; `paths` are the document's own, the root left out.
    mutating func mutate(_ document: JSONValue, bytes: [UInt8], paths: [(path: JSONPath, value: JSONValue)]) -> [UInt8]
    {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:  // truncated
            return Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 1:  // a byte changed
            var changed = bytes
            changed[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            return changed
        case 2, 3:  // a field deleted
            return Array(document.replacing(pick(paths).path, with: nil).formatted.utf8)
        case 4:  // a number replaced
            let numbers = paths.filter { if case .number = $0.value { true } else { false } }
            let literal = pick(Self.numbers)
            let number = JSONValue.number(JSONNumber(literal: literal, value: Double(literal) ?? .nan))
            return Array(document.replacing(pick(numbers).path, with: number).formatted.utf8)
        case 5:  // a string replaced
            let strings = paths.filter { if case .string = $0.value { true } else { false } }
            return Array(document.replacing(pick(strings).path, with: .string(pick(Self.strings))).formatted.utf8)
        default:  // types swapped, sometimes several at once
            var changed = document
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let target = pick(paths)
                changed = changed.replacing(target.path, with: replacement(for: target.value))
            }
            return Array(changed.formatted.utf8)
        }
    }
}

@Suite struct MutatedInputTests {
    static let fixtures =
        ["spring-swing.json"] + Fixtures.invalidNames.filter { $0 != "truncated" }.map { "invalid/\($0).json" }

    /// Reads, checks and renders one input; returns whether it was a valid trip. Never traps.
    private func exercise(_ bytes: [UInt8], note: @autoclosure () -> String) -> Bool? {
        let itinerary: Itinerary
        do {
            itinerary = try ItineraryReader.read(bytes: bytes)
        } catch {
            expectOrderly(error.problems, note: note())
            return nil
        }
        let checker = ConstraintChecker(itinerary)
        let problems = checker.check()
        expectOrderly(problems, note: note(), allowEmpty: true)
        for item in itinerary.items {
            _ = checker.dropZones(for: item.id)
            _ = checker.validDayRange(of: item.id)
        }
        if problems.isEmpty, let text = try? CheckedTrip(itinerary).plainText(), text.isEmpty {
            Issue.record("empty rendering: \(note())")
        }
        return problems.isEmpty
    }

    private func expectOrderly(_ problems: [InputProblem], note: @autoclosure () -> String, allowEmpty: Bool = false) {
        if problems.isEmpty && !allowEmpty { Issue.record("refused without a problem: \(note())") }
        for problem in problems {
            if problem.message.isEmpty { Issue.record("a problem without a message: \(note())") }
            if problem.description.split(whereSeparator: \.isNewline).count != 1 {
                Issue.record("a problem on more than one line: \(problem.description.debugDescription)")
            }
        }
    }

    @Test func hundredsOfMutatedFixturesGiveAnOrderlyResult() throws {
        // The valid sample twice as often as each invalid fixture, so that many mutations still read.
        let inputs = try (["spring-swing.json"] + Self.fixtures).map { fixture in
            let bytes = Fixtures.bytes(fixture)
            let document = try JSONParser.parse(bytes)
            return (fixture, bytes, document, Array(document.allPaths().dropFirst()))
        }
        var mutator = Mutator(random: SplitMix64(seed: 0x1717_2026))
        let rounds = 80
        var read = 0, valid = 0, refused = 0
        for round in 0..<rounds {
            for (fixture, bytes, document, paths) in inputs {
                let mutated = mutator.mutate(document, bytes: bytes, paths: paths)
                switch exercise(
                    mutated,
                    note: "round \(round) of \(fixture): \(String(decoding: mutated.prefix(2_000), as: UTF8.self))")
                {
                case nil: refused += 1
                case true?: read += 1; valid += 1
                case false?: read += 1
                }
            }
        }
        #expect(read + refused == rounds * inputs.count)
        #expect(rounds * inputs.count >= 500)
        #expect(refused >= 200, "mutations that the reader refuses: \(refused)")
        #expect(read >= 50, "mutations that still read: \(read)")
        #expect(valid >= 10, "mutations that are still valid trips: \(valid)")
    }

    @Test func everyFieldOfTheSampleSwappedForEveryType() throws {
        let bytes = Fixtures.sampleBytes
        let document = try JSONParser.parse(bytes)
        let replacements: [JSONValue] = [
            .null, .string("🛫"), .array([]), .object(JSONObject()),
            .number(JSONNumber(literal: "-1e999", value: -.infinity)),
        ]
        var count = 0
        for target in document.allPaths() {
            for replacement in replacements {
                let mutated = Array(document.replacing(target.path, with: replacement).formatted.utf8)
                _ = exercise(mutated, note: "\(target.path) = \(replacement)")
                count += 1
            }
        }
        #expect(count > 1_000)
    }

    @Test func everyTruncationOfTheSample() {
        let bytes = Fixtures.sampleBytes
        for length in stride(from: 0, to: bytes.count - 1, by: 7) {
            let problems = exercise(Array(bytes.prefix(length)), note: "the first \(length) bytes")
            #expect(problems == nil, "the first \(length) bytes read as a trip")
        }
    }
}
