import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// The sample's pages as small PNGs and its Pango layout as text.
/// Re-record with `RECORD_SNAPSHOTS=1 swift test --filter VisualSnapshotTests`.
@Suite struct VisualSnapshotTests {
    /// Low enough that every reference stays under 32 KiB.
    static let dpi = 30.0

    @Test func sampleBook() throws {
        let options = DocumentOptions(layout: .book, dpi: Self.dpi)
        let pages = try PrintedDocument(try Trips.sample(), options: options).png()
        for (index, png) in pages.enumerated() { try expectImageSnapshot(png, qualifier: "page-\(index + 1)") }
        expectNoSnapshot(qualifier: "page-\(pages.count + 1)")
    }

    @Test func sampleDaySheets() throws {
        let options = DocumentOptions(layout: .daySheets, dpi: Self.dpi)
        let pages = try PrintedDocument(try Trips.sample(), options: options).png()
        #expect(pages.count == 5)
        for (index, png) in pages.enumerated() { try expectImageSnapshot(png, qualifier: "page-\(index + 1)") }
        expectNoSnapshot(qualifier: "page-\(pages.count + 1)")
    }

    /// Emoji as people type them: each sequence one colour picture (flags, skin tones,
    /// families, keycaps, ❤️ and ❤︎).
    @Test func emojiTitles() throws {
        let pages = try PrintedDocument(try Trips.emoji(), options: DocumentOptions(layout: .book, dpi: 50)).png()
        #expect(pages.count == 1)
        try expectImageSnapshot(pages[0], qualifier: "page-1")
    }

    /// What Pango measured, one line per box: most layout changes show here without pixels.
    @Test func sampleBookLayout() throws {
        expectSnapshot(
            PrintedDocument(try Trips.sample(), options: DocumentOptions(layout: .book)).document.snapshotText,
            pathExtension: "txt")
    }

    @Test func sampleDaySheetsLayout() throws {
        expectSnapshot(
            PrintedDocument(try Trips.sample(), options: DocumentOptions(layout: .daySheets)).document.snapshotText,
            pathExtension: "txt")
    }
}
