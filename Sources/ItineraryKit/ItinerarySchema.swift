extension CheckedTrip {
    /// The itinerary/v1 format as a JSON Schema (draft 2020-12), as `itinerary
    /// schema` prints it: its structure (types, required fields, allowed
    /// values, ranges). A document that passes it may still break the trip's
    /// rules (a game on the wrong day, travel before its barrier game), which
    /// `init(bytes:)` checks.
    public static var schema: String { String(decoding: PackageResources.itinerary_v1_schema_json, as: UTF8.self) }
}
