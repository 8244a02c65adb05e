import ItineraryModel

/// Seeded itinerary/v1 trips of any size, valid by construction: games in a
/// sequence of cities, travel between consecutive visits where the rules allow
/// it, custom items of every category, rest days, and some items that leave
/// `sortOrder` out. The same seed always gives the same bytes.
package enum TripGenerator {
    /// A trip of `days` days (1…3,660) holding exactly `items` items.
    ///
    /// About a quarter of the items are games (at most the days allow), one
    /// travel item joins each pair of consecutive visits, the rest are custom.
    package static func itinerary(days: Int, items: Int, seed: UInt64) -> JSONValue {
        var plan = TripPlan(days: min(max(days, 1), ItineraryReader.maximumDayCount), items: max(items, 0), seed: seed)
        return plan.document()
    }

    /// The same trip as file bytes, in the fixtures' layout.
    package static func bytes(days: Int, items: Int, seed: UInt64) -> [UInt8] {
        Array(itinerary(days: days, items: items, seed: seed).formatted.utf8)
    }
}
