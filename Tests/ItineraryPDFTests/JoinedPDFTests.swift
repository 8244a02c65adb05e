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
        try #require(parts.count == 2, "a long document on a machine of two cores or more (this one has \(ProcessInfo.processInfo.activeProcessorCount))")
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

/// The joiner on small hand-written files: the syntax Cairo writes, and what it must refuse without crashing.
@Suite struct PDFSyntaxTests {
    /// A PDF of numbered objects (1 up) with a correct cross-reference table.
    static func pdf(_ objects: [String], root: String = "1 0 R", info: String? = "6 0 R") -> [UInt8] {
        var text = "%PDF-1.5\n%\u{B5}\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        text += "trailer\n<< /Size \(objects.count + 1) /Root \(root)" + (info.map { " /Info \($0)" } ?? "") + " >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// One page; its content stream's length is an object of its own, as Cairo writes it.
    static func page(_ title: String, kids: String = "[ 3 0 R ]", length: String = "5 0 R", catalog: String = "", more: [String] = []) -> [UInt8] {
        let content = "0 0 m 100 100 l S % a comment ( ) >> in the stream\n"
        return pdf([
            "<< /Type /Catalog /Pages 2 0 R\(catalog) >>",
            "<< /Type /Pages /Kids \(kids) /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 200 200 ] /Contents 4 0 R\n   /Resources << /ExtGState << /a0 << /CA 1 >> >> >> /Annots [ ] >>",
            "<< /Length \(length) >>\nstream\n\(content)endstream",
            "   \(content.utf8.count)",
            "<< /Title (\(title)) /Producer <68616e64> /Odd [ [ 1 2 3 0 R ] ] >>",
        ] + more)
    }

    @Test func theLexerReadsStringsHexNamesAndComments() {
        let lexer = PDFLexer(Array(#"<< /A (a \) (b) c) /B <ab>>> [1 0 R -2.5] % note ( "#.utf8) + [0x0A] + Array("/C - +3 >>".utf8))
        var reading = lexer
        var kinds: [PDFLexer.Kind] = [], texts: [String] = []
        while let token = reading.next() {
            kinds.append(token.kind)
            texts.append(lexer.text(token))
        }
        #expect(kinds == [.dictionaryStart, .name, .string, .name, .hexString, .dictionaryEnd, .arrayStart, .integer, .integer, .keyword, .real, .arrayEnd,
                          .name, .keyword, .integer, .dictionaryEnd])
        #expect(texts[2] == #"(a \) (b) c)"# && texts[4] == "<ab>" && texts[13] == "-" && texts[14] == "+3")
        var number = PDFLexer(Array("9223372036854775808 -42".utf8))
        #expect(number.next().flatMap(number.integer) == nil, "too large for an Int")
        #expect(number.next().flatMap(number.integer) == -42)
    }

    @Test func handWrittenPartsJoin() throws {
        let joined = try JoinedPDF.join([Self.page("First"), Self.page(#"Second \) part"#)],
                                        bookmarks: [.init(title: "One", page: 0, top: 10), .init(title: "Two · 2", page: 1, top: 20)], pageHeight: 200)
        let file = try PDFFile(joined)
        let check = try file.check()
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(try file.info()["Pages"] == "2")
        #expect(try file.info()["Title"] == "First", "the first part's metadata")
        let outline = try file.outline()
        #expect(outline.map(\.title) == ["One", "Two · 2"] && outline.map(\.page) == [1, 2])
        // Stream data is copied as it is: the comment and the unbalanced ( ) >> in it are not syntax.
        #expect(String(decoding: joined, as: UTF8.self).components(separatedBy: "% a comment ( ) >> in the stream").count == 3)
    }

    @Test(arguments: [
        ("a start offset too large for an Int", Array(String(decoding: page("x"), as: UTF8.self)
            .replacingOccurrences(of: "startxref\n", with: "startxref\n99999999999999999999").utf8), "startxref"),
        ("a stream length too large for an Int", page("x", length: "99999999999999999999"), "/Length"),
        ("a stream length past the end", page("x", length: "999999"), "past the end"),
        ("a page that is not there", page("x", kids: "[ 99 0 R ]"), "missing"),
        ("a reference to a negative object", page("x", kids: "[ -3 0 R ]"), "missing"),
        ("a negative catalog", pdf(["<< >>"], root: "-1 0 R", info: nil), "no catalog"),
        ("document information out of range", pdf(["<< /Type /Catalog /Pages 2 0 R >>"], info: "40 0 R"), "document information"),
    ])
    func malformedFilesAreRefused(_ what: String, _ bytes: [UInt8], _ reason: String) {
        #expect(throws: JoinFailure.self, "\(what)") {
            _ = try JoinedPDF.join([Self.page("fine"), bytes], bookmarks: [], pageHeight: 200)
        }
        do {
            _ = try JoinedPDF.join([Self.page("fine"), bytes], bookmarks: [], pageHeight: 200)
        } catch {
            #expect(error.reason.contains(reason), "\(what): \(error.reason)")
        }
    }

    @Test func aLaterPartsCatalogMayHoldNothingThatWouldBeLost() {
        let labelled = Self.page("x", catalog: " /PageLabels 7 0 R", more: ["<< /Nums [ 0 << /S /D >> ] >>"])
        #expect(throws: JoinFailure.self) { _ = try JoinedPDF.join([Self.page("first"), labelled], bookmarks: [], pageHeight: 200) }
        // The first part's catalog is kept whole, so there it is fine.
        #expect(throws: Never.self) { _ = try JoinedPDF.join([labelled, Self.page("second")], bookmarks: [], pageHeight: 200) }
    }
}
