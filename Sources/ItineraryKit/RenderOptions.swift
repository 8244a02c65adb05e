import Foundation
import ItineraryModel
import ItineraryPDF
import ItineraryPresentation

/// How a trip is rendered, whichever way it is asked for: the command line's
/// flags, the service's query parameters and library calls all make one of
/// these, and each mistake has one sentence wherever it is made.
///
/// ```swift
/// var options = RenderOptions()
/// try options.set("pageSize", to: "a4")   // as `--page-size a4` or `?pageSize=a4`
/// let pdf = try trip.render(.pdf, options: options)
/// ```
public struct RenderOptions: Sendable {
    /// `.book` (one flowing document) or `.daySheets` (each day on a new page).
    public var layout: DocumentStyle
    /// The paper of the PDF and PNG pages and of the HTML page's print stylesheet.
    public var pageSize: PageSize
    /// The resolution of PNG pages, 18 to 600 dots per inch.
    public var dpi: Double
    /// Seconds since 1970 stamped as the documents' creation time
    /// (`SOURCE_DATE_EPOCH`), so the same input gives the same bytes; nil: now.
    public var creationDate: Int?
    /// Fields left out of every format, for a copy shared outside the trip.
    public var omit: Set<OmittedField>
    /// HTML and Markdown templates; nil: the built-in ones.
    public var templates: TripTemplates?
    /// The documents' language, a BCP 47 tag (`de`, `pt-BR`, `ar-EG`); nil: the
    /// trip's `locale`, else `en-US`. A tag without a catalogue of its own uses
    /// its nearest parent's (`de-CH` → `de`); its dates and numbers stay its own.
    public var locale: String?
    /// PDFs that also conform to PDF/A-2a, for archives; every PDF conforms to PDF/UA-1.
    public var pdfA: Bool
    /// An app's own look; nil: the built-in one.
    public var theme: Theme?
    /// The parts of the document (`cover`, `map`, `days`, `bookings`), always in that
    /// order; nil: the book's and the web page's every part, and day sheets' days
    /// alone (with `bookings` asked for, a last sheet of bookings).
    public var sections: Set<Section>?
    /// Each day of the book starts a new page (a day longer than a page runs on).
    public var dayPerPage = false
    /// For a calendar that people subscribe to: its own URL (written as `SOURCE`) and
    /// how often clients should fetch it again, in seconds (`REFRESH-INTERVAL`,
    /// `X-PUBLISHED-TTL`); nil: a calendar file imported once.
    public var calendarFeed: (url: String, refreshSeconds: Int)?
    /// Locks every PDF with AES-256 (revision 6): `user` opens it; `owner`, else the
    /// user's, is the permissions password. Printing, copying and assistive technology
    /// stay allowed. Bytes the caller holds (UTF-8); never with `pdfA`.
    public var password: (user: [UInt8], owner: [UInt8]?)?
    /// A calendar feed's URL (`https`, `http` or `webcal`), printed with its QR code on the
    /// book's cover, the first day sheet and atop the web page, with a line saying what
    /// scanning does.
    public var subscribeURL: String?

    /// Options as given; the defaults are `itinerary render`'s: a Letter trip book,
    /// PNG at 144 dpi, the time now, every field shown.
    public init(
        layout: DocumentStyle = .book, pageSize: PageSize = .letter, dpi: Double = 144,
        creationDate: Int? = nil, omit: Set<OmittedField> = [], templates: TripTemplates? = nil, locale: String? = nil,
        pdfA: Bool = false, theme: Theme? = nil, sections: Set<Section>? = nil, dayPerPage: Bool = false
    ) {
        self.sections = sections
        self.dayPerPage = dayPerPage
        self.layout = layout
        self.pageSize = pageSize
        self.dpi = dpi
        self.creationDate = creationDate
        self.omit = omit
        self.templates = templates
        self.locale = locale
        self.pdfA = pdfA
        self.theme = theme
    }

    /// The options' names as `set(_:to:)` and the service's query take them: `layout`, `pageSize`, …
    public static var names: [String] { Option.allCases.map(\.rawValue) }

    /// The languages there are catalogues for: BCP 47 tag and name in the language itself (`de`, `Deutsch`).
    public static var languages: [(tag: String, name: String)] { Language.available }

    /// A value of an option that is a choice (`PageSize`, `DocumentStyle`,
    /// `OmittedField`, `OutputFormat`) as people write it, in any case with spaces
    /// around: `try RenderOptions.choice("A4", of: PageSize.self)`.
    /// - Throws: `Problem` (`badOption`) with the option's sentence and its choices:
    ///   "unknown page size "b5"; choose letter or a4."
    public static func choice<Value: CaseIterable & RawRepresentable>(
        _ text: String, of type: Value.Type = Value.self
    ) throws(Problem) -> Value where Value.RawValue == String {
        func parse<Choice: OptionChoices>(_ choice: Choice.Type) throws(Problem) -> Value {
            guard let value = Choice(choice: text) else { throw OptionProblems.unknown(Choice.self, text) }
            return value as! Value  // Choice is Value, opened
        }
        if let choices = type as? any OptionChoices.Type { return try parse(choices) }
        let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
        guard let value = Value(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw Problem(code: .badOption, "unknown value \"\(text.shownInMessage)\"; choose \(names).")
        }
        return value
    }

    /// Sets an option from text as people write it: `name` is the option's
    /// name in either spelling (`pageSize` or `page-size`), `value` its value
    /// (`a4`; for `omit` a comma list, added to what is already left out; for
    /// `theme` a theme file's path, read at once).
    /// - Throws: `Problem` with code `badOption` and the option's name as its location.
    public mutating func set(_ name: String, to value: String) throws(Problem) {
        guard let option = Option(name) else { throw OptionProblems.unknownOption(name) }
        switch option {
        case .layout:
            guard let layout = DocumentStyle(choice: value) else {
                throw OptionProblems.unknown(DocumentStyle.self, value)
            }
            self.layout = layout
        case .pageSize:
            guard let pageSize = PageSize(choice: value) else { throw OptionProblems.unknown(PageSize.self, value) }
            self.pageSize = pageSize
        case .dpi:
            guard let dpi = Double(value.trimmingCharacters(in: .whitespaces)), Self.dpiRange.contains(dpi) else {
                throw OptionProblems.badDPI(value)
            }
            self.dpi = dpi
        case .theme:
            theme = try Theme(contentsOf: value)
        case .pdfA:
            pdfA = try Self.boolean("pdfA", value)
        case .dayPerPage:
            dayPerPage = try Self.boolean("dayPerPage", value)
        case .sections:
            var chosen: Set<Section> = []
            for part in value.split(separator: ",", omittingEmptySubsequences: false)
            where !part.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let section = Section(choice: String(part)) else {
                    throw OptionProblems.unknown(Section.self, String(part))
                }
                chosen.insert(section)
            }
            guard !chosen.isEmpty else { throw OptionProblems.noSections() }
            sections = chosen
        case .locale:
            guard let language = Language(resolving: value.trimmingCharacters(in: .whitespaces)) else {
                throw OptionProblems.unknownLocale(value)
            }
            locale = language.tag
        case .omit:
            for field in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let omitted = OmittedField(choice: String(field)) else {
                    throw OptionProblems.unknown(OmittedField.self, String(field))
                }
                omit.insert(omitted)
            }
        }
    }

    private static func boolean(_ name: String, _ value: String) throws(Problem) -> Bool {
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no": false
        default: throw OptionProblems.notABoolean(name, value)
        }
    }

    /// The language of the first of a request's `Accept-Language` ranges that
    /// has a catalogue, q-values honoured; the header never causes an error, and
    /// without a match the trip's language stays. Does nothing when `locale` is set.
    public mutating func accept(languages header: String) {
        guard locale == nil, let language = Language.bestMatch(acceptLanguage: header) else { return }
        locale = language.tag
    }

    /// Refuses what a render would refuse however the options were set (a `dpi` out
    /// of range, a `locale` without a catalogue), before any work is done.
    /// - Throws: `Problem` with code `badOption` and the option's name as its location.
    public func check() throws(Problem) {
        guard Self.dpiRange.contains(dpi) else { throw OptionProblems.badDPI(JSONNumber(dpi).literal) }
        if let locale, Language(resolving: locale) == nil { throw OptionProblems.unknownLocale(locale) }
        if let sections, sections.isEmpty { throw OptionProblems.noSections() }
        if let password {
            if pdfA { throw OptionProblems.passwordWithPDFA() }
            if password.user.isEmpty { throw OptionProblems.emptyPassword() }
        }
        if let subscribeURL {
            let scheme = subscribeURL.prefix { $0 != ":" }.lowercased()
            guard ["https", "http", "webcal"].contains(scheme), subscribeURL.contains("://") else {
                throw OptionProblems.badSubscribeURL(subscribeURL)
            }
            guard QRCode(subscribeURL) != nil else { throw OptionProblems.subscribeURLTooLong() }
        }
    }

    /// The PNG resolutions `dpi` may take, in dots per inch: the painter's (`TripDocument.dpiRange`).
    public static var dpiRange: ClosedRange<Double> { TripDocument.dpiRange }

    /// "18 to 600", as help texts and messages say the range.
    package static var dpiChoices: String { "\(Int(dpiRange.lowerBound)) to \(Int(dpiRange.upperBound))" }

    /// The options `set(_:to:)` knows, by their names in the service's spelling.
    package enum Option: String, CaseIterable {
        case layout, pageSize, dpi, omit, locale, pdfA, theme, sections, dayPerPage

        /// An option by either of its names: `pageSize` (query parameters, JSON) or `page-size` (flags).
        init?(_ name: String) {
            guard let option = Self.allCases.first(where: { $0.rawValue == name || $0.flag == name }) else {
                return nil
            }
            self = option
        }

        /// The command line's spelling: `page-size`.
        package var flag: String {
            switch self {
            case .pageSize: "page-size"
            case .pdfA: "pdf-a"
            case .dayPerPage: "day-per-page"
            default: rawValue
            }
        }
    }
}

/// The paper a document is set for: `letter` or `a4` (defined once, by the
/// stage that sets pages, and used as it is by every stage and by you).
public typealias PageSize = ItineraryPresentation.PageSize

/// How a printed document is divided: `book` or `daySheets`.
public typealias DocumentStyle = ItineraryPresentation.DocumentStyle

/// A part of a document: `cover`, `map`, `days` or `bookings`.
public typealias Section = ItineraryPresentation.Section

/// A kind of field a traveller may leave out of a trip they share: `confirmations`, `notes` or `addresses`.
public typealias OmittedField = ItineraryPresentation.OmittedField

/// An option whose value is one of a list: each list is its type's cases, written
/// once, and its messages, the command line's help and the service's OpenAPI
/// document all come from it.
package protocol OptionChoices: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// The option's name as the service and `RenderOptions.set` spell it: `pageSize`.
    static var parameter: String { get }
    /// What a value of this option is called in a sentence: "page size".
    static var noun: String { get }
    /// The sentence for a value that is none of the choices.
    static func unknownSentence(_ value: String) -> String
    /// A value as people write it.
    init?(choice: String)
}

extension OptionChoices {
    /// "letter or a4", "pdf, png, html, md, ics or gpx".
    package static var choiceList: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// "unknown page size "b5"; choose letter or a4."
    package static func unknownSentence(_ value: String) -> String {
        "unknown \(noun) \"\(value.shownInMessage)\"; choose \(choiceList)."
    }

    /// A value as people write it: its raw value in any case, spaces around ignored.
    package init?(choice: String) {
        self.init(rawValue: choice.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

extension PageSize: OptionChoices {
    package static var parameter: String { "pageSize" }
    package static var noun: String { "page size" }
}

extension DocumentStyle: OptionChoices {
    package static var parameter: String { "layout" }
    package static var noun: String { "layout" }
}

extension OmittedField: OptionChoices {
    package static var parameter: String { "omit" }
    package static var noun: String { "field to leave out" }
    package static func unknownSentence(_ value: String) -> String {
        "cannot leave out \"\(value.shownInMessage)\"; choose \(choiceList)."
    }
}

extension Section: OptionChoices {
    package static var parameter: String { "sections" }
    package static var noun: String { "part" }
}

extension OutputFormat: OptionChoices {
    package static var parameter: String { "format" }
    package static var noun: String { "format" }
}

/// Every sentence about a render option, in one place: the command line, the
/// service and the library say the same thing about the same mistake.
package enum OptionProblems {
    static func unknownOption(_ name: String) -> Problem {
        let names = RenderOptions.Option.allCases.map(\.rawValue).joined(separator: ", ")
        return Problem(
            code: .badOption, location: name.shownInMessage,
            "there is no option \"\(name.shownInMessage)\"; the options are \(names).")
    }

    /// "unknown page size "b5"; choose letter or a4.", and the same for every option that is a choice.
    package static func unknown<Choice: OptionChoices>(_ choice: Choice.Type, _ value: String) -> Problem {
        Problem(code: .badOption, location: Choice.parameter, Choice.unknownSentence(value))
    }

    static func badDPI(_ value: String) -> Problem {
        Problem(
            code: .badOption, location: "dpi",
            "the PNG resolution must be a number of dots per inch from \(RenderOptions.dpiChoices), "
                + "not \"\(value.shownInMessage)\"."
        )
    }

    /// An empty `sections`: a document of nothing.
    static func noSections() -> Problem {
        Problem(code: .badOption, location: "sections", "give at least one part; choose \(Section.choiceList).")
    }

    static func passwordWithPDFA() -> Problem {
        Problem(
            code: .badOption, location: "password",
            "a PDF/A file cannot have a password, as PDF/A forbids encryption; leave out one or the other.")
    }

    static func emptyPassword() -> Problem {
        Problem(
            code: .badOption, location: "password", "the PDF's password is empty; give one of at least a character.")
    }

    static func badSubscribeURL(_ value: String) -> Problem {
        Problem(
            code: .badOption, location: "subscribeURL",
            "the calendar's URL must start with https://, http:// or webcal://, not \"\(value.shownInMessage)\".")
    }

    static func subscribeURLTooLong() -> Problem {
        Problem(code: .badOption, location: "subscribeURL", "the calendar's URL is too long for a QR code.")
    }

    static func notABoolean(_ name: String, _ value: String) -> Problem {
        Problem(code: .badOption, location: name, "\(name) is true or false, not \"\(value.shownInMessage)\".")
    }

    static func unknownLocale(_ value: String) -> Problem {
        let tags = Language.available.map(\.tag).joined(separator: ", ")
        let what =
            LanguageTag.canonical(value.trimmingCharacters(in: .whitespaces)) == nil
            ? "\"\(value.shownInMessage)\" is not a language tag (BCP 47, such as de or pt-BR)"
            : "there is no catalogue for \"\(value.shownInMessage)\" or its parents"
        return Problem(code: .badOption, location: "locale", "\(what); the languages are \(tags).")
    }
}
