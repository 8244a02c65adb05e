import ArgumentParser
import ItineraryKit
import ItineraryService

/// `itinerary feed-url`: the URL of a trip's calendar feed, as an app's backend
/// would mint it in its own code (docs/feeds.md gives the scheme).
struct FeedURL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed-url",
        abstract: "Print the URL of a trip's calendar feed, signed with the service's feed secret.",
        discussion: """
            The URL carries the trip's id and a MAC of it (HMAC-SHA256 under the secret), so \
            `itinerary serve --trip-source … --feed-secret FILE` answers it and nobody can read another trip \
            by changing the URL. Subscribe to it in a calendar app (webcal:// works too).
            """
    )

    @Argument(help: "The trip's id, as the trip source's URL template takes it.")
    var id: String

    @Option(
        name: .customLong("feed-secret"),
        help: ArgumentHelp("The file holding the service's feed secret.", valueName: "file"))
    var feedSecret: String

    @Option(
        help: ArgumentHelp("Where the service is reached, e.g. https://itinerary.example.com.", valueName: "url"))
    var base: String

    @Option(help: ArgumentHelp("The calendar's language, a BCP 47 tag (de, pt-BR, ar-EG).", valueName: "tag"))
    var locale: String?

    func validate() throws {
        guard !id.isEmpty else { throw ValidationError("give the trip's id.") }
        guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
            throw ValidationError("--base must be an http:// or https:// URL, not \"\(base)\".")
        }
        if let locale {
            var options = RenderOptions()
            do {
                try options.set("locale", to: locale)
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    func run() throws {
        let secret: [UInt8]
        do {
            secret = try FeedToken.readSecret(feedSecret)
        } catch {
            Console.error(error.sentence)
            throw ExitCode(1)
        }
        Console.out(FeedToken.url(id: id, secret: secret, base: base, locale: locale))
    }
}
