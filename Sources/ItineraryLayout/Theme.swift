import ItineraryModel
import ItineraryPresentation

/// The look of the printed documents: colours, type sizes and spacing, in points.
package enum Theme {
    // Ink.
    static let navy = Color(hex: 0x14213D)
    static let ink = Color(hex: 0x1F2937)
    static let body = Color(hex: 0x374151)
    static let muted = Color(hex: 0x6B7280)
    static let faint = Color(hex: 0x9CA3AF)
    static let hairline = Color(hex: 0xE5E7EB)
    static let white = Color(hex: 0xFFFFFF)

    // Game cards.
    static let cardFill = Color(hex: 0xF2F5FA)
    static let cardStroke = Color(hex: 0xC9D4E5)
    static let badge = Color(hex: 0x1F3A68)

    // Travel rows.
    static let gold = Color(hex: 0xC9A227)
    static let goldFill = Color(hex: 0xFBF6E4)
    static let goldInk = Color(hex: 0x7A5C0B)

    // Route diagram.
    static let routeFill = Color(hex: 0xF7F8FA)
    static let routeLine = Color(hex: 0x1F3A68)
    static let routeLineLight = Color(hex: 0x8A9BB8)
    /// The map under the route: faint, so the route stays what the eye sees first.
    static let mapWater = Color(hex: 0xE4EDF5)
    static let mapLand = Color(hex: 0xFAFAF7)
    static let mapCountryBorder = Color(hex: 0xA9B1BD)
    static let mapStateBorder = Color(hex: 0xC8CED6)
    static let start = Color(hex: 0x2A9D8F)
    static let end = Color(hex: 0xD1495B)
    static let stop = Color(hex: 0x1F3A68)

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
