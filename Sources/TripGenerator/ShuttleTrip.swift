import ItineraryModel

extension TripGenerator {
    /// The checker's hardest valid trip: `games` games alternating between
    /// Chicago and Milwaukee, 20 a day, with a travel item between each two, so
    /// every travel item has as many candidate pairs of visits as the trip has
    /// games. A checker that walks every visit for every travel item is
    /// quadratic here.
    package static func shuttle(games: Int) -> JSONValue {
        let perDay = 20
        let count = max(games, 1)
        let days = (count + perDay - 1) / perDay
        let start = CivilDate(year: 2026, month: 4, day: 1)!
        let cities = [
            (
                city: "Chicago", stadium: "Wrigley Field", abbr: "CHC", name: "Chicago Cubs", latitude: 41.9484,
                longitude: -87.6553
            ),
            (
                city: "Milwaukee", stadium: "American Family Field", abbr: "MIL", name: "Milwaukee Brewers",
                latitude: 43.0280, longitude: -87.9712
            ),
        ]
        var catalogue: [JSONValue] = []
        var items: [JSONValue] = []
        for index in 0..<count {
            let day = index / perDay + 1
            let hour = index % perDay + 1
            let home = cities[index % 2]
            let date = start.adding(days: day - 1)
            let id = "g\(index)"
            var game = JSONObject()
            game["id"] = .string(id)
            game["sport"] = .string("MLB")
            game["away"] = .object(JSONObject([("abbr", .string("STL")), ("name", .string("St. Louis Cardinals"))]))
            game["home"] = .object(JSONObject([("abbr", .string(home.abbr)), ("name", .string(home.name))]))
            // UTC-5 in April: Chicago's summer time.
            game["start"] = .string("\(date)T\(Digits.pad(hour, 2)):00:00-05:00")
            game["timeZone"] = .string("America/Chicago")
            game["stadium"] = .object(
                JSONObject([
                    ("name", .string(home.stadium)), ("city", .string(home.city)),
                    ("latitude", .number(JSONNumber(home.latitude))),
                    ("longitude", .number(JSONNumber(home.longitude))),
                ]))
            catalogue.append(.object(game))
            items.append(
                .object(
                    JSONObject([
                        ("id", .string("i-\(id)")), ("day", .number(JSONNumber(day))),
                        ("sortOrder", .number(JSONNumber(Double(10 * hour)))), ("kind", .string("game")),
                        ("gameId", .string(id)),
                    ])))
            if index + 1 < count {
                // Between this game and the next, on the day of the next one.
                let nextDay = (index + 1) / perDay + 1
                let sortOrder = nextDay == day ? 10 * hour + 5 : 5
                items.append(
                    .object(
                        JSONObject([
                            ("id", .string("t\(index)")), ("day", .number(JSONNumber(nextDay))),
                            ("sortOrder", .number(JSONNumber(sortOrder))), ("kind", .string("travel")),
                            ("fromCity", .string(home.city)), ("toCity", .string(cities[(index + 1) % 2].city)),
                            ("distanceMiles", .number(JSONNumber(92))),
                        ])))
            }
        }
        let trip = JSONObject([
            ("id", .string("shuttle-\(count)")), ("name", .string("Shuttle \(count)")),
            ("startDate", .string(start.description)),
            ("dayCount", .number(JSONNumber(days))), ("timeZone", .string("America/Chicago")),
        ])
        return .object(
            JSONObject([
                ("format", .string("itinerary/v1")), ("trip", .object(trip)), ("games", .array(catalogue)),
                ("items", .array(items)),
            ]))
    }
}
