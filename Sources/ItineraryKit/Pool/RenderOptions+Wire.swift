import Synchronization
import ItinerarySigning
import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import ItineraryWeb

extension RenderOptions {
    /// Every input of a `RenderOptions`, as a render pool sends it to its worker (JSON): the one
    /// place the options cross a process. An option added to `RenderOptions` is added here too;
    /// `PoolWireTests.everyStoredOptionIsCarried` fails until it is (it compares every stored
    /// property, through `Mirror`, with the copy that came back).
    package struct Wire: Codable, Sendable {
        /// Layout, paper, resolution, sections, … as a snapshot manifest writes them.
        var document: DocumentOptions
        /// Not in `DocumentOptions`' own coding (a manifest is not stamped).
        var creationDate: Int?
        /// Each format's templates by name, the texts the worker parses again; nil: the built-in ones.
        var templates: [MustacheTemplates.Format: [String: TemplateSource]]?
        /// The folder they were read from (a snapshot manifest names it).
        var templatesDirectory: String?
        var theme: ThemeWire?
        var calendarFeed: CalendarFeedWire?
        var password: PasswordWire?
        var subscribeURL: String?
        /// Who signs the PDFs and the time-stamp authority (issue #51), as the identity's PEM source.
        var signing: SigningWire?
        /// The Wallet pass's game and the Pass Type ID identity (issue #53).
        var passGame: String?
        var passIdentity: SigningIdentity.Source?

        struct SigningWire: Codable, Sendable {
            var identity: SigningIdentity.Source
            var timestampURL: String?
        }

        /// A theme's parts as they were checked when it was made: the worker does not read files again.
        struct ThemeWire: Codable, Sendable {
            var name: String
            var look: Look
            var fontFamily: String?
            var fontFiles: [String]?
            var file: String?
        }

        struct CalendarFeedWire: Codable, Sendable {
            var url: String
            var refreshSeconds: Int
        }

        /// The passwords travel over the pool's socket to its own child, never to a file.
        struct PasswordWire: Codable, Sendable {
            var user: [UInt8]
            var owner: [UInt8]?
        }

        package init(_ options: RenderOptions) {
            document = options.document
            creationDate = options.document.creationDate
            templates = options.templates?.templates.sources
            templatesDirectory = options.templates?.directory
            theme = options.theme.map {
                ThemeWire(
                    name: $0.name, look: $0.look, fontFamily: $0.font?.family, fontFiles: $0.font?.files, file: $0.file)
            }
            calendarFeed = options.calendarFeed.map { CalendarFeedWire(url: $0.url, refreshSeconds: $0.refreshSeconds) }
            password = options.password.map { PasswordWire(user: $0.user, owner: $0.owner) }
            subscribeURL = options.subscribeURL
            signing = options.signing.map { SigningWire(identity: $0.identity.source, timestampURL: $0.timestampURL) }
            passGame = options.passes.game
            passIdentity = options.passes.identity?.source
        }

        /// The options again; templates that no longer parse are a `badTemplate` problem.
        package func options() throws(Problem) -> RenderOptions {
            var options = RenderOptions()
            options.document = document
            options.document.creationDate = creationDate
            if let templates {
                do {
                    options.templates = TripTemplates(
                        templates: try MustacheTemplates(sources: templates), directory: templatesDirectory)
                } catch {
                    throw Problem(code: .badTemplate, location: error.file, error.description)
                }
            }
            options.theme = theme.map { theme in
                Theme(
                    name: theme.name, look: theme.look,
                    font: theme.fontFamily.map { ($0, theme.fontFiles ?? []) }, file: theme.file)
            }
            options.calendarFeed = calendarFeed.map { ($0.url, $0.refreshSeconds) }
            options.password = password.map { ($0.user, $0.owner) }
            options.subscribeURL = subscribeURL
            if let signing {
                options.signing = (identity: try Self.identity(signing.identity), timestampURL: signing.timestampURL)
            }
            options.passes.game = passGame
            options.passes.identity = try passIdentity.map { source throws(Problem) in try Self.identity(source) }
            return options
        }

        /// The identities a worker has read, by their source: one read per identity, not per order (an encrypted
        /// key's password derivation alone costs milliseconds). At most a few: a service has one or two.
        private static let identities = Mutex<[SigningIdentity.Source: SigningIdentity]>([:])

        private static func identity(_ source: SigningIdentity.Source) throws(Problem) -> SigningIdentity {
            if let known = identities.withLock({ $0[source] }) { return known }
            let identity: SigningIdentity
            do { identity = try SigningIdentity(source) } catch { throw Problem(error) }
            identities.withLock { known in
                if known.count >= 4 { known.removeAll() }
                known[source] = identity
            }
            return identity
        }
    }
}
