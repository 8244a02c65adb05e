import Foundation
import ItineraryKit

/// JSON bodies and log lines: one object on one line, members sorted by name,
/// written by Foundation's `JSONEncoder` from the service's own `Encodable` answers.
enum JSONBody {
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The service's answers are strings, numbers and flags: encoding them cannot fail.
        let bytes = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return bytes + [0x0A]
    }
}

/// `POST /v1/validate`'s answer for a valid trip.
struct ValidAnswer: Encodable {
    let valid = true
    let name: String
    let summary: String
    let statistics: any Encodable & Sendable

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(valid, forKey: .valid)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        // The counts sit beside the name, as `itinerary validate` lists them.
        try statistics.encode(to: encoder)
    }

    private enum CodingKeys: String, CodingKey { case valid, name, summary }
}

/// `GET /v1/themes`: the themes `?theme=` takes.
struct ThemesAnswer: Encodable {
    struct Entry: Encodable {
        let id: String
        let name: String
    }
    let themes: [Entry]
}

/// `GET /healthz` and `GET /readyz`.
struct StatusAnswer: Encodable {
    let status: String
    var inFlight: Int?
    var queued: Int?
    /// With jobs on: whether their store is `reachable`.
    var jobs: String?
}
