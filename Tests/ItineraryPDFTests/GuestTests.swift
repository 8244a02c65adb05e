import CCairo
import Foundation
@testable import ItineraryPDF
import Testing

/// Issue #43: what the library keeps to itself, seen from inside (Scripts/host-check sees it as a host would).
@Suite struct GuestTests {
    @Test func theFinisherKnowsThisCairoAndRefusesAnother() {
        #expect(FinisherCairo.refusal == nil)
        #expect(FinisherCairo.refusal(version: 11604, named: "1.16.4") == nil)
        #expect(
            FinisherCairo.refusal(version: 11802, named: "1.18.2")
                == "the PDF finisher was made for Cairo 1.16's files, and this process runs Cairo 1.18.2")
        #expect(FinisherCairo.refusal(version: 11409, named: "1.14.9") != nil)
    }

    /// Every font is given the library's own face of its file, the same for every map: Cairo opens
    /// and closes none itself, and no face is opened twice.
    @Test func everyFontHasTheLibrarysFace() {
        guard let one = FontSet.configuration(.all), let two = FontSet.configuration(.all) else { return }
        defer {
            FcConfigDestroy(one)
            FcConfigDestroy(two)
        }
        let first = facePointers(one)
        #expect(!first.isEmpty)
        #expect(first == facePointers(two))
        #expect(FontFaces.count >= Set(first).count)
    }

    /// The library leaves the environment alone: rendering sets no CAIRO_DEBUG_PDF.
    @Test func renderingSetsNoEnvironment() throws {
        guard ProcessInfo.processInfo.environment["CAIRO_DEBUG_PDF"] == nil else { return }
        _ = try PDFDocumentTests.Case.sampleBook.render()
        #expect(getenv("CAIRO_DEBUG_PDF") == nil)
    }

    /// The FreeType faces a configuration's fonts were given (fontconfig's `FC_FT_FACE`).
    private func facePointers(_ config: OpaquePointer) -> [UnsafeMutableRawPointer] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { index in
            var face: FT_Face?
            guard let pattern = set.pointee.fonts[index],
                FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &face) == FcResultMatch
            else { return nil }
            return face.map { UnsafeMutableRawPointer($0) }
        }
    }
}
