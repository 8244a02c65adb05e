import ItineraryPresentation

/// The trip as terminal text (`itinerary show`): the name, the dates and summary, then
/// one block per day, each item on a line of three columns (what, when, the title), in
/// the document's language. Columns line up by the width a terminal gives a character:
/// a CJK ideograph or an emoji takes two cells, a combining mark none.
package enum PlainTextDocument {
    package static func text(_ trip: PresentedTrip) -> String {
        let separator = trip.language.separator
        var lines = [trip.name, trip.dateRange + separator + trip.summary, ""]
        let rows = trip.days.map { day in
            day.rows.map { row -> [String] in
                switch row {
                case .game(let game):
                    [game.sport, game.time, game.matchup + "  " + game.teams + separator + game.venue]
                case .travel(let travel): [travel.modeName, "", travel.line]
                case .custom(let custom): [custom.categoryName, custom.time ?? "", custom.title]
                }
            }
        }
        // One width a column for the whole trip, so every title starts in the same cell: at least the usual
        // one, else the widest value's and a space (Japanese "アクティビティ" takes fourteen cells).
        let cells = rows.joined()
        let kindWidth = max(Self.kindWidth, (cells.map { DisplayWidth.cells($0[0]) }.max() ?? 0) + 1)
        let timeWidth = max(Self.timeWidth, (cells.map { DisplayWidth.cells($0[1]) }.max() ?? 0) + 1)
        for (day, cells) in zip(trip.days, rows) {
            lines.append(day.header)
            if day.isRest { lines.append("  " + day.restText) }
            lines += cells.map { "  " + pad($0[0], to: kindWidth) + pad($0[1], to: timeWidth) + $0[2] }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The columns' least widths in cells: English's longest values and a space after them.
    static let kindWidth = 11, timeWidth = 13

    /// The text followed by spaces up to `width` cells; a longer one gets one space.
    static func pad(_ text: String, to width: Int) -> String {
        let cells = DisplayWidth.cells(text)
        return text + String(repeating: " ", count: cells >= width ? 1 : width - cells)
    }
}
