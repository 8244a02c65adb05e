import ItineraryModel

// Every sentence the editing commands print (refusals, changes, warnings) is
// written here, so they read alike and name the item or field they are about.

extension EditProblem {
    static func unknownItem(_ id: String) -> EditProblem {
        EditProblem(.unknownItem, item: id, "no item has the id \"\(id)\".")
    }

    static func unknownDay(_ day: Int, dayCount: Int) -> EditProblem {
        EditProblem(.unknownDay, "day \(day) is not a day of this trip (1…\(dayCount)).")
    }

    static func unknownNeighbour(_ id: String) -> EditProblem {
        EditProblem(.unknownNeighbour, item: id, "no item has the id \"\(id)\", so nothing can go next to it.")
    }

    static func neighbourOnOtherDay(_ id: String, day: Int, wanted: Int) -> EditProblem {
        EditProblem(
            .neighbourOnOtherDay, item: id,
            "item \"\(id)\" is on day \(day), not day \(wanted): a neighbour must be on the day the item moves to.")
    }

    static func neighbourIsItem(_ id: String) -> EditProblem {
        EditProblem(
            .neighbourIsItem, item: id,
            "item \"\(id)\" cannot go before or after itself; name another item as its neighbour.")
    }

    static func gameCannotMove(_ id: String, matchup: String, day: Int) -> EditProblem {
        EditProblem(
            .gameCannotMove, item: id,
            "item \"\(id)\" is the game \(matchup) on day \(day); "
                + "games are fixed on the day they start and cannot move."
        )
    }

    static func notUsersItem(_ id: String, kind: String) -> EditProblem {
        EditProblem(
            .notUsersItem, item: id,
            "item \"\(id)\" is the \(kind), which belongs to the game schedule, not to you; "
                + "change the schedule with merge-games instead."
        )
    }

    static func incompleteLocation() -> EditProblem {
        EditProblem(.invalidField, "the new item's location needs both --lat and --lon.")
    }

    /// The rewritten document does not read: for an added item, the field the user gave is wrong.
    static func unreadable(_ problems: [InputProblem]) -> EditProblem {
        guard let first = problems.first else {
            return EditProblem(.unreadableResult, "the rewritten itinerary could not be read back.")
        }
        if first.location.path.count > 2 {
            let field = Location(path: Array(first.location.path.dropFirst(2))).description
            return EditProblem(.invalidField, item: first.location.id, "the new item's \(field): \(first.message)")
        }
        return EditProblem(
            .unreadableResult, item: first.location.id,
            "the rewritten itinerary would not read back: \(first.description)")
    }

    static func breaksRule(_ problem: InputProblem) -> EditProblem {
        EditProblem(.breaksRule, item: problem.location.id, "refused, the file is unchanged: \(problem.description)")
    }

    static func mergeBreaksRule(_ problem: InputProblem) -> EditProblem {
        EditProblem(
            .breaksRule, item: problem.location.id,
            "refused, nothing is written: the merged trip would break a rule neither copy breaks: "
                + "\(problem.description)"
        )
    }

    static func differentTrips(mine: String, theirs: String) -> EditProblem {
        EditProblem(
            .differentTrips,
            "the copies are of different trips (trip.id \"\(mine.shownInMessage)\" and \"\(theirs.shownInMessage)\"); "
                + "only copies of one trip merge."
        )
    }

    static func tripFieldsDiffer(_ fields: [String]) -> EditProblem {
        let list = fields.map { "trip.\($0)" }.joined(separator: ", ")
        let verb = fields.count == 1 ? "differs" : "differ"
        return EditProblem(
            .tripFieldsDiffer,
            "the copies' \(list) \(verb) and neither copy has a trip.modifiedAt saying which is newer; "
                + "make the fields agree in one copy (or stamp the newer one) and merge again."
        )
    }

    static func differentGames(_ id: String, only copy: String?) -> EditProblem {
        let difference =
            copy.map { "only \($0) has the game \"\(id.shownInMessage)\"" }
            ?? "the game \"\(id.shownInMessage)\" differs between the copies"
        return EditProblem(
            .differentGames, item: id,
            "the game catalogues differ: \(difference); take the schedule into both with merge-games first.")
    }

    static func catalogueNotJSON(_ label: String, _ error: JSONSyntaxError) -> EditProblem {
        EditProblem(
            .catalogueNotJSON, file: label,
            "line \(error.line), column \(error.column): not valid JSON: \(error.reason).")
    }

    static func catalogueShape(_ label: String) -> EditProblem {
        EditProblem(.catalogueShape, file: label, "expected an object with a \"games\" array, as {\"games\": [...]}.")
    }

    static func catalogueGame(_ label: String, _ problems: [InputProblem]) -> EditProblem {
        let first = problems.first.map(\.description) ?? "the games do not read."
        let more =
            problems.count > 1
            ? " (and \(problems.count - 1) more \(problems.count == 2 ? "problem" : "problems"))" : ""
        return EditProblem(.catalogueGame, item: problems.first?.location.id, file: label, "\(first)\(more)")
    }

    static func gameOutsideTrip(_ game: Game, first: CivilDate, last: CivilDate) -> EditProblem {
        EditProblem(
            .gameOutsideTrip, item: game.id,
            "game \"\(game.id)\" (\(game.matchup)) starts on \(game.localStartDate), outside the trip "
                + "(\(first) to \(last)); every game of the schedule must fall on a day of the trip."
        )
    }
}

extension Change {
    package var description: String {
        switch self {
        case let .moved(item, day, after, before, sortOrder):
            let place =
                switch (after, before) {
                case let (a?, b?): "between \"\(a)\" and \"\(b)\""
                case let (a?, nil): "after \"\(a)\", at the end"
                case let (nil, b?): "before \"\(b)\", at the start"
                case (nil, nil): "alone"
                }
            return "moved \"\(item)\" to day \(day), \(place) (sortOrder \(literal(sortOrder)))"
        case let .renumbered(day, items):
            return
                "renumbered day \(day): its \(items) items had no room left between them "
                + "and now have sortOrder 10 to \(items * 10), in the same order"
        case let .pinned(item, sortOrder):
            return "gave \"\(item)\" the sortOrder \(literal(sortOrder)) it stood at, so it keeps its place"
        case let .added(item, day, title):
            return "added \"\(item.shownInMessage)\" (\(title)) at the end of day \(day)"
        case let .removed(item, day, title):
            return "removed \"\(item.shownInMessage)\" (\(title)) from day \(day)"
        case let .addedGame(item, matchup, day):
            return "added game \(matchup) on day \(day) as \"\(item)\""
        case let .removedGame(item, matchup, day):
            return "removed game \(matchup) (\"\(item)\") from day \(day)"
        case let .movedGame(item, matchup, from, to):
            return "moved game \(matchup) (\"\(item)\") from day \(from) to day \(to), where it now starts"
        case let .retimedGame(item, matchup, day):
            return "game \(matchup) (\"\(item)\") has a new start time, still on day \(day)"
        case let .removedTravel(item, route, day):
            return "removed travel \(route) (\"\(item)\") from day \(day): it no longer joins two visits"
        case let .movedTravel(item, route, day, after):
            return
                "moved travel \(route) (\"\(item)\") to day \(day), just after \(after), "
                + "the last game of the visit it leaves"
        }
    }

    private func literal(_ value: Double) -> String { JSONNumber(value).literal }
}

extension EditWarning {
    package var description: String {
        switch self {
        case let .missingTravel(from, to, after, before):
            "no travel from \(from) to \(to) between \(after) and \(before); "
                + "add one in the app (distances need a routing service)."
        }
    }
}

extension EditResult {
    /// The sentence said when the input already broke rules the edit left as they were.
    package var standingViolationsNote: String? {
        guard !standingViolations.isEmpty else { return nil }
        let count = standingViolations.count
        return
            "the file already broke \(count == 1 ? "a rule" : "\(count) rules") before this edit, "
            + "and still does (the edit added none):"
    }
}

extension CopyChange {
    package var description: String {
        switch self {
        case .takenFromTheirs(let item): "took \"\(item.shownInMessage)\" from THEIRS, edited there later"
        case .added(let item): "added \"\(item.shownInMessage)\" from THEIRS"
        case .removed(let item): "removed \"\(item.shownInMessage)\", removed in THEIRS after its last edit"
        case .broughtBack(let item): "brought back \"\(item.shownInMessage)\", edited in THEIRS after MINE removed it"
        case let .keptBoth(item, kept, moved, newID):
            "kept both items that had the id \"\(item.shownInMessage)\" "
                + "(\(kept.shownInMessage) and \(moved.shownInMessage)): they are different items; "
                + "\(moved.shownInMessage), the later, now has the id \"\(newID)\""
        case .tripFromTheirs(let fields):
            "took the trip's \(fields.joined(separator: ", ")) from THEIRS, changed there later"
        }
    }
}
