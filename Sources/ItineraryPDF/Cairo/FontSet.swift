internal import CCairo
import Foundation

/// The fonts the documents are set in, given to Pango as a fontconfig
/// configuration of their own.
///
/// With the system configuration, fontconfig sorts every installed font (over
/// 300 here) for each text style to find fallbacks, which costs more than
/// setting a small trip. A short list in a fixed order is also what makes the
/// output the same on every machine: Inter for text, Noto for scripts Inter
/// lacks (Arabic, Hebrew, Indic, …), Droid Sans Fallback and Nanum Gothic for CJK,
/// Noto Color Emoji for emoji as people type them, Symbola for symbols in
/// text style (❤︎, ☎) and for the category pictograms.
enum FontSet {
    /// Inter, Symbola and DejaVu Sans: Latin, Greek, Cyrillic, symbols and emoji.
    static let core: [String] = {
        let inter = ["Regular", "Italic", "Medium", "MediumItalic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"]
            .map { "/usr/share/fonts/opentype/inter/Inter-\($0).otf" }
        let fallbacks = [
            "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        ]
        return (inter + fallbacks).filter { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Noto for the scripts Inter lacks, Noto Sans CJK (Debian's fonts-noto-cjk) for
    /// Chinese, Japanese and Korean in each language's forms, Droid Sans Fallback and
    /// Nanum Gothic when it is missing; read
    /// only when a trip has such text, since every font file added costs time.
    static let scripts: [String] = {
        let noto = [
            "", "Arabic", "Hebrew", "Devanagari", "Bengali", "Gujarati", "Gurmukhi", "Kannada", "Malayalam",
            "Tamil", "Telugu", "Sinhala", "Thai", "Lao", "Khmer", "Myanmar", "Armenian", "Georgian", "Ethiopic",
        ]
        .flatMap { script in ["Regular", "Bold"].map { "/usr/share/fonts/truetype/noto/NotoSans\(script)-\($0).ttf" } }
        let cjk = [
            "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
            "/usr/share/fonts/truetype/nanum/NanumGothic.ttf", "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf",
        ]
        return (noto + cjk).filter { FileManager.default.fileExists(atPath: $0) }
    }()

    /// Noto Sans CJK, whose faces give Han characters their Japanese, Chinese or
    /// Korean forms: read only for a document in one of those languages (its
    /// two collections take a tenth of a second to load).
    static let cjkForms = [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    ]
    .filter { FileManager.default.fileExists(atPath: $0) }

    /// Which fonts beyond the core a text needs; each set is read only for a trip that uses it.
    struct Coverage: Hashable, Sendable {
        var scripts: Bool
        var emoji: Bool
        var cjkForms = false
        /// A theme's typeface: the files of its faces.
        var themeFont: [String] = []

        static let all = Coverage(scripts: true, emoji: true)

        init(scripts: Bool, emoji: Bool) {
            self.scripts = scripts
            self.emoji = emoji
        }

        /// - Parameter language: the document's BCP 47 tag; Japanese, Chinese and Korean documents get Noto Sans CJK.
        init(_ texts: [String], language: String = "en") {
            scripts = texts.contains(where: FontSet.needsScripts)
            emoji = texts.contains(where: FontSet.needsEmoji)
            let cjk: [Locale.LanguageCode] = [.japanese, .chinese, .korean]
            cjkForms = scripts && Locale.Language(identifier: language).languageCode.map(cjk.contains) == true
        }

        var files: [String] {
            themeFont + (cjkForms ? FontSet.cjkForms : []) + (scripts ? FontSet.scripts : [])
                + (emoji ? FontSet.emoji : []) + FontSet.core
        }
    }

    /// The colour emoji font, when it is installed.
    static let emoji = [emojiFile].filter { FileManager.default.fileExists(atPath: $0) }

    /// Colour emoji (Debian's fonts-noto-color-emoji): bitmaps, drawn as images by `TextEngine`.
    static let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let emojiFamily = "Noto Color Emoji"

    /// fontconfig's scale of a bitmap font: the size asked for over the font's own.
    private static let pixelScale =
        #"<divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>"#

    /// The emoji family's font, and the scaling of its bitmaps (drawn at 109
    /// pixels a glyph) to the size asked for: two of fontconfig's system rules.
    private static let emojiAlias = """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same"><family>emoji</family><prefer><family>\(emojiFamily)</family></prefer></alias>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix>
                \(pixelScale)<double>0</double>
                <double>0</double>\(pixelScale)
              </matrix></times>
            </edit>
          </match>
        </fontconfig>
        """

    /// A configuration holding the core fonts, and the script and emoji fonts when asked, each
    /// font with the library's face of it (`FontFaces`, when `attachingFaces`); nil when Inter is
    /// missing, and the system's configuration is used instead.
    static func configuration(_ coverage: Coverage, attachingFaces: Bool = true) -> OpaquePointer? {
        guard core.contains(where: { $0.contains("/Inter-Regular") }), let config = FcConfigCreate() else { return nil }
        // Pango sets emoji (by Unicode's rules: flags, skin tones, ZWJ sequences,
        // keycaps, VS16) in the family "emoji"; fontconfig's system rules name
        // the font for it, and this configuration has none of them.
        _ = emojiAlias.withCString {
            FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 1)
        }
        for file in coverage.files {
            _ = file.withCString {
                FcConfigAppFontAddFile(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
            }
        }
        // Each font with the library's face, so that Cairo never opens or closes one itself.
        if attachingFaces { FontFaces.attach(to: config) }
        return config
    }
}

/// A configuration of the core fonts alone, without faces: what an executable makes fontconfig's
/// current configuration in `main` (ProcessSettings, in the module only executables link), so
/// that Pango's start-up reads 11 fonts rather than every installed one. The library itself
/// never sets it.
package enum CoreFonts {
    /// The configuration, which the caller destroys; nil without Inter.
    package static func configuration() -> OpaquePointer? {
        FontSet.configuration(FontSet.Coverage(scripts: false, emoji: false), attachingFaces: false)
    }
}

extension FontSet {
    /// Whether a text has characters outside what the core fonts cover
    /// (Latin, Greek, Cyrillic, punctuation, arrows, symbols and emoji).
    static func needsScripts(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0..<0x0530, 0x1D00..<0x1F00, 0x1E00..<0x2000, 0x2000..<0x2C00, 0x2C60..<0x2C80,
                0xA640..<0xA6A0, 0xA720..<0xA800, 0xFB00..<0xFB07, 0xFE00..<0xFE10, 0xFE20..<0xFE30,
                0x1F000..<0x1FB00:
                false
            default: true
            }
        }
    }

    /// Whether a text has an emoji in emoji style (a character from U+2000 on, so its UTF-8 starts at 0xE2 or above).
    static func needsEmoji(_ text: String) -> Bool {
        text.utf8.contains { $0 >= 0xE2 } && text.contains(where: isEmoji)
    }

    /// Whether a character (a grapheme cluster) is an emoji in emoji style,
    /// drawn from the colour font as one picture: a flag, a face with its skin
    /// tone, a ZWJ family, a keycap (1️⃣), a symbol with VS16 (❤️). With VS15
    /// (❤︎), or a symbol that is text by default (❤, ©), it stays text.
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, !scalars.contains("\u{FE0E}") else { return false }
        if scalars.contains("\u{FE0F}") || scalars.contains("\u{20E3}") { return first.properties.isEmoji }
        return first.properties.isEmojiPresentation
    }
}
