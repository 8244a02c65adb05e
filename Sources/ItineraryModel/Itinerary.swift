/// A decoded itinerary/v1 file: the trip, its game catalogue and its items in
/// file order, with the document they came from so a rewrite keeps what this
/// tool does not understand.
public struct Itinerary: Sendable {
    public var trip: Trip
    public var games: [Game]
    public var items: [Item]
    /// The file as read; `items[n]` here is `items[n]` above.
    public var document: JSONValue
    private var gameIndex: [String: Int]

    public init(trip: Trip, games: [Game], items: [Item], document: JSONValue) {
        self.trip = trip
        self.games = games
        self.items = items
        self.document = document
        var index: [String: Int] = [:]
        for (position, game) in games.enumerated() where index[game.id] == nil {
            index[game.id] = position
        }
        self.gameIndex = index
    }

    public func game(id: String) -> Game? {
        gameIndex[id].map { games[$0] }
    }

    /// The game an item refers to, when it is a game item.
    public func game(of item: Item) -> Game? {
        item.gameID.flatMap(game(id:))
    }
}
