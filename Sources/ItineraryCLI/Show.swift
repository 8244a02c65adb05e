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

    @Option(
        help: ArgumentHelp(
            "The language, a BCP 47 tag (de, pt-BR, ar-EG; `itinerary locales` lists them). Default: the "
                + "trip's locale, else en-US.",
            valueName: "tag"))
    var locale: String?

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("The password of a locked PDF, from this file (its first line).", valueName: "file"))
    var passwordFile: String?

    func run() throws {
        var options = RenderOptions()
        do {
            if let locale { try options.set("locale", to: locale) }
        } catch {
            Console.error(error.message)
            throw ExitCode(1)
        }
        let input = try TripInput.load(file, password: try TripInput.password(passwordFile))
        Console.out(input.trip.plainText(options: options), terminator: "")
    }
}
