import CPluralRules

/// The cells a terminal gives text, as `wcswidth` counts them but without asking the
/// process's locale: Unicode's East Asian Wide and Fullwidth characters (ICU's property)
/// and emoji shown as pictures take two, combining marks and format characters none,
/// anything else one.
package enum DisplayWidth {
    package static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cells(of: $1) }
    }

    private static func cells(of scalar: Unicode.Scalar) -> Int {
        // VARIATION SELECTOR-16 asks for the picture of the symbol before it (🍽️): one cell more.
        if scalar == "\u{FE0F}" { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation || itinerary_is_east_asian_wide(scalar.value) != 0 { return 2 }
        return 1
    }
}
