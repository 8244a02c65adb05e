public import ItineraryModel

/// The result of an edit: the rewritten document, the itinerary read back from
/// it, and what changed, one entry per printed line.
public struct Edit: Sendable {
    public let document: JSONValue
    public let itinerary: Itinerary
    public let changes: [Change]
    public let warnings: [EditWarning]
    /// Rules the input already broke and the result still breaks (the edit added none).
    public let standingViolations: [Problem]

    /// The file to write, in the fixtures' layout.
    public var bytes: [UInt8] { Array(document.formatted.utf8) }
}
