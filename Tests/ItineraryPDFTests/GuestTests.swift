import CCairo
import Foundation
@testable import ItineraryPDF
import Testing

/// Issue #43: what the library keeps to itself, seen from inside (Scripts/host-check sees it as a host would).
@Suite struct GuestTests {
    @Test func theFinisherKnowsThisCairoAndRefusesAnother() {
        #expect(FinisherCairo.refusal == nil)
        #expect(FinisherCairo.refusal(version: 11604, named: "1.16.4") == nil)
        #expect(FinisherCairo.refusal(version: 11802, named: "1.18.2")?.contains("runs Cairo 1.18.2") == true)
        #expect(FinisherCairo.refusal(version: 11409, named: "1.14.9") != nil)
    }

    /// The lock is taken on a Cairo before 1.17.8 alone (the glyph cache's deadlock fixed there); which,
    /// is decided once, from the Cairo loaded at run time: Debian 12's 1.16 here.
    @Test func theLockIsTakenOnCairoBefore1_17_8() {
        #expect(CairoLock.needed(version: 11600))
        #expect(CairoLock.needed(version: 11706))
        #expect(!CairoLock.needed(version: 11708))
        #expect(!CairoLock.needed(version: 11802))
        #expect(CairoLock.isTaken == CairoLock.needed(version: Int(cairo_version())))
        #expect(RenderingLibraries.drawsUnderLock == CairoLock.isTaken)
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
