import ItineraryModel

/// The ordered trip as display strings: what every renderer shows, already
/// in the user's order. Renderers neither sort nor group.
package struct PresentedTrip: Sendable {
    package let name: String
    /// "Fri, Mar 6 – Tue, Mar 10, 2026".
    package let dateRange: String
    package let statistics: TripStatistics
    /// "5 days · 4 games · 3 cities · 755 mi".
    package let summary: String
    package let days: [PresentedDay]
    package let route: [RouteStop]
    package let units: Units
    package let ordered: OrderedItinerary

    /// The trip as every format shows it: the one place where the options
    /// that change content (the fields left out) are applied.
    package init(_ ordered: OrderedItinerary, omitting omissions: Omissions = []) {
        let ordered = ordered.omitting(omissions)
        self.ordered = ordered
        let trip = ordered.trip
        self.name = trip.name
        self.units = trip.units
        self.dateRange = Formats.dateRange(ordered.dateRange.lowerBound, ordered.dateRange.upperBound)
        let statistics = TripStatistics(ordered)
        self.statistics = statistics
        self.summary = statistics.summary(units: trip.units)
        self.days = ordered.days.map { PresentedDay($0, units: trip.units) }
        self.route = ordered.route
    }

    package init(_ itinerary: Itinerary) {
        self.init(OrderedItinerary(itinerary))
    }
}

package struct PresentedDay: Sendable, Identifiable {
    package let number: Int
    package let date: CivilDate
    /// "Day 3".
    package let label: String
    /// "Sunday, March 8".
    package let longDate: String
    /// "Day 3 · Sunday, March 8".
    package var header: String { label + " · " + longDate }
    package let rows: [Row]
    /// The day's own stops, in its order.
    package let route: [RouteStop]

    package var id: Int { number }
    package var isRest: Bool { rows.isEmpty }
    /// What a rest day says in place of items.
    package static let restText = "No items yet"

    init(_ day: Day, units: Units) {
        self.number = day.number
        self.date = day.date
        self.label = Formats.dayLabel(day.number)
        self.longDate = Formats.longDate(day.date)
        self.rows = day.entries.map { Row($0, units: units) }
        self.route = day.route
    }
}

/// One entry as shown.
package enum Row: Sendable {
    case game(GameRow)
    case travel(TravelRow)
    case custom(CustomRow)

    init(_ entry: Entry, units: Units) {
        if let game = entry.game {
            self = .game(GameRow(entry.item, game))
        } else if let travel = entry.item.travel {
            self = .travel(TravelRow(entry.item, travel, units: units))
        } else if let custom = entry.item.custom {
            self = .custom(CustomRow(entry.item, custom))
        } else {
            // A game item whose game is missing cannot pass the reader; show its id rather than trap.
            self = .custom(CustomRow(entry.item, Custom(category: .note, title: entry.item.gameID ?? entry.item.id)))
        }
    }

    package var itemID: String {
        switch self {
        case .game(let row): row.itemID
        case .travel(let row): row.itemID
        case .custom(let row): row.itemID
        }
    }

    /// The row's main line, as `show` and reading-order checks see it.
    package var title: String {
        switch self {
        case .game(let row): row.matchup
        case .travel(let row): row.route
        case .custom(let row): row.title
        }
    }

    package var kindName: String {
        switch self {
        case .game: "game"
        case .travel: "travel"
        case .custom: "custom"
        }
    }
}

package struct GameRow: Sendable {
    package let itemID: String
    package let sport: String
    /// "LAD @ CHC".
    package let matchup: String
    package let awayName: String
    package let homeName: String
    /// "Los Angeles Dodgers at Chicago Cubs".
    package let teams: String
    package let stadium: String
    package let city: String
    /// "Wrigley Field · Chicago".
    package let venue: String
    /// "1:20 PM CST".
    package let time: String

    init(_ item: Item, _ game: Game) {
        self.itemID = item.id
        self.sport = game.sport
        self.matchup = game.matchup
        self.awayName = game.away.name
        self.homeName = game.home.name
        self.teams = game.away.name + " at " + game.home.name
        self.stadium = game.stadium.name
        self.city = game.stadium.city
        self.venue = game.stadium.venue
        self.time = Formats.gameTime(game)
    }
}

package struct TravelRow: Sendable {
    package let itemID: String
    package let mode: Travel.Mode
    package let icon: String
    package let fromCity: String
    package let toCity: String
    /// "Chicago → Detroit".
    package let route: String
    /// "283 mi · 4h 30m"; empty when neither is known.
    package let details: String
    /// "Drive", "Flight", …
    package let modeName: String
    package let notes: String?
    package let confirmation: String?

    package init(_ item: Item, _ travel: Travel, units: Units) {
        self.itemID = item.id
        self.mode = travel.mode
        self.icon = Icons.emoji(travel.mode)
        self.fromCity = travel.fromCity
        self.toCity = travel.toCity
        self.route = travel.route
        var parts: [String] = []
        if let miles = travel.distanceMiles { parts.append(Formats.distance(miles: miles, units: units)) }
        if let minutes = travel.durationMinutes { parts.append(Formats.duration(minutes: minutes)) }
        self.details = parts.joined(separator: " · ")
        self.modeName = travel.mode.rawValue.prefix(1).uppercased() + travel.mode.rawValue.dropFirst()
        self.notes = item.notes.flatMap { $0.isEmpty ? nil : $0 }
        self.confirmation = item.confirmation.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "Chicago → Detroit · 283 mi · 4h 30m".
    package var line: String { details.isEmpty ? route : route + " · " + details }
}

package struct CustomRow: Sendable {
    package let itemID: String
    package let category: Custom.Category
    package let icon: String
    package let title: String
    /// "7:30 PM", when the item has a time.
    package let time: String?
    package let address: String?
    package let confirmation: String?
    package let notes: String?

    init(_ item: Item, _ custom: Custom) {
        self.itemID = item.id
        self.category = custom.category
        self.icon = Icons.emoji(custom.category)
        self.title = custom.title
        self.time = custom.time.map(Formats.time)
        self.address = custom.location?.address.flatMap { $0.isEmpty ? nil : $0 }
        self.confirmation = item.confirmation.flatMap { $0.isEmpty ? nil : $0 }
        self.notes = item.notes.flatMap { $0.isEmpty ? nil : $0 }
    }
}
