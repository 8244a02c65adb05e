import Foundation

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

    /// Every catalogue, by tag, read once; a message that does not parse is
    /// left out (English's is used), which the catalogue test does not allow.
    static let all: [String: Catalogue] = {
        var all: [String: Catalogue] = [:]
        for (tag, bytes) in BundledCatalogues.files {
            let parsed = (try? parse(bytes)) ?? [:]
            var messages: [MessageKey: MessageFormat] = [:]
            for (key, message) in parsed {
                if let key = MessageKey(rawValue: key), let format = try? MessageFormat(message) { messages[key] = format }
            }
            all[tag] = Catalogue(tag: tag, messages: messages)
        }
        if let english = all["en"] {
            all[Language.pseudoTag] = Catalogue(tag: Language.pseudoTag, messages: english.messages.mapValues { $0.mappingLiterals(pseudo) },
                                                isPseudo: true)
        }
        return all
    }()

    static let english: Catalogue = all["en"] ?? Catalogue(tag: "en", messages: [:])

    /// A catalogue file's messages, key to ICU MessageFormat text.
    /// - Throws: when the file is not a JSON object of strings.
    package static func parse(_ bytes: [UInt8]) throws -> [String: String] {
        guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { throw CatalogueError.notAnObject }
        var messages: [String: String] = [:]
        for (key, value) in object {
            guard let text = value as? String else { throw CatalogueError.notText(key) }
            messages[key] = text
        }
        return messages
    }

    enum CatalogueError: Error { case notAnObject, notText(String) }

    /// The nearest catalogue for a canonical tag: the tag's own, a parent's,
    /// or another of its language written in the same script; nil if none.
    static func nearest(to canonical: String) -> Catalogue? {
        if let exact = all[canonical] { return exact }
        if canonical.hasPrefix(Language.pseudoTag) { return all[Language.pseudoTag] }
        for candidate in LanguageTag.candidates(canonical) {
            if let catalogue = all[candidate], !catalogue.isPseudo { return catalogue }
        }
        let wanted = Locale.Language(identifier: canonical)
        guard let code = wanted.languageCode?.identifier else { return nil }
        let script = Locale.Language(identifier: wanted.maximalIdentifier).script
        return all.values.filter { catalogue in
            let language = Locale.Language(identifier: catalogue.tag)
            return !catalogue.isPseudo && language.languageCode?.identifier == code
                && Locale.Language(identifier: language.maximalIdentifier).script == script
        }.min { ($0.tag.count, $0.tag) < ($1.tag.count, $1.tag) }
    }

    // MARK: The pseudo-locale

    /// Accented letters, so text that skipped the catalogue stands out.
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("åƀçđéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ")
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
    case routeStart = "route.start"
    case routeEnd = "route.end"
    case pageNumber = "page.number"
    case confirmation = "label.confirmation"
    case confirmationCode = "label.confirmationCode"
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
    /// What stands between the parts of a line: " · "; Arabic's is a dash, as its zero is a dot.
    case separator
}
