import ArgumentParser
import ItineraryKit

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an itinerary file against the format and the trip's rules.",
        discussion: """
            Valid: prints one summary line and exits 0. Invalid: prints every problem \
            as FILE: location: message and exits 1. The file may also be a PDF this tool made, \
            whose trip it carries.
            """
    )

    @Argument(help: "The itinerary file (or a PDF this tool made), or - for standard input.")
    var file: String

    @OptionGroup var lockedPDF: LockedPDFPassword

    func run() throws {
        let input = try TripInput.load(file, password: try lockedPDF.password())
        Console.out("\(input.label): valid · " + input.trip.summary)
    }
}
