import ItineraryConstraints
import ItineraryModel

/// The edits a person makes to a trip (move, add, remove, take in a changed
/// game schedule), each returning the rewritten document or refusing with one
/// sentence. The input is never changed; the result is read back and checked.
package struct Editor: Sendable {
    package let itinerary: Itinerary
    /// The instant written as `modifiedAt` on the items the user moves or adds.
    package let now: Instant
    /// The rules over the input; also finds entries by id, keyed by code points as the format compares ids.
    let checker: ConstraintChecker
    var ordered: OrderedItinerary { checker.itinerary }

    package init(_ itinerary: Itinerary, now: Instant) {
        self.itinerary = itinerary
        self.now = now
        checker = ConstraintChecker(OrderedItinerary(itinerary))
    }

    func entry(_ id: String) -> Entry? { checker.entry(id) }

    func line(day: Int) -> DayLine {
        DayLine(day: day, entries: ordered.days[day - 1].entries)
    }

    func checkDay(_ day: Int) throws(EditProblem) {
        guard (1...itinerary.trip.dayCount).contains(day) else {
            throw .unknownDay(day, dayCount: itinerary.trip.dayCount)
        }
    }

    // MARK: Move

    /// Moves a travel or custom item to a day, between new neighbours. The item
    /// gets `modifiedAt` now; refused when it is a game, when the neighbour is
    /// not on that day, or when the new place breaks a rule.
    package func move(_ id: String, toDay day: Int, _ placement: Placement) throws(EditProblem) -> EditResult {
        guard let entry = entry(id) else { throw .unknownItem(id) }
        if let game = entry.game {
            throw .gameCannotMove(id, matchup: game.matchup, day: entry.item.day)
        }
        try checkDay(day)
        var line = line(day: day)
        line.remove(id: id)
        let gap: Int
        switch placement {
        case .start:
            gap = 0
        case .end:
            gap = line.slots.count
        case .before(let neighbour), .after(let neighbour):
            guard !neighbour.hasSameCodePoints(as: id) else { throw .neighbourIsItem(id) }
            guard let index = line.index(of: neighbour) else {
                if let other = self.entry(neighbour) {
                    throw .neighbourOnOtherDay(neighbour, day: other.item.day, wanted: day)
                }
                throw .unknownNeighbour(neighbour)
            }
            if case .before = placement { gap = index } else { gap = index + 1 }
        }
        let after = gap > 0 ? line.slots[gap - 1].id : nil
        let before = gap < line.slots.count ? line.slots[gap].id : nil
        var draft = Draft(itinerary.document)
        var changes: [Change] = []
        draft.set("day", .number(JSONNumber(day)), ofItem: entry.index)
        let sortOrder = line.insert(
            id: id, index: entry.index, isGame: false, atGap: gap, into: &draft, changes: &changes)
        draft.set("modifiedAt", .string(now.isoUTC), ofItem: entry.index)
        changes.insert(.moved(item: id, day: day, after: after, before: before, sortOrder: sortOrder), at: 0)
        return try finish(draft, changes: changes, mustBeValid: [CodePointKey(id)])
    }

    // MARK: Add and remove

    /// Adds a custom item at the end of a day, with `modifiedAt` now and a
    /// new time-ordered UUID as its id, so that copies edited apart never give
    /// two items one id.
    package func add(_ new: NewItem, toDay day: Int) throws(EditProblem) -> EditResult {
        var generator = SystemRandomNumberGenerator()
        return try add(new, toDay: day, using: &generator)
    }

    /// Adds a custom item as `add(_:toDay:)` does, taking the id's random bits
    /// from `generator` (a seeded one makes the id repeatable in tests).
    package func add(
        _ new: NewItem, toDay day: Int, using generator: inout some RandomNumberGenerator
    ) throws(EditProblem) -> EditResult {
        try checkDay(day)
        // A removed item's id is not given again: a merge would take the new item for the old one.
        let removed = Set(itinerary.removed.map { CodePointKey($0.id) })
        var id = ItemID.timeOrdered(at: now, using: &generator)
        while entry(id) != nil || removed.contains(CodePointKey(id)) {
            id = ItemID.timeOrdered(at: now, using: &generator)
        }
        var object = JSONObject([
            ("id", .string(id)), ("day", .number(JSONNumber(day))), ("kind", .string("custom")),
            ("category", .string(new.category)), ("title", .string(new.title)),
        ])
        if let time = new.time { object["time"] = .string(time) }
        if new.latitude != nil || new.longitude != nil || new.address != nil {
            guard let latitude = new.latitude, let longitude = new.longitude else { throw .incompleteLocation() }
            var location = JSONObject([
                ("latitude", .number(JSONNumber(latitude))), ("longitude", .number(JSONNumber(longitude))),
            ])
            if let address = new.address { location["address"] = .string(address) }
            object["location"] = .object(location)
        }
        if let notes = new.notes { object["notes"] = .string(notes) }
        if let confirmation = new.confirmation { object["confirmation"] = .string(confirmation) }
        object["modifiedAt"] = .string(now.isoUTC)
        var draft = Draft(itinerary.document)
        draft.items.append(.object(object))
        var changes: [Change] = []
        var line = line(day: day)
        _ = line.insert(
            id: id, index: draft.items.count - 1, isGame: false, atGap: line.slots.count, into: &draft,
            changes: &changes)
        changes.insert(.added(item: id, day: day, title: new.title), at: 0)
        return try finish(draft, changes: changes, mustBeValid: [CodePointKey(id)])
    }

    /// Removes a custom item and leaves a tombstone (`removed`) with the time
    /// of the removal, so a merge with another copy does not bring it back;
    /// games and travel belong to the schedule and are refused.
    package func remove(_ id: String) throws(EditProblem) -> EditResult {
        guard let entry = entry(id) else { throw .unknownItem(id) }
        switch entry.item.kind {
        case .game:
            throw .notUsersItem(id, kind: "game " + (entry.game?.matchup ?? ""))
        case .travel(let travel):
            throw .notUsersItem(id, kind: "travel " + travel.route)
        case .custom(let custom):
            var draft = Draft(itinerary.document)
            draft.items.remove(at: entry.index)
            // A removal stands at or after the item's last edit, or a merge would bring it back.
            var time = now
            if let edited = entry.item.modifiedAt, edited > time {
                time = Instant(seconds: edited.seconds + (edited.fraction > 0 ? 1 : 0))
            }
            draft.markRemoved(id, at: time)
            return try finish(
                draft, changes: [.removed(item: id, day: entry.item.day, title: custom.title)], mustBeValid: [])
        }
    }

    // MARK: Checking the result

    /// Reads the rewritten document back and checks it: refused when it breaks
    /// a rule the input did not already break, or when an item the edit placed breaks any.
    func finish(
        _ draft: Draft, changes: [Change], warnings: [EditWarning] = [], mustBeValid: Set<CodePointKey>
    ) throws(EditProblem) -> EditResult {
        let document = draft.document
        let result: Itinerary
        do {
            result = try ItineraryReader.read(document: document)
        } catch {
            throw EditProblem.unreadable(error.problems)
        }
        let before = Set(checker.check().map(RuleKey.init))
        let after = ConstraintChecker(result).check()
        if let broken = after.first(where: {
            !before.contains(RuleKey($0)) || mustBeValid.contains(CodePointKey($0.location.id ?? ""))
        }) {
            throw .breaksRule(broken)
        }
        return EditResult(
            document: document, itinerary: result, changes: changes, warnings: warnings, standingViolations: after)
    }
}

/// A broken rule as the same across an edit: which rule, which item.
struct RuleKey: Hashable {
    let code: InputProblem.Code
    /// By code points, as the format compares ids.
    let id: CodePointKey?
    init(_ problem: InputProblem) {
        code = problem.code
        id = problem.location.id.map(CodePointKey.init)
    }
}
