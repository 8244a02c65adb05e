import ArgumentParser
import ItineraryKit

struct MergeGames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-games",
        abstract: "Take in a changed game schedule and write the file back.",
        discussion: """
            GAMES.json is {"games": [...]}: every game in it is on the trip, every other game is off. \
            Kept games keep their item, new ones go on the day they start, removed ones disappear; \
            travel that no longer joins two visits is removed, travel on the wrong side of its games \
            moves after the last game of the visit it leaves. Prints each change on its own line and \
            warns about consecutive visits with no travel between them.
            """
    )

    @Argument(help: "The itinerary file to rewrite.")
    var file: String

    @Argument(help: "The new game schedule, {\"games\": [...]} (or - for standard input).")
    var games: String

    func run() throws {
        let input = try EditedFile.load(file)
        let label = TripInput.label(games)
        let schedule: [UInt8]
        do {
            schedule = try InputFile.read(path: games)
        } catch {
            TripInput.report(.init([error.description]), label: label)
            throw ExitCode(1)
        }
        try input.apply { editor throws(Problem) in try editor.mergeGames(schedule, label: label) }
    }
}
