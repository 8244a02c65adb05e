import Foundation
import Logging
import Testing
@testable import ItineraryService

/// Log lines and JSON bodies: one line of JSON each, read back by another
/// parser (Foundation's) to the values that went in, whatever the text holds.
struct JSONLogLineTests {
    struct Described: CustomStringConvertible, Sendable {
        var description: String { "described" }
    }

    @Test func everyKindOfMetadataIsOneLineOfJSON() throws {
        let lines = LineCollector()
        var logger = Logger(label: "test") { JSONLogHandler(label: $0, sink: JSONLogHandler.Sink { lines.append($0) }) }
        logger[metadataKey: "service"] = "itinerary"
        let hostile = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} LS \u{2028} emoji 🍽️ é"
        logger.info(
            "request \"x\"\n",
            metadata: [
                "text": .string(hostile), "status": .stringConvertible(422), "ms": .stringConvertible(12.34),
                "infinite": .stringConvertible(Double.infinity), "flag": .stringConvertible(true),
                "list": .array([.string("a"), .stringConvertible(1)]),
                "nested": .dictionary(["z": .string("last"), "a": .string("first")]),
                "other": .stringConvertible(Described()),
            ])
        let line = try #require(lines.all.first)
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["text"] as? String == hostile)
        #expect(object["message"] as? String == "request \"x\"\n")
        #expect(object["status"] as? Int == 422)
        #expect(object["ms"] as? Double == 12.34)
        #expect(object["infinite"] as? String == "inf")
        #expect(object["flag"] as? Bool == true)
        #expect((object["list"] as? [Any])?.count == 2)
        #expect((object["nested"] as? [String: String]) == ["a": "first", "z": "last"])
        #expect(object["other"] as? String == "described")
        #expect(object["service"] as? String == "itinerary")
        #expect(object["level"] as? String == "info")
        // Members in name order, as before: a person reading the log finds each field in its place.
        let text = try #require(String(bytes: line, encoding: .utf8))
        let keys = [
            "flag", "infinite", "level", "list", "logger", "message", "ms", "nested", "other", "service", "status",
            "text", "time",
        ]
        let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
}
