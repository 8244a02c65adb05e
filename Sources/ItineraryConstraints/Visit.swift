public import ItineraryModel

/// A run of consecutive games in one city, in itinerary order.
public struct Visit: Sendable {
    public let city: String
    public let games: [GameStop]
}

/// A game where the rules see it: on the day it really starts.
public struct GameStop: Sendable {
    public let game: Game
    public let itemID: String
    public let position: Position

    /// "BOS @ DET (day 2)".
    public var label: String { "\(game.matchup) (day \(position.day))" }
}

/// The games a travel item must come after (the visit it leaves) and before (the visit it reaches).
public struct Barriers: Sendable {
    public let departure: Visit
    public let arrival: Visit

    /// The game the travel must follow: the last of the visit it leaves.
    public var lastDeparture: GameStop { departure.games[departure.games.count - 1] }
    /// The game the travel must precede: the first of the visit it reaches.
    public var firstArrival: GameStop { arrival.games[0] }

    /// True when a position lies strictly after every departure game and strictly before every arrival game.
    public func allow(_ position: Position) -> Bool {
        position > lastDeparture.position && position < firstArrival.position
    }

    /// The days on which the travel can be placed somewhere.
    public var dayRange: ClosedRange<Int> {
        lastDeparture.position.day...max(lastDeparture.position.day, firstArrival.position.day)
    }
}

/// A place an item can be dropped: a day and the neighbours it would sit between.
public struct DropZone: Sendable, Hashable, CustomStringConvertible {
    public let day: Int
    /// The id of the item it would follow; nil at the start of the day.
    public let after: String?
    /// The id of the item it would precede; nil at the end of the day.
    public let before: String?

    public init(day: Int, after: String?, before: String?) {
        self.day = day
        self.after = after
        self.before = before
    }

    public var description: String {
        "day \(day): after \(after ?? "start") before \(before ?? "end")"
    }
}
