import ArgumentParser
import ItineraryKit

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a restaurant, hotel, activity or note at the end of a day, and write the file back.",
        discussion: "The new item gets a new unique id and modifiedAt now; the id is printed."
    )

    @Argument(help: "The itinerary file to rewrite.")
    var file: String

    @Option(help: "The day to add it to.")
    var day: Int

    @Option(help: "restaurant, hotel, activity or note.")
    var category: String

    @Option(parsing: .unconditional, help: "What it is, as people read it.")
    var title: String

    @Option(help: "The time of day, HH:mm in the trip's zone.")
    var time: String?

    @Option(parsing: .unconditional, help: "Latitude of its place (with --lon); south is negative: --lat -33.87.")
    var lat: Double?

    @Option(parsing: .unconditional, help: "Longitude of its place (with --lat); west is negative: --lon -87.62.")
    var lon: Double?

    @Option(parsing: .unconditional, help: "The street address of its place (with --lat and --lon).")
    var address: String?

    @Option(parsing: .unconditional, help: "Free text.")
    var notes: String?

    @Option(parsing: .unconditional, help: "A booking or confirmation number.")
    var confirmation: String?

    func run() throws {
        let new = NewItem(
            category: category, title: title, time: time, latitude: lat, longitude: lon,
            address: address, notes: notes, confirmation: confirmation)
        let input = try EditedFile.load(file)
        try input.apply { editor throws(Problem) in try editor.add(new, toDay: day) }
    }
}
