import ItineraryModel

/// A run of consecutive games in one city, in itinerary order.
package struct Visit: Sendable {
    package let city: String
    package let games: [GameStop]
}

/// A game where the rules see it: on the day it really starts.
package struct GameStop: Sendable {
    package let game: Game
    package let itemID: String
    package let position: Position

    /// "BOS @ DET (day 2)".
    package var label: String { "\(game.matchup) (day \(position.day))" }
}

/// The games a travel item must come after (the visit it leaves) and before (the visit it reaches).
package struct Barriers: Sendable {
    package let departure: Visit
    package let arrival: Visit

    /// The game the travel must follow: the last of the visit it leaves.
    package var lastDeparture: GameStop { departure.games[departure.games.count - 1] }
    /// The game the travel must precede: the first of the visit it reaches.
    package var firstArrival: GameStop { arrival.games[0] }

    /// True when a position lies strictly after every departure game and strictly before every arrival game.
    package func allow(_ position: Position) -> Bool {
        position > lastDeparture.position && position < firstArrival.position
    }

    /// The days on which the travel can be placed somewhere.
    package var dayRange: ClosedRange<Int> {
        lastDeparture.position.day...max(lastDeparture.position.day, firstArrival.position.day)
    }
}

/// A place an item can be dropped: a day and the neighbours it would sit between.
package struct DropZone: Sendable, Hashable, CustomStringConvertible {
    package let day: Int
    /// The id of the item it would follow; nil at the start of the day.
    package let after: String?
    /// The id of the item it would precede; nil at the end of the day.
    package let before: String?

    package init(day: Int, after: String?, before: String?) {
        self.day = day
        self.after = after
        self.before = before
    }

    package var description: String {
        "day \(day): after \(after ?? "start") before \(before ?? "end")"
    }
}
