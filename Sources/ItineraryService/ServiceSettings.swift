import Foundation
import ItineraryKit

/// How a render service runs: where it listens and how much work it takes on.
///
/// Every setting has a command-line flag and an environment variable
/// (`ITINERARY_PORT`, …); the flag wins.
public struct ServiceSettings: Sendable {
    /// The address to listen on; 0.0.0.0 for every interface (in a container).
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one (it is logged).
    public var port = 8080
    /// Renders at once: one per core by default.
    public var workers = ServiceSettings.coreCount
    /// Requests that may wait for a worker; more are refused with 429.
    public var queue = 64
    /// The largest request body, in bytes; larger ones are refused with 413.
    public var maxBody = 32 * 1024 * 1024
    /// Seconds a request may wait and render; past them it is answered with 503.
    public var timeout: Double = 30
    /// Seconds a client has to send its whole body; past them it is answered with 408.
    public var bodyTimeout: Double = 10
    /// Seconds given to renders in flight after SIGTERM before the service stops anyway.
    public var grace: Double = 20
    /// Seconds since 1970 stamped in every document (`SOURCE_DATE_EPOCH`); nil: the time of the request.
    public var creationDate: Int?
    /// The themes `?theme=` names, by file name without `.json`; loaded at start.
    public var themes: [String: Theme] = [:]
    /// The app's address of a trip's itinerary/v1 JSON, with `{id}` in it: turns on
    /// `GET /v1/feeds/{token}.ics` (with `feedSecret`).
    public var tripSource: String?
    /// The secret feed tokens are signed with (`FeedToken`).
    public var feedSecret: [UInt8]?
    /// A feed's `Cache-Control: max-age` and `REFRESH-INTERVAL`, in seconds.
    public var feedMaxAge = 900
    /// How long a fetch from the trip source may take, in seconds.
    public var sourceTimeout: Double = 5
    /// The command that starts a render process (`itinerary render-worker`): documents are then
    /// drawn by a `RenderPool` of such processes, one per worker, which lets workers use every core.
    /// Nil: drawn in this process, one at a time.
    public var renderCommand: [String]?
    /// Who signs every PDF the service draws, and the time-stamp authority of B-T signatures (issue #51);
    /// nil: PDFs are not signed. Render processes are given the same files (`renderCommand`).
    public var signing: (identity: SigningIdentity, timestampURL: String?)?
    /// Turns on `POST /v1/jobs`: the secret callbacks are signed with (Standard Webhooks).
    public var webhookSecret: WebhookSecret?
    /// Hosts (names or addresses) a callback may name although they are loopback or private.
    public var callbackAllow: [String] = []
    /// `postgres://…`: jobs kept in PostgreSQL, shared by every replica; nil: in this process.
    public var jobsDatabase: String?
    /// Attempts at a callback before a job fails.
    public var deliveryAttempts = 8
    /// Seconds before a callback's second attempt; doubled for each further one (with jitter, at most an hour).
    public var deliveryBackoff: Double = 5
    /// Seconds one delivery attempt may take before it counts as a timeout (and is tried again).
    public var deliveryTimeout: Double = 30
    /// Seconds a job, its document and its status are kept.
    public var jobExpiry: Double = 86400
    /// Seconds a claimed job waits for its replica before another takes it over; renewed while it is drawn
    /// or delivered.
    public var jobLease: Double = 60
    /// The bytes unexpired jobs may hold, their trips and documents (in PostgreSQL, across replicas); past it
    /// `POST /v1/jobs` gets 429.
    public var maxJobStorage = 1 << 30
    /// The keys callers prove who they are with (`--api-keys`); nil: no key is asked for, which only a
    /// loopback address allows unless `allowsNoKeys`.
    public var apiKeys: ApiKeyFile?
    /// The keys file, read again on SIGHUP.
    public var apiKeysPath: String?
    /// Where clients reach the service (`https://itinerary.example.com`): feed links and `Location`
    /// headers are made under it, and X-Forwarded-Host and -Proto are no longer believed.
    public var publicURL: String?
    /// Signs Wallet passes (`format=pkpass`): the app's Pass Type ID identity; nil: passes are refused with 400.
    public var passIdentity: SigningIdentity?

    /// Why a trip source template cannot be used, in one sentence; nil when it can:
    /// an http or https URL with `{id}` in it.
    public static func tripSourceProblem(_ template: String) -> String? {
        TripSource.check(template)
    }

    /// Why a `--public-url` cannot be used, in one sentence; nil when it can: an http or https URL with a
    /// host, and neither a query, a fragment nor a user.
    public static func publicURLProblem(_ text: String) -> String? {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty
        else { return "--public-url must be an http:// or https:// URL with a host, not \"\(text.quoted)\"." }
        guard url.query == nil, url.fragment == nil, url.user == nil, url.password == nil else {
            return "--public-url may not hold a query, a fragment, a user name or a password."
        }
        return nil
    }

    /// Whether an address to listen on is this machine's own loopback, which no other machine reaches.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        guard let bytes = CallbackPolicy.bytes(of: host) else { return false }
        return CallbackPolicy.forbidden(host) == "loopback" && bytes != [0, 0, 0, 0]
    }

    /// Why a `--jobs` URL cannot be used, in one sentence; nil when it can.
    public static func jobsDatabaseProblem(_ url: String) -> String? {
        do throws(JobStoreProblem) {
            _ = try PostgresJobStore.configuration(url)
            return nil
        } catch {
            return error.sentence
        }
    }

    public init() {}

    /// The cores this process may use.
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
