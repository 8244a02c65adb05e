import ArgumentParser
import Foundation
import ItineraryKit
import ItineraryService
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Render itineraries over HTTP: POST /v1/render, POST /v1/validate, GET /v1/themes, /health, /ready, "
            + "/metrics, /openapi.yaml; with --webhook-secret queued renders (POST /v1/jobs), with --trip-source "
            + "calendar feeds (GET /v1/feeds/TOKEN.ics).",
        discussion: """
            Callers show an API key (Authorization: Bearer KEY) from the --api-keys file; without one the \
            service answers only on a loopback address, unless --no-api-keys says so on purpose. \
            Every setting may also come from its environment variable; a flag wins over the variable. \
            Logs are JSON lines on standard output. SIGTERM or SIGINT: new work is refused with 503, \
            work in flight finishes within --grace seconds, and the server exits 0. \
            SOURCE_DATE_EPOCH, when set, is stamped in every document (the same bytes as `itinerary render`).
            """
    )

    /// The defaults `--help` shows are the settings' own.
    private static let defaults = ServiceSettings()

    @Option(
        help: ArgumentHelp(
            "The address to listen on; 0.0.0.0 for every interface. (default: \(Self.defaults.host); env: "
                + "ITINERARY_HOST)",
            valueName: "address"))
    var host: String?

    @Option(
        help: ArgumentHelp(
            "The port to listen on; 0 picks a free one. (default: \(Self.defaults.port); env: ITINERARY_PORT)",
            valueName: "n"))
    var port: Int?

    @Option(
        name: .customLong("api-keys"),
        help: ArgumentHelp(
            "A file of the keys callers show (Authorization: Bearer KEY), a line each: NAME SCOPES sha256:HEX, "
                + "scopes render, jobs, subscribe, metrics or *; `itinerary api-key` makes one. Read again on "
                + "SIGHUP. (env: ITINERARY_API_KEYS)",
            valueName: "file"))
    var apiKeys: String?

    @Flag(
        name: .customLong("no-api-keys"),
        help: "Serve a non-loopback --host without keys, on purpose (behind a gateway that checks callers itself).")
    var noApiKeys = false

    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "Where clients reach the service (e.g. https://itinerary.example.com): feed links and Location "
                + "headers are made under it, and X-Forwarded-Host/-Proto are not believed. (env: "
                + "ITINERARY_PUBLIC_URL)",
            valueName: "url"))
    var publicURL: String?

    @Option(
        help: ArgumentHelp(
            "Renders at once. (default: the number of cores, \(Self.defaults.workers) here; env: ITINERARY_WORKERS)",
            valueName: "n"))
    var workers: Int?

    @Option(
        help: ArgumentHelp(
            "Requests that may wait for a worker; more get 429. (default: \(Self.defaults.queue); env: "
                + "ITINERARY_QUEUE)",
            valueName: "n"))
    var queue: Int?

    @Option(
        name: .customLong("max-body"),
        help: ArgumentHelp(
            "The largest request body in bytes; larger ones get 413. (default: \(Self.defaults.maxBody), "
                + "\(Self.defaults.maxBody >> 20) MiB; env: ITINERARY_MAX_BODY)",
            valueName: "bytes"))
    var maxBody: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds a request may wait and render before it gets 503. (default: "
                + "\(Int(Self.defaults.timeout)); env: ITINERARY_TIMEOUT)",
            valueName: "seconds"))
    var timeout: Double?

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp(
            "Seconds a client has to send its body before it gets 408. (default: "
                + "\(Int(Self.defaults.bodyTimeout)); env: ITINERARY_BODY_TIMEOUT)",
            valueName: "seconds"))
    var bodyTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Seconds given to work in flight after SIGTERM. (default: \(Int(Self.defaults.grace)); env: "
                + "ITINERARY_GRACE)",
            valueName: "seconds"))
    var grace: Double?

    @Option(
        help: ArgumentHelp(
            "A folder of theme files (*.json) that ?theme=NAME chooses; a bad one stops the start. (env: "
                + "ITINERARY_THEMES)",
            valueName: "dir"))
    var themes: String?

    @Option(
        name: .customLong("trip-source"),
        help: ArgumentHelp(
            "Turns on calendar feeds: the app's URL of a trip's itinerary/v1 JSON, with {id} in it, fetched on "
                + "each feed request (e.g. http://trips.internal/api/trips/{id}/itinerary). Needs --feed-secret. "
                + "(env: ITINERARY_TRIP_SOURCE)",
            valueName: "url-template"))
    var tripSource: String?

    @Option(
        name: .customLong("feed-secret"),
        help: ArgumentHelp(
            "A file holding the secret feed URLs are signed with, at least 32 bytes (openssl rand -hex 32); "
                + "`itinerary feed-url` mints URLs with it. (env: ITINERARY_FEED_SECRET)",
            valueName: "file"))
    var feedSecret: String?

    @Option(
        name: .customLong("feed-max-age"),
        help: ArgumentHelp(
            "Seconds a client or cache may keep a feed before fetching it again (Cache-Control, "
                + "REFRESH-INTERVAL). (default: \(Self.defaults.feedMaxAge); env: ITINERARY_FEED_MAX_AGE)",
            valueName: "seconds"))
    var feedMaxAge: Int?

    @Option(
        name: .customLong("source-timeout"),
        help: ArgumentHelp(
            "Seconds the trip source has to answer before a feed request gets 504. (default: "
                + "\(Int(Self.defaults.sourceTimeout)); env: ITINERARY_SOURCE_TIMEOUT)",
            valueName: "seconds"))
    var sourceTimeout: Double?

    @Option(
        name: .customLong("webhook-secret"),
        help: ArgumentHelp(
            "Turns on queued renders (POST /v1/jobs): a file holding the secret callbacks are signed with, "
                + "whsec_ and base64 as Standard Webhooks writes it (echo \"whsec_$(openssl rand -base64 32)\"). "
                + "(env: ITINERARY_WEBHOOK_SECRET)",
            valueName: "file"))
    var webhookSecret: String?

    @Option(
        name: .customLong("callback-allow"),
        help: ArgumentHelp(
            "Hosts, by name or address, that a job's callback may name although they are loopback or private "
                + "(e.g. app.internal,10.0.0.7). (env: ITINERARY_CALLBACK_ALLOW)",
            valueName: "host,…"))
    var callbackAllow: String?

    @Option(
        name: .customLong("jobs"),
        help: ArgumentHelp(
            "Keeps jobs, documents and deliveries in PostgreSQL, shared by every replica (the schema is made "
                + "on start); without it jobs live in this process and are lost when it stops. (env: ITINERARY_JOBS)",
            valueName: "postgres://…"))
    var jobs: String?

    @Option(
        name: .customLong("delivery-attempts"),
        help: ArgumentHelp(
            "Attempts at a job's callback before the job fails. (default: \(Self.defaults.deliveryAttempts); env: "
                + "ITINERARY_DELIVERY_ATTEMPTS)",
            valueName: "n"))
    var deliveryAttempts: Int?

    @Option(
        name: .customLong("delivery-backoff"),
        help: ArgumentHelp(
            "Seconds before a callback's second attempt, doubled for each further one, with jitter, at most an "
                + "hour; a 429's Retry-After wins. (default: \(Int(Self.defaults.deliveryBackoff)); env: "
                + "ITINERARY_DELIVERY_BACKOFF)",
            valueName: "seconds"))
    var deliveryBackoff: Double?

    @Option(
        name: .customLong("delivery-timeout"),
        help: ArgumentHelp(
            "Seconds one attempt at a callback may take; a slower one is tried again. (default: "
                + "\(Int(Self.defaults.deliveryTimeout)); env: ITINERARY_DELIVERY_TIMEOUT)",
            valueName: "seconds"))
    var deliveryTimeout: Double?

    @Option(
        name: .customLong("job-expiry"),
        help: ArgumentHelp(
            "Seconds a job, its status and its document are kept. (default: \(Int(Self.defaults.jobExpiry)); env: "
                + "ITINERARY_JOB_EXPIRY)",
            valueName: "seconds"))
    var jobExpiry: Double?

    @Option(
        name: .customLong("max-job-storage"),
        help: ArgumentHelp(
            "The bytes unexpired jobs may hold, trips and documents (k, M or G: 1024s); past it POST /v1/jobs gets "
                + "429. (default: 1G; env: ITINERARY_MAX_JOB_STORAGE)",
            valueName: "bytes"))
    var maxJobStorage: String?

    @Option(
        name: .customLong("job-lease"),
        help: ArgumentHelp(
            "Seconds a claimed job waits for its replica before another takes it over; more than --timeout. "
                + "(default: \(Int(Self.defaults.jobLease)); env: ITINERARY_JOB_LEASE)",
            valueName: "seconds"))
    var jobLease: Double?

    @OptionGroup(title: "Wallet passes") var passFlags: PassFlags
    @OptionGroup(title: "Signing") var signingFlags: SigningFlags

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var settings: ServiceSettings
        do {
            settings = try resolved(environment: environment)
        } catch {
            Console.error(error.description)
            throw ExitCode(64)
        }
        if let folder = environment.setting(themes, "ITINERARY_THEMES") {
            settings.themes = try Self.loadThemes(folder)
        }
        // Wallet passes (issue #53) and signing (issue #51): each identity is read and checked at start (exit 64
        // for one that cannot sign); the orders the render pool's processes draw carry them.
        settings.passIdentity = try passFlags.resolved(environment).identity()
        settings.signing = try signingFlags.resolved(environment).signing()
        // PDFs, PNG pages and Wallet passes are drawn by a RenderPool of this same program, one process per worker.
        if let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            settings.renderCommand = [program, "render-worker"]
        }
        if let path = environment.setting(webhookSecret, "ITINERARY_WEBHOOK_SECRET"), !path.isEmpty {
            do {
                settings.webhookSecret = try WebhookSecret.read(path)
            } catch {
                Console.error("itinerary serve: \(error.sentence)")
                throw ExitCode(1)
            }
        }
        if let path = environment.setting(feedSecret, "ITINERARY_FEED_SECRET"), !path.isEmpty {
            do {
                settings.feedSecret = try FeedToken.readSecret(path)
            } catch {
                Console.error("itinerary serve: \(error.sentence)")
                throw ExitCode(1)
            }
        }
        let logger = Logger(label: "itinerary") { label in JSONLogHandler(label: label) }
        let service: RenderService
        do {
            service = try RenderService(settings: settings, logger: logger)
        } catch {
            Console.error("itinerary serve: \(error.sentence)")
            throw ExitCode(64)
        }
        do {
            try await service.run()
        } catch {
            Console.error("itinerary serve: \(ServeProblem.describe(error, settings: settings))")
            throw ExitCode(1)
        }
    }

    /// Every `*.json` theme of a folder, by file name without `.json`; a folder that
    /// cannot be read or a theme that is wrong is one sentence and exit 1.
    static func loadThemes(_ folder: String) throws -> [String: Theme] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            Console.error("cannot read the themes folder \"\(folder)\".")
            throw ExitCode(1)
        }
        var themes: [String: Theme] = [:]
        for file in files.sorted() where file.hasSuffix(".json") {
            do {
                themes[String(file.dropLast(5))] = try Theme(
                    contentsOf: (folder as NSString).appendingPathComponent(file))
            } catch {
                Console.error(error.message)
                throw ExitCode(1)
            }
        }
        return themes
    }

    /// Flags, else environment variables, else defaults; each checked.
    func resolved(environment: [String: String]) throws(ServeProblem) -> ServiceSettings {
        var settings = ServiceSettings()
        func value<T>(_ flag: T?, _ name: String, _ parse: (String) -> T?) throws(ServeProblem) -> T? {
            if let flag { return flag }
            guard let text = environment.setting(nil, name) else { return nil }
            guard let parsed = parse(text.trimmingCharacters(in: .whitespaces)) else {
                throw .badEnvironment(name, text)
            }
            return parsed
        }
        settings.host = try value(host, "ITINERARY_HOST", { $0 }) ?? settings.host
        settings.port = try value(port, "ITINERARY_PORT", { Int($0) }) ?? settings.port
        settings.workers = try value(workers, "ITINERARY_WORKERS", { Int($0) }) ?? settings.workers
        settings.queue = try value(queue, "ITINERARY_QUEUE", { Int($0) }) ?? settings.queue
        settings.maxBody = try value(maxBody, "ITINERARY_MAX_BODY", { Int($0) }) ?? settings.maxBody
        settings.timeout = try value(timeout, "ITINERARY_TIMEOUT", { Double($0) }) ?? settings.timeout
        settings.bodyTimeout = try value(bodyTimeout, "ITINERARY_BODY_TIMEOUT", { Double($0) }) ?? settings.bodyTimeout
        settings.grace = try value(grace, "ITINERARY_GRACE", { Double($0) }) ?? settings.grace
        settings.tripSource = try value(tripSource, "ITINERARY_TRIP_SOURCE", { $0 })
        settings.feedMaxAge = try value(feedMaxAge, "ITINERARY_FEED_MAX_AGE", { Int($0) }) ?? settings.feedMaxAge
        settings.sourceTimeout =
            try value(sourceTimeout, "ITINERARY_SOURCE_TIMEOUT", { Double($0) }) ?? settings.sourceTimeout
        settings.callbackAllow =
            try value(callbackAllow, "ITINERARY_CALLBACK_ALLOW", { $0 }).map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            } ?? []
        settings.jobsDatabase = try value(jobs, "ITINERARY_JOBS", { $0 })
        settings.deliveryAttempts =
            try value(deliveryAttempts, "ITINERARY_DELIVERY_ATTEMPTS", { Int($0) }) ?? settings.deliveryAttempts
        settings.deliveryBackoff =
            try value(deliveryBackoff, "ITINERARY_DELIVERY_BACKOFF", { Double($0) }) ?? settings.deliveryBackoff
        settings.deliveryTimeout =
            try value(deliveryTimeout, "ITINERARY_DELIVERY_TIMEOUT", { Double($0) }) ?? settings.deliveryTimeout
        settings.jobExpiry = try value(jobExpiry, "ITINERARY_JOB_EXPIRY", { Double($0) }) ?? settings.jobExpiry
        settings.jobLease = try value(jobLease, "ITINERARY_JOB_LEASE", { Double($0) }) ?? settings.jobLease
        if let text = maxJobStorage {
            guard let bytes = Self.bytes(text), bytes >= 1 else {
                throw .out("--max-job-storage", "a number of bytes, with k, M or G for 1024s (e.g. 1G)")
            }
            settings.maxJobStorage = bytes
        } else if let bytes = try value(
            nil, "ITINERARY_MAX_JOB_STORAGE", { Self.bytes($0).flatMap { $0 >= 1 ? $0 : nil } })
        {
            settings.maxJobStorage = bytes
        }
        settings.publicURL = try value(publicURL, "ITINERARY_PUBLIC_URL", { $0 })
        if let url = settings.publicURL, let problem = ServiceSettings.publicURLProblem(url) {
            throw .sentence(problem)
        }
        if let path = try value(apiKeys, "ITINERARY_API_KEYS", { $0 }) {
            do throws(KeyFileProblem) {
                settings.apiKeys = try ApiKeyFile.read(path)
                settings.apiKeysPath = path
            } catch {
                throw .sentence(error.description)
            }
        }
        if settings.apiKeys == nil, !noApiKeys, !ServiceSettings.isLoopback(settings.host) {
            throw .sentence(
                "--host \(settings.host) answers other machines, and without --api-keys anyone who reaches it "
                    + "may render, queue jobs and mint feed links; give --api-keys FILE (itinerary api-key makes "
                    + "keys), or --no-api-keys to serve without keys on purpose.")
        }
        guard (1...100).contains(settings.deliveryAttempts) else {
            throw .out("--delivery-attempts", "a whole number from 1 to 100")
        }
        if let database = settings.jobsDatabase, let problem = ServiceSettings.jobsDatabaseProblem(database) {
            throw .sentence(problem)
        }
        let secret = environment.setting(feedSecret, "ITINERARY_FEED_SECRET")
        if (settings.tripSource == nil) != (secret == nil) {
            throw .out("--trip-source", "given with --feed-secret (calendar feeds need both)")
        }
        if let template = settings.tripSource, let problem = ServiceSettings.tripSourceProblem(template) {
            throw .sentence(problem)
        }
        guard (0...31_536_000).contains(settings.feedMaxAge) else {
            throw .out("--feed-max-age", "a whole number of seconds from 0 to 31536000")
        }
        guard !settings.host.isEmpty else { throw .out("--host", "an address such as 127.0.0.1 or 0.0.0.0") }
        guard (0...65535).contains(settings.port) else { throw .out("--port", "a port from 0 to 65535") }
        guard (1...256).contains(settings.workers) else { throw .out("--workers", "a whole number from 1 to 256") }
        guard (0...100_000).contains(settings.queue) else { throw .out("--queue", "a whole number from 0 to 100000") }
        guard settings.maxBody >= 1 else { throw .out("--max-body", "a number of bytes from 1") }
        for (name, seconds) in [
            ("--timeout", settings.timeout), ("--body-timeout", settings.bodyTimeout), ("--grace", settings.grace),
            ("--source-timeout", settings.sourceTimeout), ("--delivery-backoff", settings.deliveryBackoff),
            ("--delivery-timeout", settings.deliveryTimeout), ("--job-expiry", settings.jobExpiry),
            ("--job-lease", settings.jobLease),
        ] {
            guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw .out(name, "a number of seconds above 0, at most 86400")
            }
        }
        do {
            settings.creationDate = try Render.creationDate(environment["SOURCE_DATE_EPOCH"])
        } catch {
            throw .sentence(error.description)
        }
        return settings
    }
}

extension Serve {
    /// A number of bytes with an optional k, M or G (1024, 1024², 1024³); nil when it is not one.
    static func bytes(_ text: String) -> Int? {
        let units: [Character: Int] = [
            "k": 1 << 10, "K": 1 << 10, "m": 1 << 20, "M": 1 << 20, "g": 1 << 30, "G": 1 << 30,
        ]
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }
}

enum ServeProblem: Error, CustomStringConvertible {
    case badEnvironment(String, String)
    case out(String, String)
    case sentence(String)

    var description: String {
        switch self {
        case .badEnvironment(let name, let value): "itinerary serve: \(name) must be a number, not \"\(value)\"."
        case .out(let option, let expected): "itinerary serve: \(option) must be \(expected)."
        case .sentence(let sentence): "itinerary serve: \(sentence)"
        }
    }

    /// A failure to start, in words: most often the port is taken.
    static func describe(_ error: any Error, settings: ServiceSettings) -> String {
        switch ListenFailure(error) {
        case .addressInUse?: "cannot listen on \(settings.host):\(settings.port): the address is already in use."
        case .addressNotAvailable?: "cannot listen on \(settings.host):\(settings.port): no interface has that address."
        case nil: "the server stopped: \(error)"
        }
    }
}

/// `itinerary render-worker`: a worker of a `RenderPool` (the service's, or a program's that embeds the
/// library), which starts it with a socket as its standard input; not for people.
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-worker",
        abstract: "Draws documents for a render pool (itinerary serve's), which starts it with a socket as its input.",
        shouldDisplay: false
    )

    func run() throws {
        // A signal meant for the program that started it (a terminal's Ctrl-C, SIGTERM to its group) is
        // that program's to act on: it drains, and its workers exit when it closes their input.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let status = RenderPool.serveAsWorker()
        if status != 0 { throw ExitCode(status) }
    }
}
