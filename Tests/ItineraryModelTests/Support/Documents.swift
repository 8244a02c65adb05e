@testable import ItineraryModel
import TestSupport

// Small builders for itinerary documents, so each test states only what it is about.

func text(_ value: String) -> JSONValue { .string(value) }
func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }
/// A number written exactly as given, such as `1e999` or `1.50`.
func literal(_ spelling: String) -> JSONValue {
    .number(JSONNumber(literal: spelling, value: Double(spelling) ?? .nan))
}

/// A document with a trip, a catalogue and items; `nil` leaves a part out.
func document(
    trip: JSONValue? = tripObject(),
    games: [JSONValue]? = nil,
    items: [JSONValue]
) -> JSONValue {
    object([
        "format": text("itinerary/v1"),
        "trip": trip,
        "games": games.map(JSONValue.array),
        "items": .array(items),
    ])
}

func tripObject(
    startDate: String = "2026-03-06", dayCount: Int? = 5, timeZone: String? = "America/Chicago"
) -> JSONValue {
    object([
        "id": text("trip-1"),
        "name": text("Test trip"),
        "startDate": text(startDate),
        "dayCount": dayCount.map { number(Double($0)) },
        "timeZone": timeZone.map(text),
    ])
}

func gameObject(
    _ id: String, start: String, zone: String = "America/Chicago", city: String = "Chicago",
    away: String = "AAA", home: String = "HHH"
) -> JSONValue {
    object([
        "id": text(id),
        "sport": text("NBA"),
        "away": object(["abbr": text(away), "name": text("Away \(away)")]),
        "home": object(["abbr": text(home), "name": text("Home \(home)")]),
        "start": text(start),
        "timeZone": text(zone),
        "stadium": object([
            "name": text("\(city) Arena"), "city": text(city), "latitude": number(41), "longitude": number(-87),
        ]),
    ])
}

func gameItem(_ id: String, day: Int, game: String, sortOrder: Double? = nil) -> JSONValue {
    object([
        "id": text(id), "day": number(Double(day)), "sortOrder": sortOrder.map(number), "kind": text("game"),
        "gameId": text(game),
    ])
}

func travelItem(
    _ id: String, day: Int, sortOrder: Double? = 50, from: String = "Chicago", to: String = "Detroit"
) -> JSONValue {
    object([
        "id": text(id), "day": number(Double(day)), "sortOrder": sortOrder.map(number), "kind": text("travel"),
        "fromCity": text(from), "toCity": text(to),
    ])
}

func customItem(
    _ id: String, day: Int, sortOrder: Double? = nil, modifiedAt: String? = nil, title: String? = nil,
    category: String = "note", location: (Double, Double)? = nil
) -> JSONValue {
    object([
        "id": text(id), "day": number(Double(day)), "sortOrder": sortOrder.map(number),
        "modifiedAt": modifiedAt.map(text), "kind": text("custom"), "category": text(category),
        "title": text(title ?? id),
        "location": location.map { object(["latitude": number($0.0), "longitude": number($0.1)]) },
    ])
}

/// The index in the fixture's `items` of the item with this id.
func sampleIndex(of id: String) throws -> Int {
    let document = try Fixtures.sampleDocument()
    guard case .array(let items)? = document["items"],
        let index = items.firstIndex(where: { $0["id"] == .string(id) })
    else { throw MissingFixtureItem(id: id) }
    return index
}

struct MissingFixtureItem: Error { let id: String }

/// The problems reading these bytes reports, or an empty list when they read.
func problems(reading bytes: [UInt8]) -> [InputProblem] {
    do {
        _ = try ItineraryReader.read(bytes: bytes)
        return []
    } catch {
        return error.problems
    }
}

func problems(reading document: JSONValue) -> [InputProblem] {
    problems(reading: document.bytes)
}
