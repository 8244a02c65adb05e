import ArgumentParser
import ItineraryModel
import ItineraryPresentation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an itinerary file against the format and the trip's rules.",
        discussion: """
            Valid: prints one summary line and exits 0. Invalid: prints every problem \
            as FILE: location: message and exits 1.
            """
    )

    @Argument(help: "The itinerary file, or - for standard input.")
    var file: String

    func run() throws {
        let input = try TripInput.load(file)
        let ordered = input.ordered
        let stats = TripStatistics(ordered)
        let parts = [
            Formats.count(stats.days, "day"), Formats.count(stats.games, "game"),
            "\(stats.travel) travel", Formats.count(stats.customItems, "custom item"),
            Formats.count(stats.cities, "city", "cities"), Formats.distance(miles: stats.totalMiles, units: ordered.trip.units),
        ]
        Console.out("\(input.label): valid · " + parts.joined(separator: ", "))
    }
}
