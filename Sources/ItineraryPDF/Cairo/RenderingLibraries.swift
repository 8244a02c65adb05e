internal import CCairo
import Foundation

/// What the pages' pixels depend on besides this tool: the versions of the
/// libraries that draw them, and the font files they are set in. A snapshot
/// records it, so a page that changed after an upgrade says why.
package enum RenderingLibraries {
    /// "cairo" → "1.16.0", "pango", "harfbuzz", "freetype", "fontconfig".
    package static var versions: [String: String] {
        var library: FT_Library?
        var freetype = "unknown"
        if FT_Init_FreeType(&library) == 0, let library {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freetype = "\(major).\(minor).\(patch)"
            FT_Done_FreeType(library)
        }
        let fontconfig = Int(FcGetVersion())
        return [
            "cairo": String(cString: cairo_version_string()),
            "pango": String(cString: pango_version_string()),
            "harfbuzz": String(cString: hb_version_string()),
            "freetype": freetype,
            "fontconfig": "\(fontconfig / 10_000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
        ]
    }

    /// Whether this process draws under the library's one lock (`CairoLock`): on a Cairo before
    /// 1.17.8, one document at a time per process. Decided once, from the Cairo loaded at run time.
    package static var drawsUnderLock: Bool { CairoLock.isTaken }

    /// The font files pages with these texts are set in (the script and emoji
    /// fonts only when a text needs them), each with a hash of its bytes
    /// (64-bit FNV-1a, hex): a font that changes changes the pages.
    package static func fonts(for texts: [String]) -> [String: String] {
        var hashes: [String: String] = [:]
        for path in FontSet.Coverage(texts).files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in [UInt8](data) {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            hashes[(path as NSString).lastPathComponent] = String(hash, radix: 16)
        }
        return hashes
    }

}
