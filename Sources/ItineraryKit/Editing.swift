import Foundation
import ItineraryEditing
import ItineraryModel

/// An itinerary file opened for the edits a person makes: move an item, add
/// one, remove one, take in a changed game schedule, merge another copy.
///
/// Each edit returns the rewritten file as an ``Edit`` or refuses with a
/// ``Problem``; the file it was opened from is never changed. A file that
/// already breaks a rule can still be edited, as long as the edit breaks no
/// rule the file did not already break.
///
/// ```swift
/// let editor = try TripEditor(bytes: Array(data))
/// let edit = try editor.add(NewItem(category: "restaurant", title: "Frozen custard"), toDay: 3)
/// try Data(edit.bytes).write(to: url)
/// ```
public struct TripEditor: Sendable {
    package let itinerary: Itinerary
    package let now: Instant

    /// Opens a file; `now` is the time the edits stamp as `modifiedAt` (and a removal as `removedAt`).
    /// - Throws: ``Problems``: every reason the file does not read as itinerary/v1.
    public init(bytes: [UInt8], now: Date = Date()) throws(Problems) {
        do {
            try self.init(
                ItineraryReader.read(bytes: bytes),
                now: Instant(seconds: Int64(now.timeIntervalSince1970.rounded(.down))))
        } catch {
            throw Problems(error)
        }
    }

    package init(_ itinerary: Itinerary, now: Instant) {
        self.itinerary = itinerary
        self.now = now
    }

    private var editor: Editor { Editor(itinerary, now: now) }

    /// Moves a travel or custom item to a day and a place on it.
    public func move(_ id: String, toDay day: Int, _ placement: Placement) throws(Problem) -> Edit {
        try Edit { () throws(EditProblem) in try editor.move(id, toDay: day, placement) }
    }

    /// Adds a restaurant, hotel, activity or note at the end of a day, with a new UUID as its id.
    public func add(_ item: NewItem, toDay day: Int) throws(Problem) -> Edit {
        try Edit { () throws(EditProblem) in try editor.add(item, toDay: day) }
    }

    /// Removes one of the traveller's own items, leaving a tombstone so a merge does not bring it back.
    public func remove(_ id: String) throws(Problem) -> Edit {
        try Edit { () throws(EditProblem) in try editor.remove(id) }
    }

    /// Takes in a changed game schedule, `{"games": [...]}`: every game in it is on the trip, every other is off.
    /// `label` names the schedule in sentences (its file name).
    public func mergeGames(_ schedule: [UInt8], label: String = "games.json") throws(Problem) -> Edit {
        try Edit { () throws(EditProblem) in try editor.mergeGames(try GameSchedule(bytes: schedule, label: label)) }
    }

    /// Merges another copy of the trip edited apart, item by item, last write
    /// wins; the result is the same whichever copy is `self`.
    public func merge(_ theirs: TripEditor) throws(Problem) -> Edit {
        let merge: CopyMerge
        do {
            merge = try CopyMerge(mine: itinerary, theirs: theirs.itinerary)
        } catch {
            throw Problem(error)
        }
        let violations = merge.standingViolations.map(Problem.init)
        let note = "the merged trip still breaks \(violations.count == 1 ? "a rule" : "rules") one of the copies broke:"
        return Edit(
            bytes: merge.bytes, changes: merge.changes.map(\.description) + [merge.summary],
            warnings: violations.isEmpty ? [] : [note], standingViolations: violations)
    }
}

/// Where `move` puts an item on its day: `.before(id)`, `.after(id)`, `.start` or `.end`
/// (the editing stage's own type).
public typealias Placement = ItineraryEditing.Placement

/// A restaurant, hotel, activity or note for `add`, as the traveller typed it (the editing stage's own type).
public typealias NewItem = ItineraryEditing.NewItem

/// An accepted edit: the rewritten file and what changed, in sentences.
public struct Edit: Sendable {
    /// The rewritten itinerary file.
    public let bytes: [UInt8]
    /// One sentence per change, in the order made: `moved "i-dinner3" to day 4, …`.
    public let changes: [String]
    /// Things worth knowing that did not stop the edit: missing travel, rules the file already broke.
    public let warnings: [String]
    /// The rules the file still breaks that it broke before the edit (or that a merged copy broke).
    public let standingViolations: [Problem]

    package init(bytes: [UInt8], changes: [String], warnings: [String], standingViolations: [Problem]) {
        self.bytes = bytes
        self.changes = changes
        self.warnings = warnings
        self.standingViolations = standingViolations
    }

    init(_ edit: () throws(EditProblem) -> EditResult) throws(Problem) {
        let result: EditResult
        do {
            result = try edit()
        } catch {
            throw Problem(error)
        }
        self.init(
            bytes: result.bytes, changes: result.changes.map(\.description),
            warnings: result.warnings.map(\.description) + [result.standingViolationsNote].compactMap { $0 },
            standingViolations: result.standingViolations.map(Problem.init))
    }
}

extension Problem {
    /// A refused edit: its code and its sentence, which names the item it is about.
    init(_ problem: EditProblem) {
        self.init(code: Code(rawValue: problem.code.rawValue), location: problem.file ?? "", problem.message)
    }
}
