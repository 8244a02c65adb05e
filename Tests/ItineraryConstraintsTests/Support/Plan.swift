import ItineraryConstraints
import ItineraryModel
import TestSupport

/// A trip written the way the design tells its examples: games on days in
/// cities, travel and custom items placed by (day, sortOrder).
///
/// The trip starts on Monday 2026-01-05, in winter, so every zone keeps one offset.
struct Plan {
    static let startDate = "2026-01-05"

    var dayCount: Int
    private var games: [JSONValue] = []
    private var items: [JSONValue] = []

    init(days: Int) {
        dayCount = days
    }

    /// Cities the examples use, with their venue zones and winter offsets.
    private static let zones: [String: (zone: String, offset: String)] = [
        "Chicago": ("America/Chicago", "-06:00"), "Milwaukee": ("America/Chicago", "-06:00"),
        "Detroit": ("America/Detroit", "-05:00"), "Boston": ("America/New_York", "-05:00"),
        "Montréal": ("America/Toronto", "-05:00"), "Los Angeles": ("America/Los_Angeles", "-08:00"),
    ]

    /// A game item `id` (its game has the same id) starting on `day` at `hour` local time in `city`.
    mutating func game(
        _ id: String, day: Int, in city: String, at hour: Int = 19, onDay itemDay: Int? = nil,
        sortOrder: Double? = nil, home: String? = nil
    ) {
        let place = Self.zones[city] ?? ("UTC", "+00:00")
        let date = CivilDate(iso: Self.startDate)!.adding(days: day - 1)
        let start = "\(date)T\(hour < 10 ? "0" : "")\(hour):00:00\(place.offset)"
        addGame(
            id, start: start, zone: place.zone, city: city, itemDay: itemDay ?? day, sortOrder: sortOrder, home: home)
    }

    /// A game with its start written out, for games near midnight.
    mutating func game(_ id: String, start: String, zone: String, city: String, onDay itemDay: Int) {
        addGame(id, start: start, zone: zone, city: city, itemDay: itemDay, sortOrder: nil, home: nil)
    }

    private mutating func addGame(
        _ id: String, start: String, zone: String, city: String, itemDay: Int, sortOrder: Double?, home: String?
    ) {
        let homeAbbr = home ?? String(city.uppercased().filter(\.isLetter).prefix(3))
        games.append(
            object([
                "id": .string(id), "sport": .string("NBA"),
                "away": object(["abbr": .string("VIS"), "name": .string("Visitors")]),
                "home": object(["abbr": .string(homeAbbr), "name": .string("\(city) Home")]),
                "start": .string(start), "timeZone": .string(zone),
                "stadium": object([
                    "name": .string("\(city) Arena"), "city": .string(city),
                    "latitude": .number(JSONNumber(40)), "longitude": .number(JSONNumber(-80)),
                ]),
            ]))
        items.append(
            object([
                "id": .string(id), "day": .number(JSONNumber(itemDay)),
                "sortOrder": sortOrder.map { .number(JSONNumber($0)) },
                "kind": .string("game"), "gameId": .string(id),
            ]))
    }

    mutating func travel(_ id: String, from: String, to: String, day: Int, sortOrder: Double) {
        items.append(
            object([
                "id": .string(id), "day": .number(JSONNumber(day)), "sortOrder": .number(JSONNumber(sortOrder)),
                "kind": .string("travel"), "fromCity": .string(from), "toCity": .string(to),
            ]))
    }

    mutating func custom(_ id: String, day: Int, sortOrder: Double? = nil) {
        items.append(
            object([
                "id": .string(id), "day": .number(JSONNumber(day)),
                "sortOrder": sortOrder.map { .number(JSONNumber($0)) },
                "kind": .string("custom"), "category": .string("note"), "title": .string(id),
            ]))
    }

    var document: JSONValue {
        object([
            "format": .string("itinerary/v1"),
            "trip": object([
                "id": .string("plan"), "name": .string("Plan"), "startDate": .string(Self.startDate),
                "dayCount": .number(JSONNumber(dayCount)), "timeZone": .string("America/Chicago"),
            ]),
            "games": .array(games),
            "items": .array(items),
        ])
    }

    func itinerary() throws -> Itinerary {
        try ItineraryReader.read(bytes: Array(document.formatted.utf8))
    }

    func checker() throws -> ConstraintChecker {
        ConstraintChecker(try itinerary())
    }
}

extension Position {
    /// `at(day, sortOrder)` reads like the design's "day 1 after the game".
    static func at(_ day: Int, _ sortOrder: Double) -> Position { Position(day: day, sortOrder: sortOrder) }
}
