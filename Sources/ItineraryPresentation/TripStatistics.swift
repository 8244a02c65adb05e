import ItineraryModel

/// The counts in a trip's summary line, encoded as `POST /v1/validate` answers
/// them: `days`, `games`, `travel`, `customItems`, `cities` and `totalMiles`
/// (the travel's distance in miles, to a tenth).
package struct TripStatistics: Sendable, Equatable, Encodable {
    package let days: Int
    package let games: Int
    package let travel: Int
    package let customItems: Int
    /// Distinct cities of games and travel, canonically equivalent names counted once.
    package let cities: Int
    /// The travel's distance in miles, to a tenth.
    package let totalMiles: Double

    package init(_ ordered: OrderedItinerary) {
        var games = 0, travel = 0, custom = 0
        var miles = 0.0
        var cities = Set<String>()
        for entry in ordered.entries {
            switch entry.item.kind {
            case .game:
                games += 1
                if let city = entry.game?.stadium.city { cities.insert(city) }
            case .travel(let segment):
                travel += 1
                miles += segment.distanceMiles ?? 0
                cities.insert(segment.fromCity)
                cities.insert(segment.toCity)
            case .custom:
                custom += 1
            }
        }
        self.days = ordered.trip.dayCount
        self.games = games
        self.travel = travel
        self.customItems = custom
        self.cities = cities.count
        self.totalMiles = (miles * 10).rounded() / 10
    }

    /// "5 days · 4 games · 3 cities · 755 mi".
    package func summary(units: Units, formats: Formats) -> String {
        let language = formats.language
        return [
            language.text(.tripDays, ["count": .number(days)]), language.text(.tripGames, ["count": .number(games)]),
            language.text(.tripCities, ["count": .number(cities)]), formats.distance(miles: totalMiles, units: units),
        ].joined(separator: language.separator)
    }
}
