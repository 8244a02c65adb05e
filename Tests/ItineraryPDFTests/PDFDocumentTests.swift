import Foundation
import ItineraryLayout
@testable import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// The PDF as the tools read it: qpdf and poppler-utils.
@Suite struct PDFDocumentTests {
    static let options = DocumentOptions(creationDate: 1_767_225_600)
    static let creator = "itinerary 0.1.0"

    static func options(_ style: DocumentStyle, _ size: PageSize = .letter) -> DocumentOptions {
        var options = Self.options
        options.layout = style
        options.pageSize = size
        return options
    }

    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case sampleBook, sampleSheets, sampleA4, longBook, longSheets, scriptsBook, scriptsSheets
        var testDescription: String { rawValue }

        func render() throws -> (trip: PresentedTrip, options: DocumentOptions, pdf: PDFFile) {
            let (trip, options): (PresentedTrip, DocumentOptions) =
                switch self {
                case .sampleBook: (try Trips.sample(), PDFDocumentTests.options(.book))
                case .sampleSheets: (try Trips.sample(), PDFDocumentTests.options(.daySheets))
                case .sampleA4: (try Trips.sample(), PDFDocumentTests.options(.book, .a4))
                case .longBook: (try Trips.long(), PDFDocumentTests.options(.book))
                case .longSheets: (try Trips.long(), PDFDocumentTests.options(.daySheets))
                case .scriptsBook: (try Trips.scripts(), PDFDocumentTests.options(.book))
                case .scriptsSheets: (try Trips.scripts(), PDFDocumentTests.options(.daySheets))
                }
            let document = PrintedDocument(trip, options: options, creator: PDFDocumentTests.creator)
            return (trip, options, try PDFFile(try document.pdf()))
        }
    }

    @Test(arguments: Case.allCases)
    func qpdfFindsNothingWrong(_ which: Case) throws {
        let check = try which.render().pdf.check()
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("No syntax or stream encoding errors found"))
    }

    @Test(arguments: Case.allCases)
    func everyFontIsEmbedded(_ which: Case) throws {
        let fonts = try which.render().pdf.fonts()
        #expect(!fonts.isEmpty)
        for font in fonts {
            #expect(font.embedded, "\(font.name) is not embedded")
        }
    }

    @Test(arguments: Case.allCases)
    func metadataAndPages(_ which: Case) throws {
        let (trip, options, pdf) = try which.render()
        let info = try pdf.info()
        let layout = PrintedDocument(trip, options: options).document
        #expect(info["Title"] == trip.name)
        #expect(info["Creator"] == "itinerary 0.1.0")
        #expect(info["Pages"] == String(layout.pages.count))
        #expect(info["CreationDate"]?.contains("2026") == true, "SOURCE_DATE_EPOCH 1767225600 is 2026-01-01")
        switch options.pageSize {
        case .letter: #expect(info["Page size"] == "612 x 792 pts (letter)")
        case .a4: #expect(info["Page size"]?.hasPrefix("595.") == true && info["Page size"]?.hasSuffix("(A4)") == true)
        }
    }

    @Test(arguments: Case.allCases)
    func oneBookmarkPerDay(_ which: Case) throws {
        let (trip, options, pdf) = try which.render()
        let outline = try pdf.outline()
        // The book's bookings part is bookmarked after the days; day sheets have none unless asked.
        let bookings = options.layout == .book && !trip.bookings.isEmpty ? [trip.bookingLabels.title] : []
        #expect(outline.map(\.title) == trip.days.map(\.header) + bookings)
        let layout = PrintedDocument(trip, options: options).document
        let pages = layout.pages.flatMap { page in page.bookmarks.map { _ in page.number } }
        #expect(outline.map(\.page) == pages)
    }

    @Test func theDefaultsAreLetterAndTheBook() throws {
        let options = DocumentOptions()
        #expect(options.pageSize == .letter && options.layout == .book && options.dpi == 144)
    }

    @Test func aCreationDateMakesTheBytesRepeat() throws {
        let trip = try Trips.sample()
        let first = try PrintedDocument(trip, options: Self.options, creator: Self.creator).pdf()
        #expect(try PrintedDocument(trip, options: Self.options, creator: Self.creator).pdf() == first)
        var later = Self.options
        later.creationDate = 1_800_000_000
        #expect(
            try PrintedDocument(trip, options: later, creator: Self.creator).pdf() != first, "the date is in the file")
    }

    /// `itinerary show` decides the order; the PDF's text must follow it.
    @Test(arguments: [Case.sampleBook, .sampleSheets, .longBook, .longSheets])
    func textFollowsTheOrderOfShow(_ which: Case) throws {
        let (trip, _, pdf) = try which.render()
        let json =
            which == .longBook || which == .longSheets
            ? Trips.longJSON : String(decoding: Fixtures.sampleBytes, as: UTF8.self)
        let show = try runItinerary(["show", "-"], stdin: Data(json.utf8))
        try #require(show.status == 0, "\(show.stderr)")
        // Each line of show names one row; take the longest title it contains.
        // Emoji are pictures in the PDF, not text: the titles without them.
        let titles = Set(
            trip.days.flatMap {
                $0.rows.map { String($0.title.filter { !FontSet.isEmoji($0) }).trimmingCharacters(in: .whitespaces) }
            })
        let ordered = show.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") || $0.hasPrefix("Day ") }
            .compactMap { line -> String? in
                line.hasPrefix("Day ") ? String(line) : titles.filter { line.contains($0) }.max { $0.count < $1.count }
            }
        #expect(ordered.count == trip.days.count + trip.days.map(\.rows.count).reduce(0, +))
        // As drawn, and as read down each page. (pdftotext's default mode guesses columns, and on
        // the long day sheets it lifts a game's large matchup above the travel row drawn before it.)
        for mode in ["-raw", "-layout"] {
            let text = try pdf.text(mode)
            if let index = firstOutOfOrder(ordered, in: text) {
                Issue.record(
                    """
                    pdftotext \(mode): "\(ordered[index])" (number \(index + 1) in show's order) \
                    is missing or out of order
                    """
                )
            }
        }
    }

    @Test(arguments: [Case.scriptsBook, .scriptsSheets])
    func everyScriptHasRealGlyphs(_ which: Case) throws {
        let (trip, _, pdf) = try which.render()
        let fonts = try pdf.fonts().map(\.name)
        #expect(fonts.contains { $0.contains("Noto") && $0.contains("Arabic") }, "an Arabic font: \(fonts)")
        #expect(fonts.contains { $0.contains("Droid") || $0.contains("CJK") }, "a CJK font: \(fonts)")
        #expect(fonts.contains { $0.contains("Nanum") }, "a Hangul font: \(fonts)")
        let text = try pdf.text()
        for title in Trips.scriptTitles.prefix(5) {
            // Arabic may come out in visual order; its letters must all be there.
            let found =
                text.contains(title)
                || Set(title.unicodeScalars.filter { !$0.properties.isWhitespace }).isSubset(
                    of: Set(text.unicodeScalars))
            #expect(found, "\"\(title)\" is not in the PDF's text")
        }
        #expect(text.contains("Café Crème à Montréal") && text.contains("東京ドームで野球観戦"))
        #expect(text.contains(trip.name.prefix(17)), "the trip's name: Voyage à Montréal")
        #expect(!text.contains("\u{FFFD}"))
    }
}
