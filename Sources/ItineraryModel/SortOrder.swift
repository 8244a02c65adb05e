/// Positions between neighbours, as dragging an item makes them.
public enum SortOrder {
    /// A sortOrder strictly between two neighbours (either may be missing: the
    /// start or end of a day), or nil when no Double lies between them and the
    /// day has to be renumbered.
    public static func between(_ after: Double?, _ before: Double?) -> Double? {
        let candidate: Double
        switch (after, before) {
        case (nil, nil): return 100
        // Past a neighbour of 2^53 or more, one is lost to rounding: take the next Double instead.
        case (let a?, nil): candidate = a + 1 > a ? a + 1 : a.nextUp
        case (nil, let b?): candidate = b - 1 < b ? b - 1 : b.nextDown
        // Halves first, so that neighbours near ±Double.greatestFiniteMagnitude do not overflow.
        case (let a?, let b?): candidate = a / 2 + b / 2
        }
        guard candidate.isFinite else { return nil }
        if let after, !(candidate > after) { return nil }
        if let before, !(candidate < before) { return nil }
        return candidate
    }
}

/// Where an item stands in the trip: compared as the pair (day, sortOrder).
public struct Position: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let day: Int
    public let sortOrder: Double

    public init(day: Int, sortOrder: Double) {
        self.day = day
        self.sortOrder = sortOrder
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.day, lhs.sortOrder) < (rhs.day, rhs.sortOrder)
    }

    public var description: String { "day \(day), sortOrder \(JSONNumber(sortOrder).literal)" }
}

extension Entry {
    public var dayPosition: Position { Position(day: item.day, sortOrder: position) }
}
