import ItineraryPresentation
import ItineraryLayout
import ItineraryModel
import Foundation
import ItinerarySigning
internal import CCairo

/// What the printed documents share: how drawing one fails, the previews' resolutions, the PDF's date stamps.
package enum TripDocument {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        /// Why the PDF could not be signed (issue #51), when that is why it failed.
        package var signing: SigningFailure? = nil
    }

    /// The largest preview resolution: a Letter page at 600 dpi is 5100 × 6600 pixels.
    package static let dpiRange: ClosedRange<Double> = 18...600

    /// "2026-03-06T00:00:00Z" from seconds since 1970, as Cairo's metadata wants it.
    static func pdfDate(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days).description
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return date + "T" + two(rest / 3600) + ":" + two(rest / 60 % 60) + ":" + two(rest % 60) + "Z"
    }
}

/// What the layout stage made, painted as PDF or as PNG pages: it only
/// walks the pages' boxes. `--format pdf,png` lays the trip out once.
package struct PrintedDocument {
    /// What every stage shares; the printed document reads its layout, page size,
    /// sections, resolution, date stamp and PDF/A.
    let options: DocumentOptions
    /// The PDF's Creator: "itinerary 0.1.0".
    let creator: String
    /// The trip the PDF carries (issue #45); nil: none.
    let attachment: PDFAttachment?
    /// The passwords that lock the PDF; nil: not locked.
    let password: PDFPassword?
    /// Who signs the PDF (issue #51); nil: not signed.
    let signature: PDFSignatureRequest?
    let text: TextEngine
    /// The pages as the layout stage made them.
    package private(set) var document: LaidOutDocument

    /// Lays a trip out and gets ready to paint it: the text is measured by
    /// the engine that will draw it, with the fonts the trip's text needs.
    /// - Parameters:
    ///   - look: a theme's colours, footer and logo.
    ///   - font: a theme's typeface, its family and its font files.
    ///   - map: the land, water and borders under the route maps; the installed
    ///     data, read once a process, unless a test gives its own.
    ///   - creator: the PDF's Creator, "itinerary 0.1.0".
    ///   - attachment: the trip the PDF carries (issue #45); nil: none.
    ///   - password: the passwords that lock the PDF; nil: not locked.
    ///   - signature: who signs the PDF, after it is locked; nil: not signed.
    package init(
        _ trip: PresentedTrip, options: DocumentOptions, look: Look = .builtIn,
        font: (family: String, files: [String])? = nil,
        map: MapData = .installed, creator: String = "itinerary", attachment: PDFAttachment? = nil,
        password: PDFPassword? = nil, signature: PDFSignatureRequest? = nil
    ) {
        let (text, document) = CairoLock.run {
            let text = Self.engine(for: trip, font: font)
            var layout = DocumentLayout(
                pageSize: options.pageSize, style: options.layout, measurer: text, map: map, look: look)
            layout.sections = Section.chosen(options.sections, style: options.layout)
            layout.asked = options.sections ?? []
            layout.dayPerPage = options.dayPerPage
            return (text, layout.layout(trip))
        }
        self.options = options
        self.creator = creator
        self.attachment = attachment
        self.password = password
        self.signature = signature
        self.text = text
        self.document = document
    }

    /// The text measurer for the layout stage, with the fonts this trip's text and a theme's typeface need.
    private static func engine(for trip: PresentedTrip, font: (family: String, files: [String])?) -> TextEngine {
        var coverage = FontSet.Coverage(texts(of: trip), language: trip.language.tag)
        coverage.themeFont = font?.files ?? []
        return TextEngine(
            coverage, language: trip.language.tag, rightToLeft: trip.language.isRightToLeft, family: font?.family)
    }

    /// Every string of the trip that the document may set.
    private static func texts(of trip: PresentedTrip) -> [String] {
        // The language's own words (a page number, a header) and the trip's text.
        var texts =
            [
                trip.name, trip.summary, trip.dateRange,
                trip.language.text(.pageNumber, ["page": .number(1), "count": .number(1)]),
            ]
            + trip.route.map(\.label) + [trip.bookingLabels.title] + trip.bookingLabels.columns
            + trip.bookings.map(\.day)
        for day in trip.days {
            texts.append(day.header)
            for row in day.rows {
                switch row {
                case .game(let game): texts += [game.sport, game.matchup, game.teams, game.venue, game.time]
                case .travel(let travel):
                    texts += [travel.line, travel.modeName] + [travel.notes, travel.confirmation].compactMap { $0 }
                case .custom(let custom):
                    texts += [custom.title] + [custom.address, custom.confirmation, custom.notes].compactMap { $0 }
                }
            }
        }
        return texts
    }

    /// How much of PDF/UA-1 a PDF gets: every document gets all of it; the
    /// others exist so that `itinerary-bench` can show what it costs
    /// (`ITINERARY_BENCH_PDF`, docs/performance.md).
    package enum Tagging: String, Sendable {
        /// Cairo's structure tree and the finisher: PDF/UA-1 (and PDF/A when asked).
        case accessible
        /// Cairo's structure tree alone, not finished: not PDF/UA.
        case cairo
        /// No structure tree and no finishing: the PDF as it was before PDF/UA.
        case untagged
    }

    /// The whole document as PDF bytes, with one bookmark per day.
    ///
    /// Consuming: each page's boxes are let go once it is drawn, so a
    /// caller that keeps no copy of the document does not hold the whole layout
    /// while Cairo ends the file and it is finished (issue #33: the 5,000-item
    /// book's peak memory, docs/performance.md).
    package consuming func pdf(tagging: Tagging = .accessible) throws(TripDocument.Failure) -> [UInt8] {
        if tagging == .accessible { try FinisherCairo.check() }
        do {
            // A password's keys are derived on another thread while Cairo draws (PDFFinish.Keys).
            let keys = tagging == .accessible ? password.map(PDFFinish.Keys.derive) : nil
            // Cairo's part, under the lock of every Cairo use (CairoLock); the finisher after, outside it.
            let (surface, tagger) = try CairoLock.run { () throws(CairoFailure) -> (Surface, StructureTagger?) in
                let surface = try Surface.pdf(width: document.pageWidth, height: document.pageHeight)
                surface.setMetadata(CAIRO_PDF_METADATA_TITLE, document.title)
                surface.setMetadata(CAIRO_PDF_METADATA_CREATOR, creator)
                if !document.subject.isEmpty { surface.setMetadata(CAIRO_PDF_METADATA_SUBJECT, document.subject) }
                if let seconds = options.creationDate {
                    let stamp = TripDocument.pdfDate(seconds)
                    surface.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, stamp)
                    surface.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, stamp)
                }
                let canvas = try Canvas(surface)
                let painter = Painter(canvas: canvas, text: text, rightToLeft: document.rightToLeft)
                let tagger = tagging == .untagged ? nil : StructureTagger(canvas: canvas)
                for index in document.pages.indices {
                    painter.paint(document.pages[index], tagger: tagger)
                    document.pages[index].boxes = []
                    document.pages[index].blocks = []
                    // The tree closes on the last page: Cairo writes no tag after it.
                    if index == document.pages.count - 1 { tagger?.finish() }
                    try canvas.showPage()
                }
                text.forgetPreparedTexts()
                // Bookmarks are added once their pages exist: Cairo 1.16 drops links to later pages.
                // A long trip's days go under their months: a flat list of hundreds of
                // bookmarks is hard to use, and PDF checkers give up on such long chains.
                let grouped = document.pages.reduce(0) { $0 + $1.bookmarks.count } > 62
                var month: (name: String, id: Int32)?
                for page in document.pages {
                    for bookmark in page.bookmarks {
                        var parent = CAIRO_PDF_OUTLINE_ROOT
                        if grouped, let group = bookmark.group {
                            if month?.name != group {
                                month = (group, surface.addOutline(title: group, page: page.number, y: bookmark.y))
                            }
                            parent = month?.id ?? parent
                        }
                        surface.addOutline(title: bookmark.title, page: page.number, y: bookmark.y, parent: parent)
                    }
                }
                return (surface, tagger)
            }
            guard let tagger, tagging == .accessible else { return try surface.finishPDF() }
            return try surface.finishPDF { cairo throws(CairoFailure) in
                try PDFFinish.finish(
                    cairo, language: document.language, title: document.title, alternatives: tagger.alternatives,
                    pdfA: options.pdfA,
                    extras: PDFFinish.Extras(attachment: attachment, keys: keys, signature: signature))
            }
        } catch {
            throw TripDocument.Failure(description: "cannot draw the PDF: \(error)", signing: error.signing)
        }
    }

    /// One PNG per page at `options.dpi`.
    package func png() throws(TripDocument.Failure) -> [[UInt8]] {
        try rasterPages { surface throws(CairoFailure) in
            do {
                return try PNGFile.write(surface.pointer)
            } catch {
                throw CairoFailure(operation: "writing a page as PNG", reason: "\(error)")
            }
        }
    }

    /// How many pages the document has.
    package var pageCount: Int { document.pages.count }

    /// One page (1-based) as PNG at `options.dpi`: the same bytes as that page of `png()`.
    package func png(page number: Int) throws(TripDocument.Failure) -> [UInt8] {
        guard document.pages.indices.contains(number - 1) else {
            throw TripDocument.Failure(description: "the document has no page \(number)")
        }
        return try rasterPages(number - 1...number - 1) { surface throws(CairoFailure) in
            do {
                return try PNGFile.write(surface.pointer)
            } catch {
                throw CairoFailure(operation: "writing a page as PNG", reason: "\(error)")
            }
        }[0]
    }

    /// Each page's pixels at `options.dpi`, RGBA rows top to bottom (what a
    /// PNG page holds, without encoding it), handed to `body` one page at a
    /// time, so a long document is never all in memory.
    package func pixels(_ body: (_ width: Int, _ height: Int, _ rgba: [UInt8]) -> Void) throws(TripDocument.Failure) {
        _ = try rasterPages { surface throws(CairoFailure) in
            do {
                let page = try PNGFile.rgba(of: surface.pointer)
                body(page.width, page.height, page.rgba)
            } catch {
                throw CairoFailure(operation: "reading a page's pixels", reason: "\(error)")
            }
        }
    }

    private func rasterPages<Page>(
        _ range: ClosedRange<Int>? = nil, _ output: (Surface) throws(CairoFailure) -> Page
    ) throws(TripDocument.Failure) -> [Page] {
        let dpiRange = TripDocument.dpiRange
        guard dpiRange.contains(options.dpi) else {
            throw TripDocument.Failure(
                description:
                    "the PNG resolution must be from \(Int(dpiRange.lowerBound)) "
                    + "to \(Int(dpiRange.upperBound)) dots per inch"
            )
        }
        do {
            return try CairoLock.run { () throws(CairoFailure) -> [Page] in try raster(range, output) }
        } catch {
            throw TripDocument.Failure(description: "cannot draw the preview: \(error)")
        }
    }

    private func raster<Page>(
        _ range: ClosedRange<Int>?, _ output: (Surface) throws(CairoFailure) -> Page
    ) throws(CairoFailure) -> [Page] {
        let scale = options.dpi / 72
        let width = Int((document.pageWidth * scale).rounded(.up)),
            height = Int((document.pageHeight * scale).rounded(.up))
        let pages = range.map { document.pages[$0] } ?? document.pages[...]
        return try pages.map { page throws(CairoFailure) in
            let surface = try Surface.image(width: width, height: height)
            let canvas = try Canvas(surface)
            canvas.paint(Color(hex: 0xFFFFFF))
            canvas.scale(scale, scale)
            Painter(canvas: canvas, text: text, rightToLeft: document.rightToLeft).paint(page)
            try canvas.check("drawing page \(page.number)")
            return try output(surface)
        }
    }
}
