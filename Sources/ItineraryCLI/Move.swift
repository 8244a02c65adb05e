import ArgumentParser
import ItineraryKit

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a travel or custom item to a day, between new neighbours, and write the file back.",
        discussion: """
            The item gets a sortOrder half-way between its new neighbours (below the first, above \
            the last) and modifiedAt now. Games cannot move; travel cannot cross its barrier games. \
            A refused move prints one sentence, exits 1 and leaves the file untouched.
            """
    )

    @Argument(help: "The itinerary file to rewrite.")
    var file: String

    @Option(help: "The id of the item to move.")
    var item: String

    @Option(help: "The day to move it to (1 is the trip's first day).")
    var day: Int

    @Option(help: "Put it just before this item of that day.")
    var before: String?

    @Option(help: "Put it just after this item of that day.")
    var after: String?

    @Flag(help: "Put it first on that day.")
    var start = false

    @Flag(help: "Put it last on that day.")
    var end = false

    func validate() throws {
        let given = [before != nil, after != nil, start, end].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError("give exactly one of --before ID, --after ID, --start or --end.")
        }
    }

    func run() throws {
        let placement: Placement =
            if let before { .before(before) } else if let after { .after(after) } else if start { .start } else { .end }
        let input = try EditedFile.load(file)
        try input.apply { editor throws(Problem) in try editor.move(item, toDay: day, placement) }
    }
}
