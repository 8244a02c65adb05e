/// The itinerary as every output shows it: days 1…dayCount with their dates,
/// each holding its items in the user's order. This is the only place that
/// order is decided.
package struct OrderedItinerary: Sendable {
    package let trip: Trip
    package let days: [Day]
    /// The games of the catalogue, by id, for the entries that show them.
    package let itinerary: Itinerary

    package init(_ itinerary: Itinerary) {
        self.itinerary = itinerary
        self.trip = itinerary.trip
        self.days = Self.order(itinerary)
        self.entries = days.flatMap(\.entries)
    }

    /// Every entry of the trip, day by day.
    package let entries: [Entry]

    private init(trip: Trip, days: [Day], itinerary: Itinerary) {
        self.trip = trip
        self.days = days
        self.itinerary = itinerary
        self.entries = days.flatMap(\.entries)
    }

    /// The same days in the same order, each item changed by `change`, which
    /// must leave what orders items alone (day, sortOrder, modifiedAt, id):
    /// for fields a shared copy leaves out.
    package func mappingItems(_ change: (Item) -> Item) -> OrderedItinerary {
        var itinerary = self.itinerary
        itinerary.items = itinerary.items.map(change)
        let days = days.map { day in
            Day(
                number: day.number, date: day.date,
                entries: day.entries.map { entry in
                    Entry(
                        item: itinerary.items[entry.index], index: entry.index, position: entry.position,
                        game: entry.game)
                })
        }
        return OrderedItinerary(trip: trip, days: days, itinerary: itinerary)
    }

    /// The first and last calendar dates of the trip.
    package var dateRange: ClosedRange<CivilDate> {
        trip.startDate...trip.date(ofDay: trip.dayCount)
    }

    private static func order(_ itinerary: Itinerary) -> [Day] {
        let trip = itinerary.trip
        var byDay = [[Int]](repeating: [], count: trip.dayCount + 1)
        for (index, item) in itinerary.items.enumerated() where item.day >= 1 && item.day <= trip.dayCount {
            byDay[item.day].append(index)
        }
        return (1...trip.dayCount).map { number in
            Day(number: number, date: trip.date(ofDay: number), entries: orderDay(byDay[number], in: itinerary))
        }
    }

    /// Orders one day's items: sortOrder, then modifiedAt (missing first), then id;
    /// games without sortOrder get 100, 101, … by start time; custom items
    /// without one go last.
    static func orderDay(_ indices: [Int], in itinerary: Itinerary) -> [Entry] {
        let items = itinerary.items
        let unsortedGames =
            indices
            .filter { items[$0].isGame && items[$0].sortOrder == nil }
            .sorted { a, b in
                let ga = itinerary.game(of: items[a])?.start, gb = itinerary.game(of: items[b])?.start
                if ga != gb, let ga, let gb { return ga < gb }
                return items[a].id.precedesByCodePoints(items[b].id)
            }
        var assigned: [Int: Double] = [:]
        for (rank, index) in unsortedGames.enumerated() {
            assigned[index] = Double(100 + rank)
        }
        // Positions are ordered first and each entry is made once, in its place, with its final position.
        var slots = indices.map { index in
            let item = items[index]
            return Slot(
                index: index, position: item.sortOrder ?? assigned[index] ?? .infinity,
                isPlaced: item.sortOrder != nil || assigned[index] != nil)
        }
        slots.sort { a, b in
            if a.position != b.position { return a.position < b.position }
            return Entry.precedesInTies(items[a.index], items[b.index])
        }
        // Items placed after the last sorted one get positions past it, so a
        // position always says where an entry stands.
        let lastPlaced = slots.lastIndex(where: \.isPlaced)
        let floating = lastPlaced.map { $0 + 1 } ?? 0
        for (offset, position) in zip(
            floating..., SortOrder.floating(after: lastPlaced.map { slots[$0].position }, count: slots.count - floating)
        ) {
            slots[offset].position = position
        }
        return slots.map { slot in
            let item = items[slot.index]
            return Entry(item: item, index: slot.index, position: slot.position, game: itinerary.game(of: item))
        }
    }

    /// An item's place while its day is ordered.
    private struct Slot {
        let index: Int
        var position: Double
        /// Whether it has a sortOrder, its own or one given to a game.
        let isPlaced: Bool
    }
}

/// One day of the trip: its number, calendar date and ordered entries.
package struct Day: Sendable, Identifiable {
    package let number: Int
    package let date: CivilDate
    package let entries: [Entry]

    package var id: Int { number }
    /// A day with nothing planned.
    package var isRest: Bool { entries.isEmpty }
}

/// An item in its place: what it is, where it was in the file, and the
/// effective sortOrder ordering gave it. A class: entries are passed around
/// (days, the checker's index, the presented rows) far more than made, and
/// a copy of one is then a single reference.
package final class Entry: Sendable {
    package let item: Item
    /// The item's index in the file's `items` array.
    package let index: Int
    /// The sortOrder the item has or was given.
    package let position: Double
    /// The game, for a game item.
    package let game: Game?

    init(item: Item, index: Int, position: Double, game: Game?) {
        self.item = item
        self.index = index
        self.position = position
        self.game = game
    }

    /// The order of two entries at the same sortOrder: earlier modifiedAt (missing first), then id.
    package static func precedesInTies(_ a: Entry, _ b: Entry) -> Bool {
        precedesInTies(a.item, b.item)
    }

    static func precedesInTies(_ a: Item, _ b: Item) -> Bool {
        switch (a.modifiedAt, b.modifiedAt) {
        case (nil, .some): return true
        case (.some, nil): return false
        case let (x?, y?) where x != y: return x < y
        default: return a.id.precedesByCodePoints(b.id)
        }
    }
}
