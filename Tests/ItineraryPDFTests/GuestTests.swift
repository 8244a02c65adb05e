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

    /// Each font map opens faces of its own: nothing Cairo keys by a face is shared between two maps.
    @Test func everyFontMapHasFacesOfItsOwn() {
        let first = FontFaces(), second = FontFaces()
        guard let one = FontSet.configuration(.all, faces: first), let two = FontSet.configuration(.all, faces: second)
        else { return }  // Inter missing: the system's configuration, no faces to compare
        defer {
            FcConfigDestroy(one)
            FcConfigDestroy(two)
        }
        #expect(first.count > 0)
        #expect(first.count == second.count)
        #expect(Set(facePointers(one)).isDisjoint(with: facePointers(two)))
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
