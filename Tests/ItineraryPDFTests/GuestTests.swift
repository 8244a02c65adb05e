import CCairo
import Foundation
@testable import ItineraryPDF
import TestSupport
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

/// Issue #52: the finisher's CFF charset reader, on the crafted seeds of Tests/Fuzz/pdf-seeds
/// (Scripts/fuzz/cff_repeated_sid_seed.py makes them).
@Suite struct FinisherCharSetTests {
    /// The /CharSet the finisher writes for the seed's one Type 1 subset, as qpdf reads it.
    static func charSet(finishing seed: String) throws -> String {
        let bytes = Fixtures.bytes("../Fuzz/pdf-seeds/\(seed)")
        let finished = try bytes.withUnsafeBufferPointer { cairo throws(CairoFailure) in
            try PDFFinish.finish(cairo, language: "en", title: "Seed", alternatives: ["A figure"], pdfA: true)
        }
        let json = try Tool.run("qpdf", ["--json", try PDFFile(finished).url.path]).stdout
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let objects = ((document?["qpdf"] as? [Any])?.last as? [String: Any]) ?? [:]
        for object in objects.values {
            guard let value = (object as? [String: Any])?["value"] as? [String: Any],
                let names = value["/CharSet"] as? String
            else { continue }
            return names.hasPrefix("u:") ? String(names.dropFirst(2)) : names
        }
        return ""
    }

    /// One SID for 65,535 glyphs, a string of 64 KiB: its name once, at once (it was 4 GiB of copies).
    @Test func aRepeatedSIDIsOneName() throws {
        let started = ContinuousClock.now
        let names = try Self.charSet(finishing: "cff-repeated-sid-pdfa.pdf")
        #expect(names.count == 65537 && names == "/" + String(repeating: "A", count: 65536), "\(names.prefix(80))…")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// A glyph name holding a delimiter or a space is one name, its bytes written #XX.
    @Test func glyphNamesAreEscaped() throws {
        #expect(try Self.charSet(finishing: "cff-glyph-name-delimiters-pdfa.pdf") == "/a#2Fb/#28x#29/sp#20ace")
    }
}
