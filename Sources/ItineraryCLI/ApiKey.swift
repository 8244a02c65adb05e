import ArgumentParser
import ItineraryService

/// `itinerary api-key`: a new key for `itinerary serve --api-keys`, and its line for the keys file.
struct ApiKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-key",
        abstract: "Print a new API key for itinerary serve, then its line for the --api-keys file.",
        discussion: """
            The first line is the key (256 random bits): give it to the caller, who sends it as \
            Authorization: Bearer KEY; it is shown once and kept nowhere. The second line goes into the keys \
            file: the name, the scopes and the key's SHA-256, so the file holds no key. A caller's jobs belong \
            to its NAME: to rotate a key, add the new one under the same NAME, then remove the old line, and \
            send the service SIGHUP after each change.
            """
    )

    @Argument(help: "Names the caller in the service's logs and owns its jobs (letters, digits, . _ -).")
    var name: String

    @Option(
        help: ArgumentHelp(
            "What the key may do, a comma list: render (/v1/render, /v1/validate), jobs (/v1/jobs), subscribe "
                + "(subscribe= on any route), metrics (/metrics), or * for all.",
            valueName: "scopes"))
    var scopes = "render"

    func validate() throws {
        if let problem = ApiKeyFile.nameProblem(name) { throw ValidationError(problem) }
        if case .failure(let problem) = ApiKeyFile.scopes(scopes) { throw ValidationError(problem.description) }
    }

    func run() throws {
        guard case .success(let parsed) = ApiKeyFile.scopes(scopes) else { throw ExitCode(64) }
        let made = ApiKeyFile.newKey(name: name, scopes: parsed)
        Console.out(made.key)
        Console.out(made.line)
    }
}
