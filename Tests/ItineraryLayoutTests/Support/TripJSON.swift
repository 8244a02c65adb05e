import Foundation
import ItineraryModel
import ItineraryPresentation
import TestSupport

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
            trip.custom(
                day: 2, title: "Stop number \(index) on the long day",
                category: index % 2 == 0 ? "activity" : "restaurant",
                time: "\(String(format: "%02d", 6 + index % 12)):15",
                notes: index % 5 == 0 ? "Bring the tickets and a jacket." : nil)
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
        let words =
            "Pneumonoultramicroscopicsilicovolcanoconiosis-and-"
            + "supercalifragilisticexpialidocious-all-in-one-unbroken-word"
        var trip = TripJSON(
            name:
                "A trip whose name is long enough to fill the footer line and then run on well past the page number "
                + "if nothing shortened it",
            days: 2)
        trip.custom(
            day: 1, title: String(repeating: "A very long custom title that keeps going ", count: 4) + words,
            category: "activity", time: "09:00",
            notes: String(repeating: "Notes that wrap onto many lines inside the card. ", count: 30),
            confirmation: String(repeating: "X", count: 100),
            address: String(repeating: "1 Long Address Street ", count: 9), at: (41.9, -87.6))
        trip.game(
            day: 1, away: "LONG", home: "WRAP", city: String(repeating: "Cityname ", count: 20), at: (42.0, -87.7))
        trip.travel(
            day: 2, from: String(repeating: "Departure ", count: 12), to: String(repeating: "Arrival ", count: 12),
            mode: "train",
            notes: String(repeating: "Travel notes, long enough to wrap. ", count: 40) + words)
        trip.custom(day: 2, title: words + words, notes: String(repeating: "n", count: 2000))
        return try trip.presented()
    }
}
