/// One thing an edit did, printed as one line (sentences in `EditProblem+Messages.swift`).
package enum Change: Sendable, Hashable, CustomStringConvertible {
    case moved(item: String, day: Int, after: String?, before: String?, sortOrder: Double)
    /// A day whose gaps had run out of precision got evenly spaced sortOrders, in its order.
    case renumbered(day: Int, items: Int)
    /// An item that had no sortOrder got the one it stood at, so it keeps its place.
    case pinned(item: String, sortOrder: Double)
    case added(item: String, day: Int, title: String)
    case removed(item: String, day: Int, title: String)
    case addedGame(item: String, matchup: String, day: Int)
    case removedGame(item: String, matchup: String, day: Int)
    case movedGame(item: String, matchup: String, from: Int, to: Int)
    case retimedGame(item: String, matchup: String, day: Int)
    case removedTravel(item: String, route: String, day: Int)
    case movedTravel(item: String, route: String, day: Int, after: String)
}

/// Something an edit noticed but did not change.
package enum EditWarning: Sendable, Hashable, CustomStringConvertible {
    /// Two consecutive visits with no travel item between them.
    case missingTravel(from: String, to: String, after: String, before: String)
}
