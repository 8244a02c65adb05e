internal import CCairo
import Foundation

/// The fonts the documents are set in, given to Pango as a fontconfig
/// configuration of their own.
///
/// With the system configuration, fontconfig sorts every installed font (over
/// 300 here) for each text style to find fallbacks, which costs more than
/// setting a small trip. A short list in a fixed order is also what makes the
/// output the same on every machine: Inter for text, Noto for scripts Inter
/// lacks (Arabic, Hebrew, Indic, …), Droid Sans Fallback and Nanum Gothic for CJK, Symbola for
/// symbols and emoji as outlines.
enum FontSet {
    /// Inter, Symbola and DejaVu Sans: Latin, Greek, Cyrillic, symbols and emoji.
    static let core: [String] = {
        let inter = ["Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"]
            .map { "/usr/share/fonts/opentype/inter/Inter-\($0).otf" }
        let fallbacks = ["/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
                         "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                         "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"]
        return (inter + fallbacks).filter { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Noto for the scripts Inter lacks, Droid Sans Fallback for Chinese and Japanese,
    /// Nanum Gothic for Korean (Droid has no Hangul); read
    /// only when a trip has such text, since every font file added costs time.
    static let scripts: [String] = {
        let noto = ["", "Arabic", "Hebrew", "Devanagari", "Bengali", "Gujarati", "Gurmukhi", "Kannada", "Malayalam",
                       "Tamil", "Telugu", "Sinhala", "Thai", "Lao", "Khmer", "Myanmar", "Armenian", "Georgian", "Ethiopic"]
            .flatMap { script in ["Regular", "Bold"].map { "/usr/share/fonts/truetype/noto/NotoSans\(script)-\($0).ttf" } }
        let cjk = ["/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                   "/usr/share/fonts/truetype/nanum/NanumGothic.ttf", "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf"]
        return (noto + cjk).filter { FileManager.default.fileExists(atPath: $0) }
    }()

    /// A configuration holding the core fonts, and the script fonts when asked;
    /// nil when Inter is missing, and the system's configuration is used instead.
    static func configuration(withScripts: Bool) -> OpaquePointer? {
        guard core.contains(where: { $0.contains("/Inter-Regular") }), let config = FcConfigCreate() else { return nil }
        for file in withScripts ? scripts + core : core {
            _ = file.withCString { FcConfigAppFontAddFile(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        return config
    }
}

extension FontSet {
    /// Whether a text has characters outside what the core fonts cover
    /// (Latin, Greek, Cyrillic, punctuation, arrows, symbols, emoji).
    static func needsScripts(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0..<0x0530, 0x1D00..<0x1F00, 0x1E00..<0x2000, 0x2000..<0x2C00, 0x2C60..<0x2C80,
                 0xA640..<0xA6A0, 0xA720..<0xA800, 0xFB00..<0xFB07, 0xFE00..<0xFE10, 0xFE20..<0xFE30,
                 0x1F000..<0x1FB00: false
            default: true
            }
        }
    }
}
