import Foundation
import ItineraryModel
import ItineraryPresentation
import TestSupport

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
                if day > 1 {
                    trip.travel(
                        day: day, from: "City \(day - 3)", to: "City \(day)", mode: "flight", miles: 400 + day,
                        minutes: 120)
                }
                trip.game(
                    day: day, away: "AW" + String(UnicodeScalar(UInt8(65 + day % 26))),
                    home: "HO" + String(UnicodeScalar(UInt8(65 + day % 26))),
                    city: "City \(day)", at: (35 + Double(day % 9), -100 + Double(day % 13) * 2))
            }
            for index in 1...(day % 4 == 0 ? 14 : 5) {
                trip.custom(
                    day: day, title: "Day \(day) plan \(index)",
                    category: ["restaurant", "hotel", "activity", "note"][index % 4],
                    time: index % 2 == 0 ? "1\(index % 10):30" : nil,
                    notes: index % 3 == 0
                        ? String(repeating: "A longer note that wraps inside its row. ", count: 4) : nil,
                    address: "\(index) Main St", at: index == 1 ? (36 + Double(day % 7), -95 + Double(day % 5)) : nil)
            }
        }
        return trip.json
    }

    /// Accents, CJK, Arabic and emoji in the name, titles and notes.
    static let scriptTitles = [
        "Café Crème à Montréal", "東京ドームで野球観戦", "عشاء في المطعم",
        "Ünïcødé façade naïve", "서울 야구장 관람", "🎉 Party at the park 🏟️",
    ]

    /// Emoji as people type them: flags, skin tones, ZWJ families and professions, keycaps, VS15 and VS16, repeats.
    static func emoji() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(String(decoding: Fixtures.bytes("emoji-titles.json"), as: UTF8.self)))
    }

    static func scripts() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.read(scriptsJSON))
    }

    static var scriptsJSON: String {
        var trip = TripJSON(name: "Voyage à Montréal · 東京 · مرحبا 🎉", days: 2)
        for (index, title) in scriptTitles.enumerated() {
            trip.custom(
                day: 1 + index % 2, title: title, category: "activity", time: "1\(index):00",
                notes: index == 1
                    ? "北京、上海、大阪 — 日本語のメモ"
                    : (index == 2 ? "ملاحظة باللغة العربية" : nil),
                address: index == 0 ? "Rue Saint-Denis, Montréal" : nil,
                at: (45.5 + Double(index), -73.6 + Double(index)))
        }
        trip.game(day: 2, away: "MTL", home: "TOR", city: "Toronto", at: (43.64, -79.38))
        return trip.json
    }
}
