import ArgumentParser
import ItineraryModel
import ItineraryPresentation

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
        Console.out(TextItinerary.render(PresentedTrip(input.ordered)), terminator: "")
    }
}

/// The itinerary as plain text: a block per day, then each item's kind, time and title.
enum TextItinerary {
    static func render(_ trip: PresentedTrip) -> String {
        var lines = [trip.name, trip.dateRange + " · " + trip.summary, ""]
        for day in trip.days {
            lines.append(day.header)
            if day.isRest {
                lines.append("  " + PresentedDay.restText)
            }
            for row in day.rows {
                let (kind, time, title): (String, String, String)
                switch row {
                case .game(let game):
                    (kind, time, title) = ("game", game.time, "\(game.matchup)  \(game.teams) · \(game.venue)")
                case .travel(let travel):
                    (kind, time, title) = ("travel", "", "\(travel.line) · \(travel.modeName.lowercased())")
                case .custom(let custom):
                    (kind, time, title) = (custom.category.rawValue, custom.time ?? "", custom.title)
                }
                lines.append("  " + pad(kind, 11) + pad(time, 13) + title)
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
