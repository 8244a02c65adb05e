import ItineraryModel

/// The rules of the design, over an ordered itinerary: games are fixed on the
/// day they start; travel from A to B comes after every game of the visit to A
/// it leaves and before every game of the visit to B it reaches; custom items
/// go anywhere.
package struct ConstraintChecker: Sendable {
    package let itinerary: OrderedItinerary
    /// The trip's visits, in order.
    package let visits: [Visit]
    /// The pairs of consecutive visits, in order, by the cities they join:
    /// each travel item looks up its own instead of walking every visit.
    private let visitPairsByRoute: [Route: [Barriers]]
    /// Entries and game start days by item id, keyed by code points: the format
    /// compares ids that way, so canonically equivalent ids are different items.
    private let entriesByID: [CodePointKey: Entry]
    private let gameStartDay: [CodePointKey: Int]
    /// The travel entries in itinerary order: counting occurrences looks only at these.
    private let travels: [Entry]
    /// Each travel entry's occurrence where it stands (by file index; 0 for
    /// the others): the k-th travel from A to B in itinerary order. Checking
    /// the whole trip asks for every one of them.
    let occurrenceInPlace: [Int]

    package init(_ itinerary: OrderedItinerary) {
        self.itinerary = itinerary
        var entries: [CodePointKey: Entry] = [:]
        entries.reserveCapacity(itinerary.entries.count)
        var startDays: [CodePointKey: Int] = [:]
        var stops: [GameStop] = []
        var travels: [Entry] = []
        var occurrences = [Int](repeating: 0, count: itinerary.itinerary.items.count)
        var travelsSoFar: [Route: Int] = [:]
        for entry in itinerary.entries {
            if let travel = entry.item.travel {
                travels.append(entry)
                let route = Route(from: travel.fromCity, to: travel.toCity)
                let occurrence = (travelsSoFar[route] ?? 0) + 1
                travelsSoFar[route] = occurrence
                occurrences[entry.index] = occurrence
            }
            entries[CodePointKey(entry.item.id)] = entry
            if let game = entry.game {
                let startDay = itinerary.trip.day(of: game.localStartDate)
                startDays[CodePointKey(entry.item.id)] = startDay
                // A misplaced game is reported once, as such; its barriers stand where it really is.
                stops.append(
                    GameStop(
                        game: game, itemID: entry.item.id, position: Position(day: startDay, sortOrder: entry.position))
                )
            }
        }
        stops.sort { $0.position < $1.position }
        var visits: [Visit] = []
        var run: [GameStop] = []
        for stop in stops {
            if let last = run.last, last.game.stadium.city != stop.game.stadium.city {
                visits.append(Visit(city: last.game.stadium.city, games: run))
                run = []
            }
            run.append(stop)
        }
        if let last = run.last { visits.append(Visit(city: last.game.stadium.city, games: run)) }
        self.visits = visits
        var pairs: [Route: [Barriers]] = [:]
        for (departure, arrival) in zip(visits, visits.dropFirst()) {
            pairs[Route(from: departure.city, to: arrival.city), default: []].append(
                Barriers(departure: departure, arrival: arrival))
        }
        self.visitPairsByRoute = pairs
        self.entriesByID = entries
        self.gameStartDay = startDays
        self.travels = travels
        self.occurrenceInPlace = occurrences
    }

    /// Two cities in the order a travel item connects them.
    private struct Route: Hashable {
        let from: String
        let to: String
    }

    package init(_ itinerary: Itinerary) {
        self.init(OrderedItinerary(itinerary))
    }

    /// The entry with this id (compared by code points), if any.
    package func entry(_ itemID: String) -> Entry? {
        entriesByID[CodePointKey(itemID)]
    }

    // MARK: Travel

    /// The barrier games of a travel item where it stands now; nil when it is
    /// not travel or its cities match no pair of visits.
    package func barriers(of itemID: String) -> Barriers? {
        guard let entry = entry(itemID) else { return nil }
        return barriers(of: entry, at: entry.dayPosition)
    }

    /// The days on which a travel item can go; nil when it has no barriers.
    package func validDayRange(of itemID: String) -> ClosedRange<Int>? {
        barriers(of: itemID)?.dayRange
    }

    /// The pairs of consecutive visits from one city to another, in order.
    package func visitPairs(from: String, to: String) -> [Barriers] {
        visitPairsByRoute[Route(from: from, to: to)] ?? []
    }

    /// Barriers of a travel entry as if it stood at `position`: the k-th travel
    /// from A to B, counted in itinerary order, connects the k-th pair of visits A → B.
    private func barriers(of entry: Entry, at position: Position) -> Barriers? {
        guard let travel = entry.item.travel else { return nil }
        let pairs = visitPairs(from: travel.fromCity, to: travel.toCity)
        let occurrence = occurrence(of: entry, at: position, travel: travel)
        return occurrence <= pairs.count ? pairs[occurrence - 1] : nil
    }

    /// Which travel between these two cities this is (1-based), counted in itinerary order.
    private func occurrence(of entry: Entry, at position: Position, travel: Travel) -> Int {
        // Entries stand in itinerary order, so where it stands the count is made already.
        if position == entry.dayPosition { return occurrenceInPlace[entry.index] }
        return countedOccurrence(of: entry, at: position, travel: travel)
    }

    /// The occurrence counted over the trip's travel, for any position.
    func countedOccurrence(of entry: Entry, at position: Position, travel: Travel) -> Int {
        var count = 1
        for other in travels where other.index != entry.index {
            guard let otherTravel = other.item.travel,
                otherTravel.fromCity == travel.fromCity, otherTravel.toCity == travel.toCity
            else { continue }
            if other.dayPosition < position || (other.dayPosition == position && Entry.precedesInTies(other, entry)) {
                count += 1
            }
        }
        return count
    }

    // MARK: Positions

    /// Whether an item may stand at a position.
    package func isValid(_ itemID: String, at position: Position) -> Bool {
        guard let entry = entry(itemID) else { return false }
        return violations(of: entry, at: position).isEmpty
    }

    /// What is wrong with an item standing at a position (empty when it may).
    package func violations(of itemID: String, at position: Position) -> [InputProblem] {
        guard let entry = entry(itemID) else { return [] }
        return violations(of: entry, at: position)
    }

    private func violations(of entry: Entry, at position: Position) -> [InputProblem] {
        // Made only for a problem: most entries have none.
        var location: Location { Location.item(entry.index, id: entry.item.id) }
        switch entry.item.kind {
        case .custom:
            return []
        case .game:
            guard let game = entry.game, let startDay = gameStartDay[CodePointKey(entry.item.id)],
                position.day != startDay
            else { return [] }
            return [
                .gameOnWrongDay(
                    location.appending(.key("day")), matchup: game.matchup, day: position.day, startDay: startDay,
                    startDate: game.localStartDate, dayCount: itinerary.trip.dayCount)
            ]
        case .travel(let travel):
            var name: String { travel.route }
            guard let barriers = barriers(of: entry, at: position) else {
                let pairs = visitPairs(from: travel.fromCity, to: travel.toCity).count
                return [
                    .travelConnectsNoVisits(
                        location, travel: name, occurrence: occurrence(of: entry, at: position, travel: travel),
                        pairs: pairs)
                ]
            }
            if !(position > barriers.lastDeparture.position) {
                let barrier = barriers.lastDeparture
                return [
                    .travelBeforeBarrier(
                        location, travel: name, day: position.day, barrier: barrier.game.matchup,
                        barrierDay: barrier.position.day, city: barriers.departure.city)
                ]
            }
            if !(position < barriers.firstArrival.position) {
                let barrier = barriers.firstArrival
                return [
                    .travelAfterBarrier(
                        location, travel: name, day: position.day, barrier: barrier.game.matchup,
                        barrierDay: barrier.position.day, city: barriers.arrival.city)
                ]
            }
            return []
        }
    }

    /// Every rule the trip breaks, in itinerary order.
    package func check() -> [InputProblem] {
        itinerary.entries.flatMap { violations(of: $0, at: $0.dayPosition) }
    }

    // MARK: Drop zones

    /// Every place the item could be dropped: each gap between two of the other
    /// items of a day (or a day's start or end) where the rules allow it, the
    /// gap it stands in now included. Games cannot move and have none.
    package func dropZones(for itemID: String) -> [DropZone] {
        guard let entry = entry(itemID) else { return [] }
        if entry.item.isGame { return [] }
        var days = Array(1...itinerary.trip.dayCount)
        if entry.item.travel != nil {
            guard let barriers = barriers(of: entry, at: entry.dayPosition) else { return [] }
            days = Array(barriers.dayRange.clamped(to: 1...itinerary.trip.dayCount))
        }
        var zones: [DropZone] = []
        for number in days {
            let others = itinerary.days[number - 1].entries.filter { $0.index != entry.index }
            for gap in 0...others.count {
                let after = gap > 0 ? others[gap - 1] : nil
                let before = gap < others.count ? others[gap] : nil
                let sortOrder =
                    SortOrder.between(after?.position, before?.position)
                    ?? after.map { $0.position } ?? before.map { $0.position } ?? 100
                if entry.item.travel == nil
                    || violations(of: entry, at: Position(day: number, sortOrder: sortOrder)).isEmpty
                {
                    zones.append(DropZone(day: number, after: after?.item.id, before: before?.item.id))
                }
            }
        }
        return zones
    }
}
