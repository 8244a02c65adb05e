import Testing
@testable import ItineraryService
import ItineraryKit

@Suite struct RenderRequestTests {
    @Test func defaultsAreTheCommandLines() throws {
        let request = try RenderRequest(query: [])
        #expect(request == RenderRequest.defaults)
        #expect(request.format == .pdf && request.layout == .book && request.pageSize == .letter && request.dpi == 144 && request.page == 1)
    }

    @Test func readsEveryParameter() throws {
        let request = try RenderRequest(query: [("format", "PNG"), ("layout", "day-sheets"), ("pageSize", "A4"), ("dpi", "72"),
                                                ("page", "3"), ("omit", "notes,addresses")])
        #expect(request.format == .png && request.layout == .daySheets && request.pageSize == .a4 && request.dpi == 72 && request.page == 3)
        #expect(request.omit == [.notes, .addresses])
        #expect(try RenderRequest(query: [("format", "markdown")]).format == .md)
    }

    @Test(arguments: [
        ([("format", "docx")], "unknown format \"docx\"; choose pdf, png, html, md, ics or gpx."),
        ([("layout", "poster")], "unknown layout \"poster\"; choose book or day-sheets."),
        ([("pageSize", "legal")], "unknown pageSize \"legal\"; choose letter or a4."),
        ([("format", "png"), ("dpi", "9000")], "dpi must be a number from 18 to 600."),
        ([("format", "png"), ("dpi", "nan")], "dpi must be a number from 18 to 600."),
        ([("format", "png"), ("page", "0")], "page must be a whole number from 1."),
        ([("format", "png"), ("page", "x")], "page must be a whole number from 1."),
        ([("omit", "notes,passwords")], "omit cannot leave out \"passwords\"; choose confirmations, notes or addresses."),
        ([("format", "pdf"), ("format", "png")], "the parameter format is given twice."),
        ([("colour", "red")], "unknown parameter \"colour\"; the parameters are format, layout, pageSize, dpi, page, omit."),
        ([("format", "a\nb")], "unknown format \"a\\nb\"; choose pdf, png, html, md, ics or gpx."),
    ] as [([(String, String)], String)])
    func refusesWithOneSentence(query: [(String, String)], sentence: String) {
        #expect(throws: ServiceProblem.badParameter(sentence)) {
            try RenderRequest(query: query.map { (name: $0.0, value: $0.1) })
        }
    }
}

extension RenderRequest {
    static let defaults = try! RenderRequest(query: [])
}
