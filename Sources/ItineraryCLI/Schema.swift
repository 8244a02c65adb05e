import ArgumentParser
import ItineraryKit

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the itinerary/v1 format.",
        discussion: """
            The structure only: a document that passes it may still break the trip's rules, \
            which `itinerary validate` checks. The render service's /openapi.yaml uses the same schema.
            """
    )

    func run() throws {
        Console.out(CheckedTrip.schema.hasSuffix("\n") ? String(CheckedTrip.schema.dropLast()) : CheckedTrip.schema)
    }
}
