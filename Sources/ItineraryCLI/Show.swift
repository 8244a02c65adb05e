import ArgumentParser
import ItineraryKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the ordered itinerary in the terminal.",
        discussion:
            "Without a file, shows the built-in sample trip; the file may also be a PDF this tool made, whose "
            + "trip it carries."
    )

    @Argument(
        help: "The itinerary file (or a PDF this tool made), or - for standard input; the sample trip when left out.")
    var file: String?

    @Option(
        help: ArgumentHelp(
            "The language, a BCP 47 tag (de, pt-BR, ar-EG; `itinerary locales` lists them). Default: the "
                + "trip's locale, else en-US.",
            valueName: "tag"))
    var locale: String?

    @OptionGroup var lockedPDF: LockedPDFPassword

    func run() throws {
        var options = RenderOptions()
        do {
            if let locale { try options.set("locale", to: locale) }
        } catch {
            // A wrong option is a usage mistake, as in `render`.
            Console.error(error.message)
            throw ExitCode.validationFailure
        }
        let input = try TripInput.load(file, password: try lockedPDF.password())
        Console.out(input.trip.plainText(options: options), terminator: "")
    }
}
