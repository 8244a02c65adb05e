import Foundation
import ItineraryLayout
import ItineraryModel
import ItineraryPresentation

/// One game's `pass.json`: an Apple Wallet event ticket, as values. Made from the presented
/// trip (the options that change content already applied), so the language, the fields left
/// out and the order are the documents' own; `json` writes it.
///
/// Dates are written in the venue's zone with its offset (`2026-03-08T20:00:00-05:00`) and
/// shown by the phone (`dateStyle`, `timeStyle`) in the reader's language, in the venue's
/// time (`ignoresTimeZone`), as the game card shows it.
package struct PassDocument: Encodable, Sendable {
    let formatVersion = 1
    let passTypeIdentifier: String
    let teamIdentifier: String
    let serialNumber: String
    let groupingIdentifier: String
    let organizationName: String
    let description: String
    let logoText: String?
    let backgroundColor: String
    let foregroundColor: String
    let labelColor: String
    let relevantDate: String
    let relevantDates: [RelevantInterval]
    let locations: [Location]
    let eventTicket: Fields
    let semantics: Semantics

    /// The game the pass is for.
    package var gameID: String { game.id }
    /// Its league, as the trip names it: `NBA`.
    package var league: String { game.sport }
    private let game: Game

    struct RelevantInterval: Encodable, Sendable {
        let startDate: String
        let endDate: String
    }

    struct Location: Encodable, Sendable {
        let latitude: Double
        let longitude: Double
        let relevantText: String
    }

    struct Fields: Encodable, Sendable {
        let headerFields: [Field]
        let primaryFields: [Field]
        let secondaryFields: [Field]
        let auxiliaryFields: [Field]
        let backFields: [Field]
    }

    struct Field: Encodable, Sendable {
        let key: String
        let label: String
        let value: String
        var dateStyle: String?
        var timeStyle: String?
        var ignoresTimeZone: Bool?

        init(_ key: String, _ label: String, _ value: String) {
            self.key = key
            self.label = label
            self.value = value
        }

        /// A date the phone writes in the reader's language: its date (`PKDateStyleMedium`) or time
        /// (`PKDateStyleShort`), at the venue.
        static func date(_ key: String, _ label: String, _ value: String, date: String, time: String) -> Field {
            var field = Field(key, label, value)
            field.dateStyle = date
            field.timeStyle = time
            field.ignoresTimeZone = true
            return field
        }
    }

    /// The semantic tags (iOS 18): the sports layout, Siri and the lock screen read them.
    struct Semantics: Encodable, Sendable {
        let eventType = "PKEventTypeSports"
        let eventName: String
        let eventStartDate: String
        let eventEndDate: String
        let venueName: String
        let venueLocation: Point
        let homeTeamName: String
        let homeTeamAbbreviation: String?
        let awayTeamName: String
        let awayTeamAbbreviation: String?
        let leagueName: String?
        let leagueAbbreviation: String?
        let confirmationNumber: String?
    }

    struct Point: Encodable, Sendable {
        let latitude: Double
        let longitude: Double
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion, passTypeIdentifier, teamIdentifier, serialNumber, groupingIdentifier,
            organizationName, description, logoText, backgroundColor, foregroundColor, labelColor, relevantDate,
            relevantDates, locations, eventTicket, semantics
    }

    /// The JSON, keys sorted and no space: the same trip gives the same bytes.
    package var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, a number, a list or an object of them: it always encodes.
        return (try? Array(encoder.encode(self))) ?? []
    }
}

extension PassDocument {
    /// Who issues the pass: its Pass Type ID certificate's UID and OU.
    package struct Issuer: Sendable {
        package let passTypeIdentifier: String
        package let teamIdentifier: String

        package init(passTypeIdentifier: String, teamIdentifier: String) {
            self.passTypeIdentifier = passTypeIdentifier
            self.teamIdentifier = teamIdentifier
        }
    }

    /// What a theme gives the pass: its name as the organisation, its colours, whether it has a logo.
    package struct Design: Sendable {
        package let organizationName: String
        package let palette: Palette
        package let hasLogo: Bool

        /// Without a theme: the built-in look under the app's name.
        package static let builtIn = Design(organizationName: "Itinerary", palette: .builtIn, hasLogo: false)

        package init(organizationName: String, palette: Palette, hasLogo: Bool) {
            self.organizationName = organizationName
            self.palette = palette
            self.hasLogo = hasLogo
        }

        /// The ticket's colours: the game colour's field with the text drawn on it (the paper or the
        /// ink, whichever reads better), and labels in the accent moved until they read at 4.5:1 on
        /// it, as the HTML's title band sets its game time (`Color.readable`).
        var colours: (background: Color, foreground: Color, label: Color) {
            (palette.game, palette.onGame, palette.accent.readable(on: palette.game, against: palette.onGame))
        }
    }

    /// The travel and plans the back of a pass lists before its game, at most: the nearest to it.
    static let wayThereLimit = 12

    /// Every game's pass, in the trip's order.
    package static func passes(_ trip: PresentedTrip, issuer: Issuer, design: Design) -> [PassDocument] {
        var passes: [PassDocument] = []
        var wayThere: [(row: Row, entry: Entry)] = []
        for (day, ordered) in zip(trip.days, trip.ordered.days) {
            for (row, entry) in zip(day.rows, ordered.entries) {
                guard case .game(let card) = row, let game = entry.game else {
                    wayThere.append((row, entry))
                    continue
                }
                passes.append(
                    PassDocument(
                        game: game, card: card, item: entry.item, day: day, wayThere: wayThere.suffix(wayThereLimit),
                        trip: trip, issuer: issuer, design: design))
                wayThere = []
            }
        }
        return passes
    }

    private init(
        game: Game, card: GameRow, item: Item, day: PresentedDay, wayThere: ArraySlice<(row: Row, entry: Entry)>,
        trip: PresentedTrip, issuer: Issuer, design: Design
    ) {
        let language = trip.language
        let start = Self.timestamp(game.start.seconds, in: game.timeZone)
        let end = Self.timestamp(game.start.seconds + Int64(game.expectedMinutes * 60), in: game.timeZone)
        let colours = design.colours
        self.game = game
        passTypeIdentifier = issuer.passTypeIdentifier
        teamIdentifier = issuer.teamIdentifier
        serialNumber = Self.serialNumber(trip: trip.ordered.trip.id, game: game.id)
        groupingIdentifier = trip.ordered.trip.id
        organizationName = design.organizationName
        description = card.teams
        logoText = design.hasLogo ? nil : design.organizationName
        backgroundColor = Self.rgb(colours.background)
        foregroundColor = Self.rgb(colours.foreground)
        labelColor = Self.rgb(colours.label)
        relevantDate = start
        // On the lock screen from two hours before the start (the way in, the gates) to the game's end.
        relevantDates = [
            RelevantInterval(startDate: Self.timestamp(game.start.seconds - 7200, in: game.timeZone), endDate: end)
        ]
        locations = [
            Location(
                latitude: game.stadium.latitude, longitude: game.stadium.longitude,
                relevantText: card.matchup + language.separator + card.stadium)
        ]
        var back = [
            Field("trip", language.text(.passTrip), trip.name), Field("day", day.label, day.longDate),
        ]
        back += wayThere.map { Self.backField($0.row, formats: trip.formats) }
        if let code = Self.nonEmpty(item.confirmation) {
            back.append(Field("confirmation", language.text(.confirmation), code))
        }
        if let notes = Self.nonEmpty(item.notes) { back.append(Field("notes", language.text(.passNotes), notes)) }
        eventTicket = Fields(
            headerFields: [
                .date("date", language.text(.passDate), start, date: "PKDateStyleMedium", time: "PKDateStyleNone")
            ],
            primaryFields: [Field("matchup", card.sport, card.matchup)],
            secondaryFields: [
                Field("venue", language.text(.passVenue), card.stadium),
                Field("city", language.text(.passCity), card.city),
            ],
            auxiliaryFields: [
                .date("time", language.text(.passTime), start, date: "PKDateStyleNone", time: "PKDateStyleShort")
            ],
            backFields: back)
        semantics = Semantics(
            eventName: card.teams, eventStartDate: start, eventEndDate: end, venueName: card.stadium,
            venueLocation: Point(latitude: game.stadium.latitude, longitude: game.stadium.longitude),
            homeTeamName: game.home.name, homeTeamAbbreviation: Self.nonEmpty(game.home.abbr),
            awayTeamName: game.away.name, awayTeamAbbreviation: Self.nonEmpty(game.away.abbr),
            leagueName: Self.nonEmpty(game.sport), leagueAbbreviation: Self.nonEmpty(game.sport),
            confirmationNumber: Self.nonEmpty(item.confirmation))
    }

    /// An item on the way to the game, on the pass's back: its kind as the label, then its lines
    /// (what and when, where, the confirmation, the notes), each only when the trip has it and
    /// it is not left out.
    private static func backField(_ row: Row, formats: Formats) -> Field {
        switch row {
        case .travel(let travel):
            let lines = [travel.line, travel.confirmation.map(formats.confirmation), travel.notes]
            return Field("item-" + travel.itemID, travel.modeName, lines.compactMap { $0 }.joined(separator: "\n"))
        case .custom(let custom):
            let title = [custom.time, custom.title].compactMap { $0 }.joined(separator: formats.language.separator)
            let lines = [title, custom.address, custom.confirmation.map(formats.confirmation), custom.notes]
            return Field("item-" + custom.itemID, custom.categoryName, lines.compactMap { $0 }.joined(separator: "\n"))
        case .game(let game):
            return Field("item-" + game.itemID, game.sport, game.matchup)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// "rgb(20, 33, 61)", as pass.json writes a colour.
    static func rgb(_ colour: Color) -> String {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgb(\(channel(colour.red)), \(channel(colour.green)), \(channel(colour.blue)))"
    }

    /// An instant in a zone, ISO 8601 with the zone's offset then: "2026-03-08T20:00:00-05:00".
    static func timestamp(_ seconds: Int64, in zone: Zone) -> String {
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone.timeZone)
            .format(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The same id on every render of the same game of the same trip, so a pass issued again
    /// replaces the one in Wallet: a name-based UUID (version 5, SHA-1) of the trip's and the game's ids.
    static func serialNumber(trip: String, game: String) -> String {
        NameBasedID.make(trip + "\n" + game)
    }
}
