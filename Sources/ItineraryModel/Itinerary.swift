/// A decoded itinerary/v1 file: the trip, its game catalogue and its items in
/// file order, with the document they came from so a rewrite keeps what this
/// tool does not understand.
package struct Itinerary: Sendable {
    package var trip: Trip
    package var games: [Game] {
        // An edit of the catalogue must not leave lookups pointing at old positions.
        didSet { gameIndex = Self.index(games) }
    }
    package var items: [Item]
    /// Tombstones of removed items (`removed`), in file order.
    package var removed: [Tombstone]
    /// The file as read; `items[n]` here is `items[n]` above.
    package var document: JSONValue
    /// Positions in `games` by id, keyed by code points: canonically equivalent ids are different ids.
    private var gameIndex: [CodePointKey: Int]

    package init(trip: Trip, games: [Game], items: [Item], removed: [Tombstone] = [], document: JSONValue) {
        self.trip = trip
        self.games = games
        self.items = items
        self.removed = removed
        self.document = document
        self.gameIndex = Self.index(games)
    }

    private static func index(_ games: [Game]) -> [CodePointKey: Int] {
        var index: [CodePointKey: Int] = [:]
        for (position, game) in games.enumerated() where index[CodePointKey(game.id)] == nil {
            index[CodePointKey(game.id)] = position
        }
        return index
    }

    package func game(id: String) -> Game? {
        gameIndex[CodePointKey(id)].map { games[$0] }
    }

    /// The game an item refers to, when it is a game item.
    package func game(of item: Item) -> Game? {
        item.gameID.flatMap(game(id:))
    }
}
