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
    /// What every stage shares (layout, page size, resolution, …), each reading its part;
    /// the properties below of the same names are views of it.
    package var document: DocumentOptions
    /// `.book` (one flowing document) or `.daySheets` (each day on a new page).
    public var layout: DocumentStyle {
        get { document.layout }
        set { document.layout = newValue }
    }
    /// The paper of the PDF and PNG pages and of the HTML page's print stylesheet.
    public var pageSize: PageSize {
        get { document.pageSize }
        set { document.pageSize = newValue }
    }
    /// The resolution of PNG pages, 18 to 600 dots per inch.
    public var dpi: Double {
        get { document.dpi }
        set { document.dpi = newValue }
    }
    /// Seconds since 1970 stamped as the documents' creation time
    /// (`SOURCE_DATE_EPOCH`), so the same input gives the same bytes; nil: now.
    public var creationDate: Int? {
        get { document.creationDate }
        set { document.creationDate = newValue }
    }
    /// Fields left out of every format, for a copy shared outside the trip.
    public var omit: Set<OmittedField> {
        get { document.omit }
        set { document.omit = newValue }
    }
    /// HTML and Markdown templates; nil: the built-in ones.
    public var templates: TripTemplates?
    /// The documents' language, a BCP 47 tag (`de`, `pt-BR`, `ar-EG`); nil: the
    /// trip's `locale`, else `en-US`. A tag without a catalogue of its own uses
    /// its nearest parent's (`de-CH` → `de`); its dates and numbers stay its own.
    public var locale: String? {
        get { document.locale }
        set { document.locale = newValue }
    }
    /// PDFs that also conform to PDF/A, for archives: PDF/A-3a, as a PDF carries its trip
    /// (PDF/A-2a when `omit` has `source`); every PDF conforms to PDF/UA-1.
    public var pdfA: Bool {
        get { document.pdfA }
        set { document.pdfA = newValue }
    }
    /// An app's own look; nil: the built-in one.
    public var theme: Theme?
    /// The parts of the document (`cover`, `map`, `days`, `bookings`), always in that
    /// order; nil: the book's and the web page's every part, and day sheets' days
    /// alone (with `bookings` asked for, a last sheet of bookings).
    public var sections: Set<Section>? {
        get { document.sections }
        set { document.sections = newValue }
    }
    /// Each day of the book starts a new page (a day longer than a page runs on).
    public var dayPerPage: Bool {
        get { document.dayPerPage }
        set { document.dayPerPage = newValue }
    }
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
    /// Wallet passes' own: `game` and `passIdentity` (Passes.swift).
    package var passes = PassOptions()
    /// Signs every PDF (PAdES B-B; B-T when a time-stamp authority's `http(s)` URL is given), after
    /// any password locks it. See `SigningIdentity`.
    public var signing: (identity: SigningIdentity, timestampURL: String?)?

    /// Options as given; the defaults are `itinerary render`'s: a Letter trip book,
    /// PNG at 144 dpi, the time now, every field shown.
    public init(
        layout: DocumentStyle = .book, pageSize: PageSize = .letter, dpi: Double = 144,
        creationDate: Int? = nil, omit: Set<OmittedField> = [], templates: TripTemplates? = nil, locale: String? = nil,
        pdfA: Bool = false, theme: Theme? = nil, sections: Set<Section>? = nil, dayPerPage: Bool = false
    ) {
        self.document = DocumentOptions(
            layout: layout, pageSize: pageSize, dpi: dpi, creationDate: creationDate, omit: omit, locale: locale,
            pdfA: pdfA, sections: sections, dayPerPage: dayPerPage)
        self.templates = templates
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

    /// The names of a type's values, as the command line's help, the sentence for a wrong
    /// value and the service's OpenAPI document list them: `pdf`, …, `geojson`.
    public static func choices<Value: CaseIterable & RawRepresentable>(
        of type: Value.Type = Value.self
    ) -> [String] where Value.RawValue == String {
        Value.allCases.map(\.rawValue)
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
        case .game:
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw OptionProblems.noGame() }
            game = value
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
        try checkPasses()
        if let password {
            if pdfA { throw OptionProblems.passwordWithPDFA() }
            if password.user.isEmpty { throw OptionProblems.emptyPassword() }
        }
        try checkSigning()
        if let subscribeURL {
            let scheme = subscribeURL.prefix { $0 != ":" }.lowercased()
            guard ["https", "http", "webcal"].contains(scheme), subscribeURL.contains("://") else {
                throw OptionProblems.badSubscribeURL(subscribeURL)
            }
            guard QRCode(subscribeURL) != nil else { throw OptionProblems.subscribeURLTooLong() }
        }
    }
}
