import Foundation
import ItineraryLayout
@testable import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// A long document is painted as two parts on two threads and joined; it
/// must read exactly as the same document painted in one part.
@Suite struct JoinedPDFTests {
    static let options = PDFOptions(creationDate: 1_767_225_600, creator: "itinerary 0.1.0")

    /// One part over every page, and two parts cut at the middle page, the second with an engine of its own.
    static func parts(of prepared: PreparedDocument) -> (one: [PreparedDocument.Part], two: [PreparedDocument.Part]) {
        let pages = prepared.document.pages.indices
        let cut = pages.count / 2
        return ([PreparedDocument.Part(pages: pages, text: prepared.text, helpers: prepared.helpers)],
                [PreparedDocument.Part(pages: 0..<cut, text: prepared.text, helpers: []),
                 PreparedDocument.Part(pages: cut..<pages.count, text: TextEngine(scripts: true), helpers: [])])
    }

    /// The document in one part, and cut in two at the middle page with an engine of its own for the second.
    static func onePartAndTwo(_ trip: PresentedTrip, style: DocumentStyle) throws -> (one: PDFFile, two: PDFFile, pages: Int) {
        var options = Self.options
        options.style = style
        let prepared = PreparedDocument(trip, options: options)
        let (one, two) = parts(of: prepared)
        return (try PDFFile(prepared.pdf(in: one)), try PDFFile(prepared.pdf(in: two)), prepared.document.pages.count)
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func twoPartsReadAsOne(_ style: DocumentStyle) throws {
        let (one, two, pages) = try Self.onePartAndTwo(try Trips.long(), style: style)
        for file in [one, two] {
            let check = try file.check()
            #expect(check.status == 0 && check.stdout.contains("No syntax or stream encoding errors found"), "\(check.stdout)\(check.stderr)")
            #expect(try file.info()["Pages"] == String(pages))
            #expect(try file.fonts().allSatisfy(\.embedded))
        }
        #expect(try two.text("-layout") == one.text("-layout"))
        let outline = try two.outline()
        #expect(outline.count == 30)
        #expect(outline.map(\.title) == (try one.outline()).map(\.title))
        #expect(outline.map(\.page) == (try one.outline()).map(\.page))
        #expect(try two.info()["Title"] == "Thirty Days Out")
    }

    /// The preview's pages are painted by two threads too, each shaping with its own engine.
    @Test func twoPartsPaintTheSamePreview() throws {
        var options = Self.options
        options.dpi = 36
        let prepared = PreparedDocument(try Trips.long(), options: options)
        let (one, two) = Self.parts(of: prepared)
        let pages = try prepared.png(in: one)
        #expect(pages.count == prepared.document.pages.count)
        #expect(try prepared.png(in: two) == pages)
    }

    /// Strings may hold what looks like a reference; only real references are renumbered.
    @Test func aReferenceInsideAStringIsText() throws {
        // In the JSON, \\ is one backslash.
        let trip = PresentedTrip(try Fixtures.read(Trips.longJSON.replacingOccurrences(of: "Thirty Days Out", with: #"Road (1 0 R) trip \\ ( 2 0 R"#)))
        #expect(trip.name == #"Road (1 0 R) trip \ ( 2 0 R"#)
        let (_, two, _) = try Self.onePartAndTwo(trip, style: .book)
        #expect(try two.check().status == 0)
        #expect(try two.info()["Title"] == trip.name)
    }

    @Test func aLongDocumentRepeatsItsBytes() throws {
        let trip = try Trips.long()
        let prepared = PreparedDocument(trip, options: Self.options)
        try #require(prepared.parts.count == (ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1))
        let first = try prepared.pdf()
        #expect(try PreparedDocument(trip, options: Self.options).pdf() == first)
    }

    @Test func partsAreCutWhereEachHasAboutHalfTheBoxes() throws {
        let prepared = PreparedDocument(try Trips.long(), options: Self.options)
        let parts = prepared.parts
        guard parts.count == 2 else { return }
        let boxes = parts.map { part in prepared.document.pages[part.pages].reduce(0) { $0 + $1.boxes.count } }
        let largest = prepared.document.pages.map(\.boxes.count).max() ?? 0
        #expect(abs(boxes[0] - boxes[1]) <= largest, "\(boxes)")
        #expect(parts[0].pages.upperBound == parts[1].pages.lowerBound && parts[1].pages.upperBound == prepared.document.pages.count)
    }

    /// What Cairo 1.16 does not write is refused with a reason, never joined wrongly.
    @Test func whatIsNotCairosPlainPDFIsRefused() throws {
        let sample = try TripDocument.pdf(try Trips.sample(), options: Self.options)
        // The same document with its objects in object streams and a cross-reference stream.
        let file = try PDFFile(sample)
        let streams = file.url.deletingLastPathComponent().appendingPathComponent("streams.pdf")
        _ = try Tool.run("qpdf", ["--object-streams=generate", file.url.path, streams.path])
        for (bytes, reason) in [(Array("not a PDF".utf8), "startxref"), (Array(try Data(contentsOf: streams)), "not a table"),
                                (Array(sample.prefix(sample.count / 2)), "startxref")] {
            #expect {
                _ = try JoinedPDF.join([bytes], bookmarks: [], pageHeight: 792)
            } throws: { error in
                (error as? JoinFailure)?.reason.contains(reason) == true
            }
        }
    }

    @Test func titlesAreTextStrings() {
        #expect(String(decoding: JoinedPDF.textString(#"Day 1 (a) \ b"#), as: UTF8.self) == #"(Day 1 \(a\) \\ b)"#)
        #expect(String(decoding: JoinedPDF.textString("Day 1 · é"), as: UTF8.self) == "<feff00440061007900200031002000b7002000e9>")
        #expect(String(decoding: JoinedPDF.textString("🎉"), as: UTF8.self) == "<feffd83cdf89>")
    }

    @Test func numbersHaveNoExponentNorTrailingZeros() {
        #expect(JoinedPDF.decimal(469) == "469")
        #expect(JoinedPDF.decimal(518.89) == "518.89")
        #expect(JoinedPDF.decimal(-0.5) == "-0.5")
        #expect(JoinedPDF.decimal(0.0001) == "0")
        #expect(JoinedPDF.decimal(1e7) == "10000000")
    }
}
