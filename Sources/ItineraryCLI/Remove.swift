import ArgumentParser
import ItineraryKit

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove one of your own items (restaurant, hotel, activity, note), and write the file back.",
        discussion: "Games and travel belong to the game schedule: they are refused; use merge-games."
    )

    @Argument(help: "The itinerary file to rewrite.")
    var file: String

    @Option(help: "The id of the item to remove.")
    var item: String

    func run() throws {
        let input = try EditedFile.load(file)
        try input.apply { editor throws(Problem) in try editor.remove(item) }
    }
}
