import Foundation
@testable import ItineraryPDF
import Testing

/// Han characters take the forms of the document's language, decided from the tag's parts
/// (language, script, region through CLDR's likely subtags), not from how the tag ends.
@Suite struct CJKFormsTests {
    @Test(
        arguments: [
            ("ja", "Noto Sans CJK JP,"), ("ja-JP", "Noto Sans CJK JP,"), ("ko", "Noto Sans CJK KR,"),
            ("zh-Hans", "Noto Sans CJK SC,"), ("zh", "Noto Sans CJK SC,"), ("zh-Hans-HK", "Noto Sans CJK SC,"),
            ("zh-Hant", "Noto Sans CJK TC,"), ("zh-TW", "Noto Sans CJK TC,"), ("zh-HK", "Noto Sans CJK TC,"),
            ("zh-MO", "Noto Sans CJK TC,"),
        ])
    func hanTakesTheLanguagesForms(_ tag: String, _ face: String) {
        let families = TextEngine.families(language: Locale.Language(identifier: tag))
        // The language's face comes before the fallbacks that name every CJK face.
        #expect(families.components(separatedBy: "Droid Sans Fallback")[0].hasSuffix(face), "\(tag): \(families)")
    }

    @Test func otherLanguagesNameNoCJKFaceFirst() {
        let families = TextEngine.families(language: Locale.Language(identifier: "de-CH"))
        #expect(!families.components(separatedBy: "Droid Sans Fallback")[0].contains("CJK"))
    }

    /// The CJK fonts are loaded for a Japanese, Chinese or Korean document that has such text.
    @Test(arguments: [("ja", true), ("zh-Hans", true), ("ko-KR", true), ("de", false), ("ar", false)])
    func cjkFontsComeWithTheLanguage(_ tag: String, _ loaded: Bool) {
        #expect(FontSet.Coverage(["東京 · 서울"], language: tag).cjkForms == loaded, "\(tag)")
        #expect(!FontSet.Coverage(["Tokyo"], language: tag).cjkForms, "\(tag): no CJK text, no CJK fonts")
    }
}
