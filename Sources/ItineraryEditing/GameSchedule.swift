import ItineraryModel

/// A changed game schedule: `{"games": [...]}` in the itinerary/v1 game shape,
/// every game of it on the trip. Games are checked by the same rules as a trip's catalogue.
package struct GameSchedule: Sendable {
    package let games: [Game]
    /// The games as written, unknown fields included: they replace the trip's `games`.
    let elements: [JSONValue]

    /// Reads the catalogue's bytes; `label` names the file in messages.
    package init(bytes: [UInt8], label: String) throws(EditProblem) {
        guard bytes.count <= ItineraryReader.maximumBytes else {
            throw .catalogueGame(label, [.tooLarge(bytes: bytes.count, limit: ItineraryReader.maximumBytes)])
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .catalogueNotJSON(label, error)
        }
        guard case .array(let elements)? = value["games"] else {
            throw .catalogueShape(label)
        }
        // The reader judges the games inside a minimal trip around them.
        let probe = JSONValue.object(
            JSONObject([
                ("format", .string("itinerary/v1")),
                (
                    "trip",
                    .object(
                        JSONObject([
                            ("id", .string("schedule")), ("name", .string("schedule")),
                            ("startDate", .string("2000-01-01")),
                        ]))
                ),
                ("games", .array(elements)),
                ("items", .array([])),
            ]))
        do {
            games = try ItineraryReader.read(document: probe).games
        } catch {
            throw .catalogueGame(label, error.problems)
        }
        self.elements = elements
    }
}
