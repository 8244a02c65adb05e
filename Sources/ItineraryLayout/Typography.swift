import ItineraryModel

/// The printed documents' type sizes and spacing, in points, and the category
/// colours; a theme's colours are a `Palette`.
package enum Typography {
    /// The category pictograms' and the map markers' white.
    static let white = Color(hex: 0xFFFFFF)

    package static func categoryColor(_ category: Custom.Category) -> Color {
        switch category {
        case .restaurant: Color(hex: 0xE76F51)
        case .hotel: Color(hex: 0x2A9D8F)
        case .activity: Color(hex: 0x7B5EA7)
        case .note: Color(hex: 0x8D99AE)
        }
    }

    // Type.
    static let tripTitle = TextStyle(size: 26, weight: .bold)
    static let tripDates = TextStyle(size: 12.5, weight: .medium)
    static let tripSummary = TextStyle(size: 10.5)
    static let sectionLabel = TextStyle(size: 8, weight: .semibold)
    static let dayHeader = TextStyle(size: 15, weight: .bold)
    static let sheetHeader = TextStyle(size: 22, weight: .bold)
    static let sheetKicker = TextStyle(size: 8.5, weight: .semibold)
    static let matchup = TextStyle(size: 16, weight: .bold)
    static let gameTime = TextStyle(size: 12, weight: .semibold)
    static let teams = TextStyle(size: 10.5)
    static let venue = TextStyle(size: 9.5)
    static let badgeText = TextStyle(size: 7.5, weight: .bold)
    static let travelLine = TextStyle(size: 11, weight: .semibold)
    static let travelMode = TextStyle(size: 8, weight: .semibold)
    static let customTitle = TextStyle(size: 10.5, weight: .medium)
    static let customTime = TextStyle(size: 10)
    static let detail = TextStyle(size: 8.8, lineSpacing: 1.05)
    static let rest = TextStyle(size: 10.5, italic: true)
    static let footer = TextStyle(size: 8)
    static let marker = TextStyle(size: 6.5, weight: .bold)
    static let mapLabel = TextStyle(size: 7.5, weight: .medium)

    // Space.
    static let margin = 54.0
    static let footerHeight = 34.0
    static let itemGap = 6.0
    static let dayGap = 16.0
}
