import ItineraryLayout
@testable import ItineraryPDF
import Testing

/// Glyphs stand where their advances put them. Pango's default rounds every
/// glyph position to a whole device unit (a whole point at our 72 dpi), which
/// jitters letter spacing and makes the PDF correct nearly every glyph.
@Suite struct GlyphPositionTests {
    @Test func aTextsWidthScalesWithItsSize() {
        let engine = TextEngine(FontSet.Coverage(scripts: false, emoji: false))
        let text = "illicit Wolverhampton millimetre"
        let small = engine.measure(text, style: TextStyle(size: 7), width: nil).width
        let large = engine.measure(text, style: TextStyle(size: 70), width: nil).width
        // Rounded positions are off by up to half a point per glyph at 7 pt.
        #expect(abs(large - small * 10) < 0.1, "7 pt: \(small), 70 pt: \(large)")
    }
}
