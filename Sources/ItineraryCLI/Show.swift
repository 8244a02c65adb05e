import ArgumentParser
import ItineraryKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the ordered itinerary in the terminal.",
        discussion: "Without a file, shows the built-in sample trip."
    )

    @Argument(help: "The itinerary file, or - for standard input; the sample trip when left out.")
    var file: String?

    func run() throws {
        let input = try TripInput.load(file)
        Console.out(input.trip.plainText, terminator: "")
    }
}
