import ArgumentParser
import ItineraryKit

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

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("The password of a locked PDF, from this file (its first line).", valueName: "file"))
    var passwordFile: String?

    func run() throws {
        let input = try TripInput.load(file, password: try TripInput.password(passwordFile))
        Console.out("\(input.label): valid · " + input.trip.summary)
    }
}
