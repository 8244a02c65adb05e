public import ItineraryModel
import ItineraryConstraints

/// Two copies of one trip, edited apart, merged item by item as the app's
/// sync does: per item id a last-write-wins register over the item's versions
/// (`modifiedAt`, a missing one counting as earliest) and its tombstones
/// (`removedAt`). A tombstone wins at an equal instant; two versions at an
/// equal instant go by their canonical JSON, the smaller winning, so the
/// result does not depend on which copy is "mine". The winner is kept whole,
/// unknown fields included.
public struct CopyMerge: Sendable {
    /// The merged document: MINE's, with its items and tombstones merged.
    public let document: JSONValue
    public let itinerary: Itinerary
    /// What changed in MINE, item by item.
    public let changes: [CopyChange]
    /// `trip` fields that differ between the copies; MINE's are kept.
    public let tripDifferences: [String]
    /// The rules the result breaks that one of the copies already broke.
    public let standingViolations: [Problem]

    /// The merged document as file bytes.
    public var bytes: [UInt8] { Array(document.formatted.utf8) }

    /// Merges THEIRS into MINE.
    /// - Throws: `EditProblem` when the copies are of different trips or have
    ///   different game catalogues, or when the result would break a rule neither copy broke.
    public init(mine: Itinerary, theirs: Itinerary) throws(EditProblem) {
        guard mine.trip.id.hasSameCodePoints(as: theirs.trip.id) else {
            throw .differentTrips(mine: mine.trip.id, theirs: theirs.trip.id)
        }
        try Self.checkCatalogues(mine.document, theirs.document)
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
        for (item, element) in zip(mine.items, mineItems) { registers[register(item.id)]!.mine = Version(item.modifiedAt, element) }
        for tombstone in mine.removed { registers[register(tombstone.id)]!.mineRemoved = tombstone }
        for (item, element) in zip(theirs.items, theirItems) { registers[register(item.id)]!.theirs = Version(item.modifiedAt, element) }
        for tombstone in theirs.removed { registers[register(tombstone.id)]!.theirRemoved = tombstone }
        let tombElements = Self.tombstoneElements(mine, mineTombs, theirs, theirTombs)

        var items: [JSONValue] = []
        var tombstones: [JSONValue] = []
        var changes: [CopyChange] = []
        for key in order {
            let register = registers[key]!
            let outcome = register.outcome
            switch outcome {
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

        var root = Self.root(mine.document)
        root["items"] = .array(items)
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
        let before = Set(ConstraintChecker(mine).check().map(RuleKey.init)).union(ConstraintChecker(theirs).check().map(RuleKey.init))
        let after = ConstraintChecker(merged).check()
        if let broken = after.first(where: { !before.contains(RuleKey($0)) }) {
            throw .mergeBreaksRule(broken)
        }
        self.document = document
        self.itinerary = merged
        self.changes = changes
        self.tripDifferences = Self.differences(mine.trip, theirs.trip)
        self.standingViolations = after
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

        /// How the winner changes MINE, if it does.
        func change(id: String) -> CopyChange? {
            guard case .item(let version) = outcome else { return nil }
            if let mine {
                return mine.element.isIdentical(to: version.element) ? nil : .takenFromTheirs(item: id)
            }
            return mineRemoved != nil ? .broughtBack(item: id) : .added(item: id)
        }
    }

    /// The games arrays must be equal, element for element as canonical JSON, in any order.
    private static func checkCatalogues(_ mine: JSONValue, _ theirs: JSONValue) throws(EditProblem) {
        let a = elements(mine, "games"), b = elements(theirs, "games")
        // Ids by code points, games compared as canonical bytes: canonically equivalent text is different text.
        func byID(_ games: [JSONValue]) -> [CodePointKey: [UInt8]] {
            Dictionary(games.map { (CodePointKey(canonicalID($0)), Array($0.canonical.utf8)) }, uniquingKeysWith: { first, _ in first })
        }
        let mineGames = byID(a), theirGames = byID(b)
        let ids = Set(mineGames.keys).union(theirGames.keys).sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }
        for id in ids where mineGames[id] != theirGames[id] {
            throw .differentGames(id.string, only: theirGames[id] == nil ? "MINE" : (mineGames[id] == nil ? "THEIRS" : nil))
        }
    }

    private static func canonicalID(_ game: JSONValue) -> String {
        if case .string(let id)? = game["id"] { id } else { game.canonical }
    }

    /// Each tombstone's element, by id and instant, from either copy.
    private static func tombstoneElements(_ mine: Itinerary, _ mineTombs: [JSONValue], _ theirs: Itinerary, _ theirTombs: [JSONValue]) -> [CodePointKey: [Instant: JSONValue]] {
        var elements: [CodePointKey: [Instant: JSONValue]] = [:]
        for (tombstone, element) in Array(zip(theirs.removed, theirTombs)) + Array(zip(mine.removed, mineTombs)) {
            // Two tombstones of one instant (written differently, or with other
            // fields): the smaller, whichever copy holds it.
            if let other = elements[CodePointKey(tombstone.id)]?[tombstone.removedAt], Version.precedes(other, element) { continue }
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

    /// The `trip` fields whose values differ, named as in the file.
    private static func differences(_ mine: Trip, _ theirs: Trip) -> [String] {
        var fields: [String] = []
        if mine.name != theirs.name { fields.append("name") }
        if mine.startDate != theirs.startDate { fields.append("startDate") }
        if mine.dayCount != theirs.dayCount { fields.append("dayCount") }
        if mine.timeZone != theirs.timeZone { fields.append("timeZone") }
        if mine.units != theirs.units { fields.append("units") }
        return fields
    }
}

/// How a merge changed an item of MINE.
public enum CopyChange: Sendable, Hashable, CustomStringConvertible {
    /// MINE's item replaced by THEIRS' later version.
    case takenFromTheirs(item: String)
    /// An item only THEIRS has, kept.
    case added(item: String)
    /// MINE's item removed by THEIRS' later tombstone.
    case removed(item: String)
    /// An item MINE had removed, back because THEIRS edited it after the removal.
    case broughtBack(item: String)
}
