import Foundation
import ItineraryModel
import ItineraryPresentation
import TestSupport

// A copy of Tests/ItineraryLayoutTests/Support/TripJSON.swift: test targets
// cannot import each other, and TestSupport depends on the model alone.

/// Builds itinerary/v1 documents for cases the sample does not have.
/// Dates start on 2026-01-05, before daylight saving: games are at UTC-6.
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

/// The trips the PDF tests render.
enum Trips {
    static func sample() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.sample())
    }

    /// Thirty days of many items, some with long notes: dozens of pages.
    static func long() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(longJSON))
    }

    static var longJSON: String {
        var trip = TripJSON(name: "Thirty Days Out", days: 30)
        for day in 1...30 {
            if day % 3 == 1 {
                if day > 1 { trip.travel(day: day, from: "City \(day - 3)", to: "City \(day)", mode: "flight", miles: 400 + day, minutes: 120) }
                trip.game(day: day, away: "AW" + String(UnicodeScalar(UInt8(65 + day % 26))), home: "HO" + String(UnicodeScalar(UInt8(65 + day % 26))),
                          city: "City \(day)", at: (35 + Double(day % 9), -100 + Double(day % 13) * 2))
            }
            for index in 1...(day % 4 == 0 ? 14 : 5) {
                trip.custom(day: day, title: "Day \(day) plan \(index)", category: ["restaurant", "hotel", "activity", "note"][index % 4],
                            time: index % 2 == 0 ? "1\(index % 10):30" : nil,
                            notes: index % 3 == 0 ? String(repeating: "A longer note that wraps inside its row. ", count: 4) : nil,
                            address: "\(index) Main St", at: index == 1 ? (36 + Double(day % 7), -95 + Double(day % 5)) : nil)
            }
        }
        return trip.json
    }

    /// Accents, CJK, Arabic and emoji in the name, titles and notes.
    static let scriptTitles = ["Café Crème à Montréal", "東京ドームで野球観戦", "عشاء في المطعم", "Ünïcødé façade naïve", "🎉 Party at the park 🏟️"]

    static func scripts() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(scriptsJSON))
    }

    static var scriptsJSON: String {
        var trip = TripJSON(name: "Voyage à Montréal · 東京 · مرحبا 🎉", days: 2)
        for (index, title) in scriptTitles.enumerated() {
            trip.custom(day: 1 + index % 2, title: title, category: "activity", time: "1\(index):00",
                        notes: index == 1 ? "北京、上海、大阪 — 日本語のメモ" : (index == 2 ? "ملاحظة باللغة العربية" : nil),
                        address: index == 0 ? "Rue Saint-Denis, Montréal" : nil, at: (45.5 + Double(index), -73.6 + Double(index)))
        }
        trip.game(day: 2, away: "MTL", home: "TOR", city: "Toronto", at: (43.64, -79.38))
        return trip.json
    }
}
