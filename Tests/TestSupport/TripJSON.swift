import Foundation
import ItineraryModel
import ItineraryPresentation

/// Builds itinerary/v1 documents for cases the sample does not have:
/// many items, long text, no route, one stop. Dates start on 2026-01-05, well
/// before daylight saving, so every game is at a fixed UTC-6 offset.
package struct TripJSON {
    package var name = "Layout Trip"
    package var dayCount: Int
    /// "metric" or "imperial"; the format's default when nil.
    package var units: String?
    private var games: [String] = []
    private var items: [String] = []

    package init(name: String = "Layout Trip", days: Int) {
        self.name = name
        self.dayCount = days
    }

    package static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// "2026-01-05" plus `day - 1` days.
    package static func date(_ day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: 2026, month: 1, day: 5))!
        let date = calendar.date(byAdding: .day, value: day - 1, to: start)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    package mutating func custom(
        day: Int, title: String, category: String = "note", time: String? = nil, notes: String? = nil,
        confirmation: String? = nil, address: String? = nil, at place: (Double, Double)? = nil
    ) {
        var fields = [
            "\"id\": \(Self.quoted("c\(items.count + 1)"))", "\"day\": \(day)", "\"sortOrder\": \(items.count + 1)",
            "\"kind\": \"custom\"", "\"category\": \(Self.quoted(category))", "\"title\": \(Self.quoted(title))",
        ]
        if let time { fields.append("\"time\": \(Self.quoted(time))") }
        if let notes { fields.append("\"notes\": \(Self.quoted(notes))") }
        if let confirmation { fields.append("\"confirmation\": \(Self.quoted(confirmation))") }
        if let place {
            var location = "\"latitude\": \(place.0), \"longitude\": \(place.1)"
            if let address { location += ", \"address\": \(Self.quoted(address))" }
            fields.append("\"location\": { \(location) }")
        }
        items.append("{ " + fields.joined(separator: ", ") + " }")
    }

    package mutating func game(
        day: Int, away: String, home: String, city: String, at place: (Double, Double), hour: Int = 19
    ) {
        let id = "g\(games.count + 1)"
        games.append(
            """
            { "id": "\(id)", "sport": "NBA", \
            "away": { "abbr": \(Self.quoted(away)), "name": \(Self.quoted(away + " Visitors")) },
              "home": { "abbr": \(Self.quoted(home)), "name": \(Self.quoted(home + " Hosts")) },
              "start": "\(Self.date(day))T\(String(format: "%02d", hour)):00:00-06:00", "timeZone": "America/Chicago",
              "stadium": { "name": \(Self.quoted(city + " Arena")), "city": \(Self.quoted(city)), \
            "latitude": \(place.0), "longitude": \(place.1) } }
            """)
        items.append(
            "{ \"id\": \"i-\(id)\", \"day\": \(day), \"sortOrder\": \(items.count + 1), "
                + "\"kind\": \"game\", \"gameId\": \"\(id)\" }"
        )
    }

    package mutating func travel(
        day: Int, from: String, to: String, mode: String = "drive", miles: Int = 100, minutes: Int = 90,
        notes: String? = nil
    ) {
        var fields = [
            "\"id\": \"t\(items.count + 1)\"", "\"day\": \(day)", "\"sortOrder\": \(items.count + 1)",
            "\"kind\": \"travel\"",
            "\"fromCity\": \(Self.quoted(from))", "\"toCity\": \(Self.quoted(to))", "\"mode\": \(Self.quoted(mode))",
            "\"distanceMiles\": \(miles)", "\"durationMinutes\": \(minutes)",
        ]
        if let notes { fields.append("\"notes\": \(Self.quoted(notes))") }
        items.append("{ " + fields.joined(separator: ", ") + " }")
    }

    package var json: String {
        """
        { "format": "itinerary/v1",
          "trip": { "id": "layout-trip", "name": \(Self.quoted(name)), "startDate": "2026-01-05", \
        "dayCount": \(dayCount), "timeZone": "America/Chicago"\
        \(units.map { ", \"units\": \(Self.quoted($0))" } ?? "") },
          "games": [\(games.joined(separator: ",\n"))],
          "items": [\(items.joined(separator: ",\n"))] }
        """
    }

    package func presented() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(json))
    }
}
