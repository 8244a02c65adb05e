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

    @Flag(help: "Print the schema of a theme file instead.")
    var theme = false

    func run() throws {
        let schema = theme ? Theme.schema : CheckedTrip.schema
        Console.out(schema.hasSuffix("\n") ? String(schema.dropLast()) : schema)
    }
}
