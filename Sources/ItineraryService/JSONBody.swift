import ItineraryKit
/// JSON bodies and log lines: one object on one line, members sorted by name,
/// written by the writer that compares merged items (`JSONValue.canonical`).
/// `JSONSerialization` wrote the same lines in 4.4 % of the service's time
/// under Markdown load, this in 0.5 % (`perf record` of `itinerary serve`).
enum JSONBody {
    static func encode(_ object: [String: JSONValue]) -> [UInt8] {
        Array(JSONValue.object(JSONObject(Array(object))).canonical.utf8) + [0x0A]
    }
}

/// The service's answers are written as typed values: literals where they are
/// fixed, `.text`, `.integer` and `.decimal` where they are computed.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }

    static func text(_ value: String) -> JSONValue { .string(value) }
    static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    static func decimal(_ value: Double) -> JSONValue { value.isFinite ? .number(JSONNumber(value)) : .null }
}
