import Foundation
import Testing
import ItineraryModel
import ItineraryPresentation
import ItineraryPDF
import TestSupport

@Suite struct RenderSampleTests {
    @Test func writesSample() throws {
        let trip = PresentedTrip(try Fixtures.sample())
        let pdf = try TripDocument.pdf(trip, options: PDFOptions())
        try Data(pdf).write(to: URL(fileURLWithPath: "/tmp/sample.pdf"))
        let sheets = try TripDocument.pdf(trip, options: PDFOptions(style: .daySheets))
        try Data(sheets).write(to: URL(fileURLWithPath: "/tmp/sheets.pdf"))
        #expect(pdf.count > 1000)
    }
}
