import ItineraryConstraints
import ItineraryModel

extension Editor {
    /// Takes in a changed game schedule: every game of it is on the trip and
    /// every other game is off. Kept games keep their item (moving to the day a
    /// new start time falls on); new games go on the day they start, among that
    /// day's games by start time; removed games disappear. Travel that no longer
    /// joins two visits is removed; travel on the wrong side of its games goes to
    /// just after the last game of the visit it leaves. Everything else keeps its
    /// day and sortOrder. Consecutive visits with no travel are warned about.
    package func mergeGames(_ schedule: GameSchedule) throws(EditProblem) -> EditResult {
        var merge = GameMerge(
            schedule: schedule, startDays: try startDays(of: schedule), draft: Draft(itinerary.document))
        merge.draft.root["games"] = .array(stamped(schedule))
        compareGames(&merge)
        addNewGames(&merge)
        let lines = dayLines(&merge)
        placeArrivingGames(&merge, lines: lines)
        merge.draft.items = merge.draft.items.enumerated().filter { !merge.removed.contains($0.offset) }.map(\.element)

        let merged: Itinerary
        do {
            merged = try ItineraryReader.read(document: merge.draft.document)
        } catch {
            throw EditProblem.unreadable(error.problems)
        }
        var warnings: [EditWarning] = []
        let travelDraft = fixTravel(in: merged, changes: &merge.changes, warnings: &warnings)
        return try finish(travelDraft, changes: merge.changes, warnings: warnings, mustBeValid: [])
    }

    /// A game schedule being taken in: what changes, step by step.
    private struct GameMerge {
        let schedule: GameSchedule
        /// The day of the trip each incoming game starts on, by game id (code points:
        /// the format compares ids that way).
        let startDays: [CodePointKey: Int]
        var draft: Draft
        var changes: [Change] = []
        /// Indices of the game items whose game is gone.
        var removed: Set<Int> = []
        /// Game items that go to another day, and new ones, with the day they go to.
        var arriving: [(id: String, index: Int, game: Game, day: Int)] = []
        /// Days whose games change.
        var touched: Set<Int> = []
        /// Games that already have an item.
        var onTrip: Set<CodePointKey> = []

        /// The schedule's games by id.
        let incoming: [CodePointKey: Game]

        init(schedule: GameSchedule, startDays: [CodePointKey: Int], draft: Draft) {
            self.schedule = schedule
            self.startDays = startDays
            self.draft = draft
            incoming = Dictionary(
                schedule.games.map { (CodePointKey($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The schedule's games as the trip keeps them: a game the trip has, the same but for
    /// its `modifiedAt`, keeps the trip's element; a new or changed game gets `modifiedAt`
    /// now, so that what is derived from the trip (a feed's Last-Modified) moves with it.
    private func stamped(_ schedule: GameSchedule) -> [JSONValue] {
        var kept: [CodePointKey: JSONValue] = [:]
        if case .array(let games)? = itinerary.document["games"] {
            for game in games {
                if case .string(let id)? = game["id"] { kept[CodePointKey(id)] = game }
            }
        }
        return schedule.elements.map { element in
            guard case .object(var object) = element, case .string(let id)? = object["id"] else { return element }
            if let old = kept[CodePointKey(id)], old.unstamped.isIdentical(to: element.unstamped) { return old }
            object["modifiedAt"] = .string(now.isoUTC)
            return .object(object)
        }
    }

    /// The day each game of the schedule starts on; a game outside the trip is refused.
    private func startDays(of schedule: GameSchedule) throws(EditProblem) -> [CodePointKey: Int] {
        let trip = itinerary.trip
        var startDays: [CodePointKey: Int] = [:]
        for game in schedule.games {
            let day = trip.day(of: game.localStartDate)
            guard (1...trip.dayCount).contains(day) else {
                throw .gameOutsideTrip(game, first: trip.startDate, last: trip.date(ofDay: trip.dayCount))
            }
            startDays[CodePointKey(game.id)] = day
        }
        return startDays
    }

    /// The trip's game items against the schedule: gone, moved to another day, or retimed.
    private func compareGames(_ merge: inout GameMerge) {
        for entry in ordered.entries {
            guard let gameID = entry.item.gameID, let old = entry.game else { continue }
            let day = entry.item.day
            guard let game = merge.incoming[CodePointKey(gameID)] else {
                merge.removed.insert(entry.index)
                merge.touched.insert(day)
                merge.changes.append(.removedGame(item: entry.item.id, matchup: old.matchup, day: day))
                continue
            }
            merge.onTrip.insert(CodePointKey(gameID))
            let newDay = merge.startDays[CodePointKey(gameID)]!
            if newDay != day {
                merge.touched.formUnion([day, newDay])
                merge.arriving.append((entry.item.id, entry.index, game, newDay))
                merge.changes.append(.movedGame(item: entry.item.id, matchup: game.matchup, from: day, to: newDay))
            } else if game.start != old.start {
                merge.touched.insert(day)
                merge.changes.append(.retimedGame(item: entry.item.id, matchup: game.matchup, day: day))
            }
        }
    }

    /// An item for each game of the schedule the trip does not have yet, on the day it starts.
    private func addNewGames(_ merge: inout GameMerge) {
        var usedIDs = Set(itinerary.items.map { CodePointKey($0.id) } + itinerary.removed.map { CodePointKey($0.id) })
        for game in merge.schedule.games where !merge.onTrip.contains(CodePointKey(game.id)) {
            // A UUID derived from the game's id: two copies that take in the same
            // schedule apart give its new game one item, which a merge keeps once.
            var id = ItemID.derived(from: "game " + game.id)
            var attempt = 2
            while usedIDs.contains(CodePointKey(id)) {
                id = ItemID.derived(from: "game \(attempt) " + game.id)
                attempt += 1
            }
            usedIDs.insert(CodePointKey(id))
            let day = merge.startDays[CodePointKey(game.id)]!
            merge.draft.items.append(
                .object(
                    JSONObject([
                        ("id", .string(id)), ("day", .number(JSONNumber(day))),
                        ("kind", .string("game")), ("gameId", .string(game.id)),
                    ])))
            merge.arriving.append((id, merge.draft.items.count - 1, game, day))
            merge.touched.insert(day)
            merge.changes.append(.addedGame(item: id, matchup: game.matchup, day: day))
        }
    }

    /// The touched days as placing sees them, without the games that leave.
    /// Games without a sortOrder stand at 100, 101, … among the day's unplaced
    /// games; on a day whose games change, they get the one they stood at.
    private func dayLines(_ merge: inout GameMerge) -> [Int: DayLine] {
        let leaving = Set(merge.arriving.map(\.index))
        var lines: [Int: DayLine] = [:]
        for day in merge.touched.sorted() {
            var line = line(day: day)
            let entries = ordered.days[day - 1].entries
            for entry in entries where merge.removed.contains(entry.index) || leaving.contains(entry.index) {
                line.remove(id: entry.item.id)
            }
            for entry in entries
            where entry.item.isGame && entry.item.sortOrder == nil && !merge.removed.contains(entry.index)
                && !leaving.contains(entry.index)
            {
                merge.draft.setSortOrder(entry.position, ofItem: entry.index)
                merge.changes.append(.pinned(item: entry.item.id, sortOrder: entry.position))
            }
            lines[day] = line
        }
        return lines
    }

    /// Moved and new games go among their day's games by start time, earliest first.
    private func placeArrivingGames(_ merge: inout GameMerge, lines: [Int: DayLine]) {
        var lines = lines
        var starts: [CodePointKey: Instant] = [:]
        for entry in ordered.entries {
            guard let gameID = entry.item.gameID, entry.game != nil, let game = merge.incoming[CodePointKey(gameID)]
            else { continue }
            starts[CodePointKey(entry.item.id)] = game.start
        }
        let arriving = merge.arriving.sorted {
            $0.game.start != $1.game.start ? $0.game.start < $1.game.start : $0.id.precedesByCodePoints($1.id)
        }
        for game in arriving {
            merge.draft.set("day", .number(JSONNumber(game.day)), ofItem: game.index)
            var line = lines[game.day]!
            place(game, starts: starts, in: &line, draft: &merge.draft, changes: &merge.changes)
            starts[CodePointKey(game.id)] = game.game.start
            lines[game.day] = line
        }
    }

    /// Places a game half-way between the games before and after it by start
    /// time, on a sortOrder no other item of the day has.
    private func place(
        _ game: (id: String, index: Int, game: Game, day: Int), starts: [CodePointKey: Instant],
        in line: inout DayLine, draft: inout Draft, changes: inout [Change]
    ) {
        for attempt in 0..<2 {
            let games = line.slots.filter(\.isGame)
            let next =
                games.firstIndex { (starts[CodePointKey($0.id)] ?? game.game.start) > game.game.start } ?? games.count
            let lower = next > 0 ? games[next - 1].position : nil
            let upper = next < games.count ? games[next].position : nil
            if var sortOrder = SortOrder.between(lower, upper) {
                var (gap, taken) = line.gap(for: sortOrder)
                if taken {
                    let above = line.slots[gap...].first { $0.isStored && $0.position > sortOrder }?.position
                    let bound = [above, upper].compactMap { $0 }.min()
                    if let nudged = SortOrder.between(sortOrder, bound) {
                        sortOrder = nudged
                        (gap, taken) = line.gap(for: sortOrder)
                    }
                }
                if !taken {
                    _ = line.insert(
                        id: game.id, index: game.index, isGame: true, atGap: gap, sortOrder: sortOrder, into: &draft,
                        changes: &changes)
                    return
                }
            }
            if attempt == 0 {
                line.renumber(&draft)
                changes.append(.renumbered(day: line.day, items: line.slots.count))
            }
        }
        // Still no room after renumbering (cannot happen with spacing 10): the end of the day.
        _ = line.insert(
            id: game.id, index: game.index, isGame: true, atGap: line.slots.count, into: &draft, changes: &changes)
    }

    /// The k-th travel from A to B joins the k-th pair of visits A → B: surplus
    /// travel is removed (first what lies outside every such pair), the rest is
    /// moved after the last game of its departure visit when it stands outside
    /// its pair; pairs left without travel are warned about.
    private func fixTravel(in merged: Itinerary, changes: inout [Change], warnings: inout [EditWarning]) -> Draft {
        let checker = ConstraintChecker(merged)
        let ordered = checker.itinerary
        var draft = Draft(merged.document)
        var groups: [String: [Entry]] = [:]
        var groupOrder: [String] = []
        for entry in ordered.entries {
            guard let travel = entry.item.travel else { continue }
            let key = travel.fromCity + "\u{0}" + travel.toCity
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(entry)
        }
        var removed: Set<Int> = []
        var lines: [Int: DayLine] = [:]
        var served: [String: Int] = [:]
        for key in groupOrder {
            var travel = groups[key]!
            let route = travel[0].item.travel!
            let pairs = checker.visitPairs(from: route.fromCity, to: route.toCity)
            if travel.count > pairs.count {
                var surplus = travel.count - pairs.count
                let inside = travel.map { entry in pairs.contains { $0.allow(entry.dayPosition) } }
                var keep = Array(repeating: true, count: travel.count)
                for offset in travel.indices.reversed() where surplus > 0 && !inside[offset] {
                    keep[offset] = false
                    surplus -= 1
                }
                for offset in travel.indices.reversed() where surplus > 0 && keep[offset] {
                    keep[offset] = false
                    surplus -= 1
                }
                for (offset, entry) in travel.enumerated() where !keep[offset] {
                    removed.insert(entry.index)
                    changes.append(.removedTravel(item: entry.item.id, route: route.route, day: entry.item.day))
                }
                travel = travel.enumerated().filter { keep[$0.offset] }.map(\.element)
            }
            served[key] = travel.count
            for (entry, pair) in zip(travel, pairs) where !pair.allow(entry.dayPosition) {
                let barrier = pair.lastDeparture
                let day = barrier.position.day
                var old =
                    lines[entry.item.day]
                    ?? DayLine(day: entry.item.day, entries: ordered.days[entry.item.day - 1].entries)
                old.remove(id: entry.item.id)
                lines[entry.item.day] = old
                var line = lines[day] ?? DayLine(day: day, entries: ordered.days[day - 1].entries)
                let gap = (line.index(of: barrier.itemID) ?? line.slots.count - 1) + 1
                draft.set("day", .number(JSONNumber(day)), ofItem: entry.index)
                _ = line.insert(
                    id: entry.item.id, index: entry.index, isGame: false, atGap: gap, into: &draft, changes: &changes)
                lines[day] = line
                changes.append(
                    .movedTravel(item: entry.item.id, route: route.route, day: day, after: barrier.game.matchup))
            }
        }
        var seen: [String: Int] = [:]
        if checker.visits.count > 1 {
            for index in 1..<checker.visits.count {
                let from = checker.visits[index - 1], to = checker.visits[index]
                let key = from.city + "\u{0}" + to.city
                seen[key, default: 0] += 1
                if seen[key]! > served[key, default: 0] {
                    warnings.append(
                        .missingTravel(
                            from: from.city, to: to.city, after: from.games.last!.label, before: to.games[0].label))
                }
            }
        }
        draft.items = draft.items.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        return draft
    }
}
