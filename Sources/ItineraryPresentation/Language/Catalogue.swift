import Foundation
import Synchronization

/// The words of one language: a catalogue file of Catalogues/, parsed.
final class Catalogue: Sendable {
    let tag: String
    let messages: [MessageKey: MessageFormat]
    /// The pseudo-locale's catalogue, made from English's.
    let isPseudo: Bool
    /// The locale whose plural rules the messages follow.
    let pluralLocale: String

    init(tag: String, messages: [MessageKey: MessageFormat], isPseudo: Bool = false) {
        self.tag = tag
        self.messages = messages
        self.isPseudo = isPseudo
        self.pluralLocale = isPseudo ? "en" : tag
    }

    /// The tags there are catalogues for, the pseudo-locale's included.
    static let tags: [String] = BundledCatalogues.tags + [Language.pseudoTag]

    /// Catalogues read so far: each is parsed the first time a document asks for it.
    private static let loaded = Mutex<[String: Catalogue]>([:])

    /// The catalogue of a tag in `tags`; a message that does not parse is left
    /// out (English's is used), which the catalogue test does not allow.
    static func named(_ tag: String) -> Catalogue? {
        if let found = loaded.withLock({ $0[tag] }) { return found }
        let catalogue: Catalogue
        if tag == Language.pseudoTag {
            catalogue = Catalogue(
                tag: tag, messages: english.messages.mapValues { $0.mappingLiterals(pseudo) }, isPseudo: true)
        } else {
            guard let bytes = BundledCatalogues.files.first(where: { $0.tag == tag })?.bytes else { return nil }
            var messages: [MessageKey: MessageFormat] = [:]
            for (key, message) in (try? parse(bytes)) ?? [:] {
                if let key = MessageKey(rawValue: key), let format = try? MessageFormat(message) {
                    messages[key] = format
                }
            }
            catalogue = Catalogue(tag: tag, messages: messages)
        }
        loaded.withLock { $0[tag] = catalogue }
        return catalogue
    }

    static let english: Catalogue = named("en") ?? Catalogue(tag: "en", messages: [:])

    /// A catalogue file's messages, key to ICU MessageFormat text.
    /// - Throws: `DecodingError` when the file is not a JSON object of strings.
    package static func parse(_ bytes: [UInt8]) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(bytes))
    }

    /// The nearest catalogue for a canonical tag: the tag's own, a parent's,
    /// or another of its language written in the same script; nil if none.
    static func nearest(to canonical: String) -> Catalogue? {
        if tags.contains(canonical) { return named(canonical) }
        if canonical.hasPrefix(Language.pseudoTag) { return named(Language.pseudoTag) }
        for candidate in LanguageTag.candidates(canonical)
        where candidate != Language.pseudoTag && tags.contains(candidate) {
            return named(candidate)
        }
        let wanted = Locale.Language(identifier: canonical)
        guard let code = wanted.languageCode?.identifier else { return nil }
        let script = Locale.Language(identifier: wanted.maximalIdentifier).script
        let tag = BundledCatalogues.tags.filter { tag in
            let language = Locale.Language(identifier: tag)
            return language.languageCode?.identifier == code
                && Locale.Language(identifier: language.maximalIdentifier).script == script
        }.min { ($0.count, $0) < ($1.count, $1) }
        return tag.flatMap(named)
    }

    // MARK: The pseudo-locale

    /// Accented letters, so text that skipped the catalogue stands out.
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array(
            "åƀçđéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýž"
                + "ÅƁÇĐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    private static func pseudo(_ text: String) -> String {
        String(text.map { accents[$0] ?? $0 })
    }

    /// "[Ðåý 3 · … ·ŀŀŀ]": the message in brackets, 40 % longer than its words.
    static func pseudoWrap(_ text: String, literalLength: Int) -> String {
        let padding = (literalLength * 2 + 4) / 5
        return "[" + text + (padding > 0 ? " " + String(repeating: "~", count: padding) : "") + "]"
    }
}

/// The catalogue files built into the binary. A test checks that this list
/// names every file in Catalogues/, so a language added there is not left out.
package enum BundledCatalogues {
    package static let files: [(tag: String, bytes: [UInt8])] = [
        ("en", PackageResources.en_json),
        ("en-GB", PackageResources.en_GB_json),
        ("de", PackageResources.de_json),
        ("fr", PackageResources.fr_json),
        ("es", PackageResources.es_json),
        ("it", PackageResources.it_json),
        ("pt-BR", PackageResources.pt_BR_json),
        ("nl", PackageResources.nl_json),
        ("pl", PackageResources.pl_json),
        ("ru", PackageResources.ru_json),
        ("uk", PackageResources.uk_json),
        ("sv", PackageResources.sv_json),
        ("ja", PackageResources.ja_json),
        ("zh-Hans", PackageResources.zh_Hans_json),
        ("ko", PackageResources.ko_json),
        ("ar", PackageResources.ar_json),
        ("he", PackageResources.he_json),
    ]

    /// The tags of the files, for the test.
    package static var tags: [String] { files.map(\.tag) }

    /// A file's text, for the catalogue test.
    package static func messages(_ tag: String) throws -> [String: String] {
        guard let file = files.first(where: { $0.tag == tag }) else { return [:] }
        return try Catalogue.parse(file.bytes)
    }
}

/// Every message the documents use: the keys of each catalogue file.
package enum MessageKey: String, CaseIterable, Sendable {
    case dayLabel = "day.label"
    case dayHeader = "day.header"
    case dayContinued = "day.continued"
    case dayRest = "day.rest"
    case tripDays = "trip.days"
    case tripGames = "trip.games"
    case tripCities = "trip.cities"
    case documentTitle = "trip.documentTitle"
    case documentSubject = "trip.subject"
    case routeTitle = "route.title"
    case routeStops = "route.stops"
    case routeStopsInOrder = "route.stopsInOrder"
    case routeTodaysStops = "route.todaysStops"
    case routeMapOf = "route.mapOf"
    case routeAlternative = "route.alt"
    case routeDayAlternative = "route.dayAlt"
    case routeStart = "route.start"
    case routeEnd = "route.end"
    case pageNumber = "page.number"
    case confirmation = "label.confirmation"
    case confirmationCode = "label.confirmationCode"
    case bookingsTitle = "bookings.title"
    case bookingsDay = "bookings.day"
    case bookingsTime = "bookings.time"
    case bookingsKind = "bookings.kind"
    case bookingsWhat = "bookings.what"
    case bookingsAddress = "bookings.address"
    case gameTeams = "game.teams"
    case modeDrive = "mode.drive"
    case modeFlight = "mode.flight"
    case modeTrain = "mode.train"
    case modeBus = "mode.bus"
    case modeOther = "mode.other"
    case categoryRestaurant = "category.restaurant"
    case categoryHotel = "category.hotel"
    case categoryActivity = "category.activity"
    case categoryNote = "category.note"
    case unitMiles = "unit.miles"
    case unitKilometres = "unit.kilometres"
    /// CLDR's hour and minute units and the unit list joining them (Scripts/cldr-durations).
    case durationHours = "duration.hours"
    case durationMinutes = "duration.minutes"
    case durationJoin = "duration.join"
    /// What a part asked for says when it has nothing to show.
    case emptyBookings = "empty.bookings"
    case emptyMap = "empty.map"
    /// What stands between the parts of a line: " · "; Arabic's is a dash, as its zero is a dot.
    case separator
    /// Beside a calendar feed's QR code: what scanning it does.
    case subscribeScan = "subscribe.scan"
    /// The QR code's text alternative, with its URL.
    case subscribeAlternative = "subscribe.alt"
    /// What the trip a PDF carries is, as its attachment's description.
    case sourceDescription = "source.description"
    /// A Wallet pass's labels: the game's date and time, its venue and city, and on its back
    /// the trip and the traveller's notes. Wallet sets them in capitals.
    case passDate = "pass.date"
    case passTime = "pass.time"
    case passVenue = "pass.venue"
    case passCity = "pass.city"
    case passTrip = "pass.trip"
    case passNotes = "pass.notes"
    /// What assistive technology reads for a signed PDF's invisible signature field, with the signer's name.
    case signatureLabel = "signature.label"
}
