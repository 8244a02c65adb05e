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
    /// Every item with a confirmation, in the traveller's order; empty when there is
    /// none or confirmations are left out (then there is no bookings part).
    package let bookings: [BookingRow]
    /// The bookings part's heading and column headers.
    package let bookingLabels: BookingLabels
    package let route: [RouteStop]
    /// The trip's units, or the language's when the trip sets none.
    package let units: Units
    package let ordered: OrderedItinerary
    /// The document's language and its formats.
    package let formats: Formats
    package var language: Language { formats.language }
    /// The calendar feed the documents invite the reader to subscribe to; nil: none.
    package var subscription: Subscription?

    /// The trip as every format shows it: the one place where the options
    /// that change content (the fields left out, the language) are applied.
    package init(_ ordered: OrderedItinerary, omitting omitted: Set<OmittedField> = [], language: Language = .english) {
        let ordered = ordered.omitting(omitted)
        self.ordered = ordered
        let trip = ordered.trip
        let formats = Formats(language)
        let units = trip.units ?? language.defaultUnits
        self.formats = formats
        self.name = trip.name
        self.units = units
        self.dateRange = formats.dateRange(ordered.dateRange.lowerBound, ordered.dateRange.upperBound)
        let statistics = TripStatistics(ordered)
        self.statistics = statistics
        self.summary = statistics.summary(units: units, formats: formats)
        let days = ordered.days.map { PresentedDay($0, units: units, formats: formats) }
        self.days = days
        self.bookings = Self.bookings(of: days, formats: formats)
        self.bookingLabels = BookingLabels(language)
        self.route = ordered.route
    }

    package init(_ itinerary: Itinerary, language: Language = .english) {
        self.init(OrderedItinerary(itinerary), language: language)
    }

    /// What a map file (GPX, KML, GeoJSON) says of the trip under its name: the dates, and
    /// when nothing has coordinates, the sentence that says so, so the file is never blank.
    package var mapDescription: String {
        route.isEmpty ? dateRange + language.separator + language.text(.emptyMap) : dateRange
    }

    /// The route in words, the map's text alternative: "Chicago → Detroit → Chicago, 755 mi, 5 days".
    package var routeAlternative: String {
        formats.routeAlternative(route.map(\.name), miles: statistics.totalMiles, units: units, days: statistics.days)
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
    package let header: String
    package let rows: [Row]
    /// The day's own stops, in its order.
    package let route: [RouteStop]
    /// The miles of the day's travel.
    package let miles: Double

    package var id: Int { number }
    package var isRest: Bool { rows.isEmpty }
    /// What a rest day says in place of items.
    package let restText: String

    init(_ day: Day, units: Units, formats: Formats) {
        self.number = day.number
        self.date = day.date
        self.label = formats.dayLabel(day.number)
        self.longDate = formats.longDate(day.date)
        self.header = formats.dayHeader(day.number, longDate: longDate)
        self.restText = day.entries.isEmpty ? formats.language.text(.dayRest) : ""
        self.rows = day.entries.map { Row($0, units: units, formats: formats) }
        self.route = day.route
        self.miles = day.entries.reduce(0) { $0 + ($1.item.travel?.distanceMiles ?? 0) }
    }
}

/// One entry as shown.
package enum Row: Sendable {
    case game(GameRow)
    case travel(TravelRow)
    case custom(CustomRow)

    init(_ entry: Entry, units: Units, formats: Formats) {
        if let game = entry.game {
            self = .game(GameRow(entry.item, game, formats: formats))
        } else if let travel = entry.item.travel {
            self = .travel(TravelRow(entry.item, travel, units: units, formats: formats))
        } else if let custom = entry.item.custom {
            self = .custom(CustomRow(entry.item, custom, formats: formats))
        } else {
            // A game item whose game is missing cannot pass the reader; show its id rather than trap.
            self = .custom(
                CustomRow(
                    entry.item, Custom(category: .note, title: entry.item.gameID ?? entry.item.id), formats: formats))
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

    init(_ item: Item, _ game: Game, formats: Formats) {
        self.itemID = item.id
        self.sport = game.sport
        self.matchup = game.matchup
        self.awayName = game.away.name
        self.homeName = game.home.name
        self.teams = formats.teams(away: game.away.name, home: game.home.name)
        self.stadium = game.stadium.name
        self.city = game.stadium.city
        self.venue = game.stadium.venue
        self.time = formats.gameTime(game)
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

    package init(_ item: Item, _ travel: Travel, units: Units, formats: Formats) {
        self.itemID = item.id
        self.mode = travel.mode
        self.icon = Icons.emoji(travel.mode)
        self.fromCity = travel.fromCity
        self.toCity = travel.toCity
        self.route = travel.route
        var parts: [String] = []
        if let miles = travel.distanceMiles { parts.append(formats.distance(miles: miles, units: units)) }
        if let minutes = travel.durationMinutes { parts.append(formats.duration(minutes: minutes)) }
        self.details = parts.joined(separator: formats.language.separator)
        self.separator = formats.language.separator
        self.modeName = formats.modeName(travel.mode)
        self.notes = item.notes.flatMap { $0.isEmpty ? nil : $0 }
        self.confirmation = item.confirmation.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "Chicago → Detroit · 283 mi · 4h 30m".
    package var line: String { details.isEmpty ? route : route + separator + details }
    private let separator: String
}

package struct CustomRow: Sendable {
    package let itemID: String
    package let category: Custom.Category
    /// "Restaurant", in the document's language.
    package let categoryName: String
    package let icon: String
    package let title: String
    /// "7:30 PM", when the item has a time.
    package let time: String?
    package let address: String?
    package let confirmation: String?
    package let notes: String?

    init(_ item: Item, _ custom: Custom, formats: Formats) {
        self.itemID = item.id
        self.category = custom.category
        self.categoryName = formats.categoryName(custom.category)
        self.icon = Icons.emoji(custom.category)
        self.title = custom.title
        self.time = custom.time.map(formats.time)
        self.address = custom.location?.address.flatMap { $0.isEmpty ? nil : $0 }
        self.confirmation = item.confirmation.flatMap { $0.isEmpty ? nil : $0 }
        self.notes = item.notes.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A calendar feed as the documents print it (issue #45): its URL, its QR code, and
/// what scanning does, in the document's language.
package struct Subscription: Sendable {
    package let url: String
    package let code: QRCode
    /// "Scan to add this trip to your calendar; it stays up to date."
    package let scanText: String
    /// The code's text alternative: "QR code of the calendar of this trip: URL".
    package let alternative: String

    /// Nil when the URL is too long for a QR code.
    package init?(url: String, language: Language) {
        guard let code = QRCode(url) else { return nil }
        self.url = url
        self.code = code
        scanText = language.text(.subscribeScan)
        alternative = language.text(.subscribeAlternative, ["url": .text(url)])
    }
}
