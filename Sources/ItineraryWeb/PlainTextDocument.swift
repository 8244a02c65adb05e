import ItineraryPresentation

/// The trip as terminal text (`itinerary show`): the name, the dates and summary, then
/// one block per day, each item on a line of three columns (what, when, the title), in
/// the document's language. Columns line up by the width a terminal gives a character:
/// a CJK ideograph or an emoji takes two cells, a combining mark none.
package enum PlainTextDocument {
    package static func text(_ trip: PresentedTrip) -> String {
        let separator = trip.language.separator
        var lines = [trip.name, trip.dateRange + separator + trip.summary, ""]
        for day in trip.days {
            lines.append(day.header)
            if day.isRest { lines.append("  " + day.restText) }
            let cells = day.rows.map { row -> [String] in
                switch row {
                case .game(let game):
                    [game.sport, game.time, game.matchup + "  " + game.teams + separator + game.venue]
                case .travel(let travel): [travel.modeName, "", travel.line]
                case .custom(let custom): [custom.categoryName, custom.time ?? "", custom.title]
                }
            }
            lines += cells.map { "  " + pad($0[0], to: kindWidth) + pad($0[1], to: timeWidth) + $0[2] }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The columns' widths in cells, each with a space after its longest usual value.
    static let kindWidth = 11, timeWidth = 13

    /// The text followed by spaces up to `width` cells; a longer one gets one space.
    static func pad(_ text: String, to width: Int) -> String {
        let cells = displayWidth(text)
        return text + String(repeating: " ", count: cells >= width ? 1 : width - cells)
    }

    /// The cells a terminal gives the text (as `wcswidth` counts, without asking the
    /// process's locale): East Asian wide and fullwidth characters and emoji shown as
    /// pictures take two (a symbol with VS16 too), combining marks and format characters none, anything else one.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        // VARIATION SELECTOR-16 asks for the picture of the symbol before it (🍽️): one cell more.
        if scalar == "\u{FE0F}" { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        let value = scalar.value
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
