import ItineraryModel

/// The result of an edit: the rewritten document, the itinerary read back from
/// it, and what changed, one entry per printed line.
package struct EditResult: Sendable {
    package let document: JSONValue
    package let itinerary: Itinerary
    package let changes: [Change]
    package let warnings: [EditWarning]
    /// Rules the input already broke and the result still breaks (the edit added none).
    package let standingViolations: [InputProblem]

    /// The file to write, in the fixtures' layout.
    package var bytes: [UInt8] { Array(document.formatted.utf8) }
}
