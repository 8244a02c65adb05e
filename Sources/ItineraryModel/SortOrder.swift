/// Positions between neighbours, as dragging an item makes them.
package enum SortOrder {
    /// A sortOrder strictly between two neighbours (either may be missing: the
    /// start or end of a day), or nil when no Double lies between them and the
    /// day has to be renumbered.
    package static func between(_ after: Double?, _ before: Double?) -> Double? {
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

    /// Where items without a sortOrder stand when they follow the last one
    /// with a sortOrder (nil: a day of such items only): the next whole
    /// numbers after it, so a position always says where an item stands.
    /// Ordering a day and placing an item both use this.
    package static func floating(after last: Double?, count: Int) -> [Double] {
        let first = last.map { $0.rounded(.down) + 1 } ?? 1
        return (0..<count).map { first + Double($0) }
    }
}

/// Where an item stands in the trip: compared as the pair (day, sortOrder).
package struct Position: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let day: Int
    package let sortOrder: Double

    package init(day: Int, sortOrder: Double) {
        self.day = day
        self.sortOrder = sortOrder
    }

    package static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.day, lhs.sortOrder) < (rhs.day, rhs.sortOrder)
    }

    package var description: String { "day \(day), sortOrder \(JSONNumber(sortOrder).literal)" }
}

extension Entry {
    package var dayPosition: Position { Position(day: item.day, sortOrder: position) }
}
