import Foundation
import ItineraryModel
import ItineraryPresentation
import TestSupport

/// Builds itinerary/v1 documents for layout cases the sample does not have:
/// many items, long text, no route, one stop. Dates start on 2026-01-05, well
/// before daylight saving, so every game is at a fixed UTC-6 offset.
struct TripJSON {
    var name = "Layout Trip"
    var dayCount: Int
    private var games: [String] = []
    private var items: [String] = []

    init(name: String = "Layout Trip", days: Int) {
        self.name = name
        self.dayCount = days
    }

    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// "2026-01-05" plus `day - 1` days.
    static func date(_ day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: 2026, month: 1, day: 5))!
        let date = calendar.date(byAdding: .day, value: day - 1, to: start)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    mutating func custom(day: Int, title: String, category: String = "note", time: String? = nil, notes: String? = nil,
                         confirmation: String? = nil, address: String? = nil, at place: (Double, Double)? = nil) {
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

    mutating func game(day: Int, away: String, home: String, city: String, at place: (Double, Double), hour: Int = 19) {
        let id = "g\(games.count + 1)"
        games.append("""
            { "id": "\(id)", "sport": "NBA", "away": { "abbr": \(Self.quoted(away)), "name": \(Self.quoted(away + " Visitors")) },
              "home": { "abbr": \(Self.quoted(home)), "name": \(Self.quoted(home + " Hosts")) },
              "start": "\(Self.date(day))T\(String(format: "%02d", hour)):00:00-06:00", "timeZone": "America/Chicago",
              "stadium": { "name": \(Self.quoted(city + " Arena")), "city": \(Self.quoted(city)), "latitude": \(place.0), "longitude": \(place.1) } }
            """)
        items.append("{ \"id\": \"i-\(id)\", \"day\": \(day), \"sortOrder\": \(items.count + 1), \"kind\": \"game\", \"gameId\": \"\(id)\" }")
    }

    mutating func travel(day: Int, from: String, to: String, mode: String = "drive", miles: Int = 100, minutes: Int = 90, notes: String? = nil) {
        var fields = [
            "\"id\": \"t\(items.count + 1)\"", "\"day\": \(day)", "\"sortOrder\": \(items.count + 1)", "\"kind\": \"travel\"",
            "\"fromCity\": \(Self.quoted(from))", "\"toCity\": \(Self.quoted(to))", "\"mode\": \(Self.quoted(mode))",
            "\"distanceMiles\": \(miles)", "\"durationMinutes\": \(minutes)",
        ]
        if let notes { fields.append("\"notes\": \(Self.quoted(notes))") }
        items.append("{ " + fields.joined(separator: ", ") + " }")
    }

    var json: String {
        """
        { "format": "itinerary/v1",
          "trip": { "id": "layout-trip", "name": \(Self.quoted(name)), "startDate": "2026-01-05", "dayCount": \(dayCount), "timeZone": "America/Chicago" },
          "games": [\(games.joined(separator: ",\n"))],
          "items": [\(items.joined(separator: ",\n"))] }
        """
    }

    func presented() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(json))
    }
}

/// The trips the layout tests share.
enum Trips {
    static func sample() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.sample())
    }

    /// Four days; day 2 has far more than a page of items, day 3 is a rest day.
    static func long() throws -> PresentedTrip {
        var trip = TripJSON(name: "Long Haul", days: 4)
        trip.game(day: 1, away: "AAA", home: "BBB", city: "Chicago", at: (41.88, -87.63))
        for index in 1...40 {
            trip.custom(day: 2, title: "Stop number \(index) on the long day", category: index % 2 == 0 ? "activity" : "restaurant",
                        time: "\(String(format: "%02d", 6 + index % 12)):15", notes: index % 5 == 0 ? "Bring the tickets and a jacket." : nil)
            if index % 10 == 0 {
                trip.travel(day: 2, from: "Town \(index)", to: "Town \(index + 1)", miles: 20 + index, minutes: 30)
            }
        }
        trip.game(day: 2, away: "CCC", home: "DDD", city: "Milwaukee", at: (43.04, -87.92))
        trip.game(day: 4, away: "EEE", home: "FFF", city: "Detroit", at: (42.34, -83.06))
        return try trip.presented()
    }

    /// Titles, notes and names far longer than a line, with long unbroken words.
    static func longText() throws -> PresentedTrip {
        let words = "Pneumonoultramicroscopicsilicovolcanoconiosis-and-supercalifragilisticexpialidocious-all-in-one-unbroken-word"
        var trip = TripJSON(name: "A trip whose name is long enough to fill the footer line and then run on well past the page number if nothing shortened it", days: 2)
        trip.custom(day: 1, title: String(repeating: "A very long custom title that keeps going ", count: 4) + words,
                    category: "activity", time: "09:00", notes: String(repeating: "Notes that wrap onto many lines inside the card. ", count: 30),
                    confirmation: String(repeating: "X", count: 100), address: String(repeating: "1 Long Address Street ", count: 9), at: (41.9, -87.6))
        trip.game(day: 1, away: "LONG", home: "WRAP", city: String(repeating: "Cityname ", count: 20), at: (42.0, -87.7))
        trip.travel(day: 2, from: String(repeating: "Departure ", count: 12), to: String(repeating: "Arrival ", count: 12), mode: "train",
                    notes: String(repeating: "Travel notes, long enough to wrap. ", count: 40) + words)
        trip.custom(day: 2, title: words + words, notes: String(repeating: "n", count: 2000))
        return try trip.presented()
    }
}
