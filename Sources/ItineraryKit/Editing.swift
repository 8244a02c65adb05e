public import ItineraryEditing
public import ItineraryModel

// The editing operations of `itinerary move`, `add`, `remove`, `merge-games`
// and `merge-copies`, as the library offers them: make an `Editor` over a decoded
// itinerary with the time to stamp, call one operation, and write
// `Edit.bytes` back. A refused edit throws an `EditProblem` with a code, the
// item it concerns and one sentence.

/// Applies one edit to an itinerary: `move`, `add`, `remove`, `mergeGames`.
public typealias Editor = ItineraryEditing.Editor
/// The result of an edit: the rewritten document, what changed, and warnings.
public typealias Edit = ItineraryEditing.Edit
/// Where `move` puts an item: before or after a neighbour, at the start or end of a day.
public typealias Placement = ItineraryEditing.Placement
/// A custom item for `add`.
public typealias NewItem = ItineraryEditing.NewItem
/// A changed game catalogue for `mergeGames`, read from `{"games": [...]}`.
public typealias GameSchedule = ItineraryEditing.GameSchedule
/// Two copies of one trip merged item by item, last write wins, with tombstones.
public typealias CopyMerge = ItineraryEditing.CopyMerge
/// How a merge changed an item of MINE.
public typealias CopyChange = ItineraryEditing.CopyChange
/// Why an edit was refused.
public typealias EditProblem = ItineraryEditing.EditProblem

extension Itinerary {
    /// Decodes a document without checking the trip's rules: a file that
    /// breaks a rule can still be edited, as long as the edit breaks no new one.
    public init(bytes: [UInt8]) throws(InputProblems) {
        self = try ItineraryReader.read(bytes: bytes)
    }
}
