import ItineraryModel
import ItineraryConstraints

/// Two copies of one trip, edited apart, merged item by item as the app's
/// sync does: per item id a last-write-wins register over the item's versions
/// (`modifiedAt`, a missing one counting as earliest) and its tombstones
/// (`removedAt`). A tombstone wins at an equal instant; two versions at an
/// equal instant go by their canonical JSON, the smaller winning. The `trip`
/// object follows the same rule by `trip.modifiedAt`. The result does not
/// depend on which copy is "mine": `merge(a, b)` and `merge(b, a)` give the
/// same document up to the order of its arrays, or the same refusal. The
/// winner is kept whole, unknown fields included.
package struct CopyMerge: Sendable {
    /// The merged document: MINE's items in MINE's order, then THEIRS' new ones.
    package let document: JSONValue
    package let itinerary: Itinerary
    /// What changed in MINE, item by item, and the trip fields taken from THEIRS.
    package let changes: [CopyChange]
    /// The rules the result breaks that one of the copies already broke.
    package let standingViolations: [InputProblem]

    /// "merged: 2 taken from THEIRS, 1 removed, 0 brought back; 16 items, 3 tombstones."
    package var summary: String {
        var taken = 0, removed = 0, back = 0
        for change in changes {
            switch change {
            case .takenFromTheirs, .added, .keptBoth: taken += 1
            case .removed: removed += 1
            case .broughtBack: back += 1
            case .tripFromTheirs: break
            }
        }
        return "merged: \(taken) taken from THEIRS, \(removed) removed, \(back) brought back; "
            + "\(itinerary.items.count) \(itinerary.items.count == 1 ? "item" : "items"), "
            + "\(itinerary.removed.count) \(itinerary.removed.count == 1 ? "tombstone" : "tombstones")."
    }

    /// The merged document as file bytes.
    package var bytes: [UInt8] { Array(document.formatted.utf8) }

    /// Merges THEIRS into MINE.
    /// - Throws: `EditProblem` when the copies are of different trips, have
    ///   different game catalogues, have different trip fields and neither a
    ///   `trip.modifiedAt`, or when the result would break a rule neither copy broke.
    package init(mine: Itinerary, theirs: Itinerary) throws(EditProblem) {
        guard mine.trip.id.hasSameCodePoints(as: theirs.trip.id) else {
            throw .differentTrips(mine: mine.trip.id, theirs: theirs.trip.id)
        }
        try Self.checkCatalogues(mine.document, theirs.document)
        let rootFromTheirs = try Self.rootFromTheirs(mine, theirs)
        let mineItems = Self.elements(mine.document, "items"), theirItems = Self.elements(theirs.document, "items")
        let mineTombs = Self.elements(mine.document, "removed"), theirTombs = Self.elements(theirs.document, "removed")

        // Every id's candidates, in the order ids first appear (MINE, then THEIRS).
        var registers: [CodePointKey: Register] = [:]
        var order: [CodePointKey] = []
        func register(_ id: String) -> CodePointKey {
            let key = CodePointKey(id)
            if registers[key] == nil {
                registers[key] = Register()
                order.append(key)
            }
            return key
        }
        for (item, element) in zip(mine.items, mineItems) {
            registers[register(item.id)]!.mine = Version(item.modifiedAt, element)
        }
        for tombstone in mine.removed { registers[register(tombstone.id)]!.mineRemoved = tombstone }
        for (item, element) in zip(theirs.items, theirItems) {
            registers[register(item.id)]!.theirs = Version(item.modifiedAt, element)
        }
        for tombstone in theirs.removed { registers[register(tombstone.id)]!.theirRemoved = tombstone }
        let tombElements = Self.tombstoneElements(mine, mineTombs, theirs, theirTombs)

        // Two different items under one id, with no removal of it in either
        // copy: two copies that each numbered a new item alike, before ids were
        // UUIDs. Both stay; the later one moves to an id derived from its
        // content, so both directions of the merge give it the same one.
        var changes: [CopyChange] = []
        for key in order {
            guard let split = registers[key]!.split() else { continue }
            let movedKey = register(split.newID)
            registers[movedKey]!.isSplit = true
            if split.fromMine {
                if registers[movedKey]!.mine.map({ !$0.beats(split.moved) }) ?? true {
                    registers[movedKey]!.mine = split.moved
                }
            } else {
                if registers[movedKey]!.theirs.map({ !$0.beats(split.moved) }) ?? true {
                    registers[movedKey]!.theirs = split.moved
                }
            }
            changes.append(
                .keptBoth(item: key.string, kept: split.keptTitle, moved: split.movedTitle, newID: split.newID))
        }

        var items: [JSONValue] = []
        var tombstones: [JSONValue] = []
        for key in order {
            let register = registers[key]!
            switch register.outcome {
            case .item(let version):
                items.append(version.element)
                if let change = register.change(id: key.string) { changes.append(change) }
            case .removed(let tombstone):
                tombstones.append(tombElements[CodePointKey(tombstone.id)]![tombstone.removedAt]!)
                if register.mine != nil { changes.append(.removed(item: key.string)) }
            case .none:
                break
            }
        }

        var root = Self.root(rootFromTheirs ? theirs.document : mine.document)
        let tripFields = Self.differences(mine.document, theirs.document)
        if rootFromTheirs && !tripFields.isEmpty { changes.insert(.tripFromTheirs(fields: tripFields), at: 0) }
        root["items"] = .array(items)
        if root["games"] != nil {
            let (base, other) = rootFromTheirs ? (theirs.document, mine.document) : (mine.document, theirs.document)
            root["games"] = .array(Self.mergedGames(base, other))
        }
        if tombstones.isEmpty && root["removed"] == nil {
            // A copy without tombstones keeps its shape.
        } else {
            root["removed"] = .array(tombstones)
        }
        let document = JSONValue.object(root)
        let merged: Itinerary
        do {
            merged = try ItineraryReader.read(document: document)
        } catch {
            throw .unreadable(error.problems)
        }
        let before = Set(ConstraintChecker(mine).check().map(RuleKey.init)).union(
            ConstraintChecker(theirs).check().map(RuleKey.init))
        let after = ConstraintChecker(merged).check()
        if let broken = after.first(where: { !before.contains(RuleKey($0)) }) {
            throw .mergeBreaksRule(broken)
        }
        self.document = document
        self.itinerary = merged
        self.changes = changes
        self.standingViolations = after
    }

    /// Whether the document around the items (the `trip` object and any other
    /// member) comes from THEIRS: the copy whose `trip.modifiedAt` is later, a
    /// missing one counting as earliest; at an equal stamp, the smaller as
    /// canonical JSON. Copies whose trip fields differ with neither stamped
    /// are refused: nothing says which is newer.
    private static func rootFromTheirs(_ mine: Itinerary, _ theirs: Itinerary) throws(EditProblem) -> Bool {
        let fields = differences(mine.document, theirs.document)
        switch (mine.trip.modifiedAt, theirs.trip.modifiedAt) {
        case let (a?, b?) where a != b: return b > a
        case (.some, nil): return false
        case (nil, .some): return true
        case (nil, nil) where !fields.isEmpty: throw .tripFieldsDiffer(fields)
        default:
            var a = root(mine.document), b = root(theirs.document)
            for key in ["items", "removed"] {
                a[key] = nil
                b[key] = nil
            }
            return Version.precedes(.object(b), .object(a))
        }
    }

    /// One version of an item: when it was last written, and the item as written.
    struct Version {
        let modifiedAt: Instant?
        let element: JSONValue
        init(_ modifiedAt: Instant?, _ element: JSONValue) {
            self.modifiedAt = modifiedAt
            self.element = element
        }

        /// Whether this version wins over another: later, or at the same instant smaller as canonical JSON.
        func beats(_ other: Version) -> Bool {
            switch (modifiedAt, other.modifiedAt) {
            case let (a?, b?) where a != b: return a > b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return Self.precedes(element, other.element)
            }
        }

        /// The order of two versions written at the same instant: the smaller
        /// canonical JSON first, and for two that are one canonically (members
        /// in another order) the smaller text as written, so either copy may be MINE.
        static func precedes(_ a: JSONValue, _ b: JSONValue) -> Bool {
            let x = a.canonical.utf8, y = b.canonical.utf8
            if !x.elementsEqual(y) { return x.lexicographicallyPrecedes(y) }
            return a.formatted.utf8.lexicographicallyPrecedes(b.formatted.utf8)
        }
    }

    /// The later of two different items that shared an id, under its new id.
    struct Split {
        let fromMine: Bool
        let moved: Version
        let newID: String
        let keptTitle: String
        let movedTitle: String
    }

    /// What an item is, as far as telling two items apart goes: its kind (a
    /// custom item's category) and its title (a travel's route, a game's id).
    struct Identity {
        let kind: String
        let title: String

        init(_ element: JSONValue) {
            func text(_ key: String) -> String {
                if case .string(let value)? = element[key] { value } else { "" }
            }
            let kind = text("kind")
            self.kind = kind == "custom" ? "custom " + text("category") : kind
            title =
                switch kind {
                case "game": text("gameId")
                case "travel": text("fromCity") + " → " + text("toCity")
                default: text("title")
                }
        }
    }

    enum Outcome {
        case item(Version)
        case removed(Tombstone)
        case none
    }

    /// One id's versions and tombstones in both copies.
    struct Register {
        var mine: Version?
        var theirs: Version?
        var mineRemoved: Tombstone?
        var theirRemoved: Tombstone?
        /// Whether the id held two different items, one of which moved to a new id.
        var isSplit = false

        var latestVersion: Version? {
            switch (mine, theirs) {
            // The same item in both copies, the common case, needs no comparing.
            case let (a?, b?): a.element.isIdentical(to: b.element) || a.beats(b) ? a : b
            case let (a?, nil): a
            case let (nil, b?): b
            default: nil
            }
        }

        var latestTombstone: Tombstone? {
            switch (mineRemoved, theirRemoved) {
            case let (a?, b?): a.removedAt >= b.removedAt ? a : b
            case let (a?, nil): a
            case let (nil, b?): b
            default: nil
            }
        }

        /// The winner: a tombstone at or after the latest version's edit removes it.
        var outcome: Outcome {
            guard let version = latestVersion else { return latestTombstone.map(Outcome.removed) ?? .none }
            if let tombstone = latestTombstone, version.modifiedAt.map({ tombstone.removedAt >= $0 }) ?? true {
                return .removed(tombstone)
            }
            return .item(version)
        }

        /// Takes the later version out when the two are two different items
        /// rather than two edits of one: they differ in what they are (kind,
        /// or category) and in their title, and neither copy removed the id.
        mutating func split() -> Split? {
            guard let mine, let theirs, mineRemoved == nil, theirRemoved == nil else { return nil }
            let a = Identity(mine.element), b = Identity(theirs.element)
            guard a.kind != b.kind, a.title != b.title else { return nil }
            let mineLater = mine.beats(theirs)
            let (kept, moved) = mineLater ? (theirs, mine) : (mine, theirs)
            if mineLater { self.mine = nil } else { self.theirs = nil }
            isSplit = true
            let newID = ItemID.derived(from: moved.element.canonical)
            guard case .object(var object) = moved.element else { return nil }
            object["id"] = .string(newID)
            return Split(
                fromMine: mineLater, moved: Version(moved.modifiedAt, .object(object)), newID: newID,
                keptTitle: Identity(kept.element).title, movedTitle: Identity(moved.element).title)
        }

        /// How the winner changes MINE, if it does.
        func change(id: String) -> CopyChange? {
            guard case .item(let version) = outcome, !isSplit else { return nil }
            if let mine {
                return mine.element.isIdentical(to: version.element) ? nil : .takenFromTheirs(item: id)
            }
            return mineRemoved != nil ? .broughtBack(item: id) : .added(item: id)
        }
    }

    /// The games arrays must be equal, element for element as canonical JSON, in any order,
    /// but for each game's `modifiedAt` (two copies that took in one schedule apart stamp it
    /// at different instants).
    private static func checkCatalogues(_ mine: JSONValue, _ theirs: JSONValue) throws(EditProblem) {
        let a = elements(mine, "games"), b = elements(theirs, "games")
        // Ids by code points, games compared as canonical bytes: canonically equivalent text is different text.
        func byID(_ games: [JSONValue]) -> [CodePointKey: [UInt8]] {
            Dictionary(
                games.map { (CodePointKey(canonicalID($0)), Array($0.unstamped.canonical.utf8)) },
                uniquingKeysWith: { first, _ in first })
        }
        let mineGames = byID(a), theirGames = byID(b)
        let ids = Set(mineGames.keys).union(theirGames.keys).sorted {
            $0.string.utf8.lexicographicallyPrecedes($1.string.utf8)
        }
        for id in ids where mineGames[id] != theirGames[id] {
            throw .differentGames(
                id.string, only: theirGames[id] == nil ? "MINE" : (mineGames[id] == nil ? "THEIRS" : nil))
        }
    }

    /// BASE's games, each with the later of the two copies' stamps (the catalogues are otherwise equal).
    private static func mergedGames(_ base: JSONValue, _ other: JSONValue) -> [JSONValue] {
        var stamps: [CodePointKey: (instant: Instant, value: JSONValue)] = [:]
        for game in elements(other, "games") {
            if case .string(let text)? = game["modifiedAt"], let instant = Instant(iso: text) {
                stamps[CodePointKey(canonicalID(game))] = (instant, .string(text))
            }
        }
        return elements(base, "games").map { game in
            guard case .object(var object) = game, let later = stamps[CodePointKey(canonicalID(game))] else {
                return game
            }
            if case .string(let text)? = object["modifiedAt"], let instant = Instant(iso: text),
                instant >= later.instant
            {
                return game
            }
            object["modifiedAt"] = later.value
            return .object(object)
        }
    }

    private static func canonicalID(_ game: JSONValue) -> String {
        if case .string(let id)? = game["id"] { id } else { game.canonical }
    }

    /// Each tombstone's element, by id and instant, from either copy.
    private static func tombstoneElements(
        _ mine: Itinerary, _ mineTombs: [JSONValue], _ theirs: Itinerary, _ theirTombs: [JSONValue]
    ) -> [CodePointKey: [Instant: JSONValue]] {
        var elements: [CodePointKey: [Instant: JSONValue]] = [:]
        for (tombstone, element) in Array(zip(theirs.removed, theirTombs)) + Array(zip(mine.removed, mineTombs)) {
            // Two tombstones of one instant (written differently, or with other
            // fields): the smaller, whichever copy holds it.
            if let other = elements[CodePointKey(tombstone.id)]?[tombstone.removedAt], Version.precedes(other, element)
            {
                continue
            }
            elements[CodePointKey(tombstone.id), default: [:]][tombstone.removedAt] = element
        }
        return elements
    }

    private static func root(_ document: JSONValue) -> JSONObject {
        guard case .object(let root) = document else { preconditionFailure("a read itinerary is an object") }
        return root
    }

    private static func elements(_ document: JSONValue, _ key: String) -> [JSONValue] {
        if case .array(let elements)? = document[key] { elements } else { [] }
    }

    /// The `trip` fields whose values differ (as canonical JSON), named as in
    /// the file: the format's fields in its order, then any others by name.
    private static func differences(_ mine: JSONValue, _ theirs: JSONValue) -> [String] {
        guard case .object(let a)? = mine["trip"], case .object(let b)? = theirs["trip"] else { return [] }
        let known = ["id", "name", "startDate", "dayCount", "timeZone", "units", "locale"]
        let others = Set(a.keys).union(b.keys).subtracting(known + ["modifiedAt"]).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
        return (known + others).filter { key in
            a[key]?.nonNull?.canonical != b[key]?.nonNull?.canonical
        }
    }
}

/// How a merge changed an item of MINE.
package enum CopyChange: Sendable, Hashable, CustomStringConvertible {
    /// MINE's item replaced by THEIRS' later version.
    case takenFromTheirs(item: String)
    /// An item only THEIRS has, kept.
    case added(item: String)
    /// MINE's item removed by THEIRS' later tombstone.
    case removed(item: String)
    /// An item MINE had removed, back because THEIRS edited it after the removal.
    case broughtBack(item: String)
    /// One id held two different items in the two copies (made before ids
    /// were UUIDs): both are kept, the later one under `newID`.
    case keptBoth(item: String, kept: String, moved: String, newID: String)
    /// THEIRS' trip fields, changed there later (`trip.modifiedAt`).
    case tripFromTheirs(fields: [String])
}

extension JSONValue {
    /// A game's element without its `modifiedAt`: what the schedule says of it.
    var unstamped: JSONValue {
        guard case .object(var object) = self else { return self }
        object["modifiedAt"] = nil
        return .object(object)
    }
}
