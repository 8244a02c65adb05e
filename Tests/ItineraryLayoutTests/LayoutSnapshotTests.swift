import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// The sample trip laid out with the fixed-width measurer, one line per box.
/// Re-record with `RECORD_SNAPSHOTS=1 swift test --filter LayoutSnapshotTests`.
@Suite struct LayoutSnapshotTests {
    @Test func sampleBook() throws {
        expectSnapshot(layout(try Trips.sample(), .book, map: TestMap.data).document.snapshotText, pathExtension: "txt")
    }

    @Test func sampleDaySheets() throws {
        expectSnapshot(
            layout(try Trips.sample(), .daySheets, map: TestMap.data).document.snapshotText, pathExtension: "txt")
    }

    @Test func longTextA4() throws {
        expectSnapshot(
            layout(try Trips.longText(), .book, .a4, map: TestMap.data).document.snapshotText, pathExtension: "txt")
    }
}
