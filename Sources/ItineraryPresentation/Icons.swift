import ItineraryModel

/// The emoji that stand for categories and modes in text outputs.
package enum Icons {
    package static func emoji(_ category: Custom.Category) -> String {
        switch category {
        case .restaurant: "🍽️"
        case .hotel: "🏨"
        case .activity: "🎯"
        case .note: "📝"
        }
    }

    package static func emoji(_ mode: Travel.Mode) -> String {
        switch mode {
        case .drive: "🚗"
        case .flight: "✈️"
        case .train: "🚆"
        case .bus: "🚌"
        case .other: "🧭"
        }
    }

    package static let game = "🏟️"
}
