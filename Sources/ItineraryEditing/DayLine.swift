import ItineraryModel

/// One day's items in reading order with the sortOrder each stands at, as
/// placing an item sees them; kept up to date while an edit places several.
struct DayLine {
    struct Slot {
        let id: String
        /// Index in the draft's `items`.
        var index: Int
        var position: Double
        /// False for a custom item without sortOrder: it floats after the last stored one.
        var isStored: Bool
        let isGame: Bool
    }

    let day: Int
    var slots: [Slot]

    init(day: Int, entries: [Entry]) {
        self.day = day
        slots = entries.map {
            Slot(
                id: $0.item.id, index: $0.index, position: $0.position,
                isStored: $0.item.sortOrder != nil || $0.item.isGame, isGame: $0.item.isGame)
        }
    }

    func index(of id: String) -> Int? { slots.firstIndex { $0.id.hasSameCodePoints(as: id) } }

    /// The sortOrder half-way between the neighbours of a gap (0 = start of the
    /// day), or nil when no Double lies between them.
    func sortOrder(atGap gap: Int) -> Double? {
        SortOrder.between(gap > 0 ? slots[gap - 1].position : nil, gap < slots.count ? slots[gap].position : nil)
    }

    /// Puts an item into a gap and writes where everything now stands: its
    /// sortOrder (half-way between its neighbours unless given), the sortOrder
    /// of floating items before it (which would otherwise jump after it), or,
    /// when the gap is too small to split, evenly spaced sortOrders for the whole day.
    mutating func insert(
        id: String, index: Int, isGame: Bool, atGap gap: Int, sortOrder given: Double? = nil,
        into draft: inout Draft, changes: inout [Change]
    ) -> Double {
        if let sortOrder = given ?? sortOrder(atGap: gap) {
            for offset in 0..<gap where !slots[offset].isStored {
                slots[offset].isStored = true
                draft.setSortOrder(slots[offset].position, ofItem: slots[offset].index)
                changes.append(.pinned(item: slots[offset].id, sortOrder: slots[offset].position))
            }
            slots.insert(Slot(id: id, index: index, position: sortOrder, isStored: true, isGame: isGame), at: gap)
            draft.setSortOrder(sortOrder, ofItem: index)
            refloat()
            return sortOrder
        }
        slots.insert(Slot(id: id, index: index, position: 0, isStored: true, isGame: isGame), at: gap)
        renumber(&draft)
        changes.append(.renumbered(day: day, items: slots.count))
        return slots[gap].position
    }

    /// The gap where a sortOrder falls, and whether an item already stands there.
    /// Floating items stay at the end of the day whatever sortOrder is placed,
    /// so only stored ones count.
    func gap(for sortOrder: Double) -> (gap: Int, taken: Bool) {
        let firstFloating = slots.firstIndex { !$0.isStored } ?? slots.count
        let gap = slots[..<firstFloating].firstIndex { $0.position >= sortOrder } ?? firstFloating
        return (gap, gap < firstFloating && slots[gap].position == sortOrder)
    }

    /// Floating items follow the last stored sortOrder, as ordering places them.
    private mutating func refloat() {
        let last = slots.lastIndex(where: \.isStored)
        let floating = last.map { $0 + 1 } ?? 0
        for (offset, position) in zip(
            floating..., SortOrder.floating(after: last.map { slots[$0].position }, count: slots.count - floating))
        {
            slots[offset].position = position
        }
    }

    /// Evenly spaced sortOrders (10, 20, 30, …) in the day's reading order.
    mutating func renumber(_ draft: inout Draft) {
        for offset in slots.indices {
            slots[offset].position = Double(10 * (offset + 1))
            slots[offset].isStored = true
            draft.setSortOrder(slots[offset].position, ofItem: slots[offset].index)
        }
    }

    mutating func remove(id: String) {
        slots.removeAll { $0.id.hasSameCodePoints(as: id) }
        refloat()
    }
}
