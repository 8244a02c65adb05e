import ArgumentParser
import ItineraryKit

/// `itinerary`: turns a trip itinerary into documents people print and share.
public struct ItineraryCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "itinerary",
        abstract: "Turn a trip itinerary (itinerary/v1 JSON) into documents to print and share.",
        version: ItineraryCommand.version,
        subcommands: [
            Validate.self, Show.self, Render.self, Locales.self, Sample.self, Move.self, Add.self, Remove.self,
            MergeGames.self, MergeCopies.self, Snapshot.self, Serve.self, ApiKeyCommand.self, FeedURL.self, Schema.self,
            ImportTrip.self,
            RenderWorkerCommand.self,
        ],
        defaultSubcommand: Show.self
    )

    public static let version = CheckedTrip.version

    public init() {}
}
