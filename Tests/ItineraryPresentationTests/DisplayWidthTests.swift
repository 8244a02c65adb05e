import ItineraryPresentation
import Testing

/// Terminal cells as UAX #11 (through ICU) and emoji presentation give them: what lines up `itinerary show`.
@Suite struct DisplayWidthTests {
    @Test(
        arguments: [
            ("Hotel", 5), ("ホテル", 6), ("レストラン", 10), ("호텔", 4), ("酒店", 4), ("ＡＢ", 4),
            ("e\u{301}", 1), ("🍕", 2), ("🍽️", 2), ("Ärger", 5), ("فندق", 4), ("", 0),
        ])
    func cells(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.cells(text) == expected, "\(text)")
    }
}
