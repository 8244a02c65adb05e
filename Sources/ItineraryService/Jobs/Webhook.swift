import AsyncHTTPClient
import Crypto
import Foundation
import ItineraryKit
import NIOCore
import NIOHTTP1
import Synchronization

/// The secret callbacks are signed with, as the Standard Webhooks
/// specification's libraries take it: `whsec_` and the base64 of 24 to 64
/// random bytes (`echo "whsec_$(openssl rand -base64 32)"`).
public struct WebhookSecret: Sendable {
    let key: SymmetricKey

    /// The secret in a file (surrounding white space ignored), or why it cannot be used, in one sentence.
    public static func read(_ path: String) throws(WebhookSecretProblem) -> WebhookSecret {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WebhookSecretProblem(sentence: "cannot read the webhook secret file \"\(path)\".")
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    static func parse(_ text: String) throws(WebhookSecretProblem) -> WebhookSecret {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("whsec_"), let bytes = Data(base64Encoded: String(text.dropFirst(6))) else {
            throw WebhookSecretProblem(
                sentence: "the webhook secret must be whsec_ and base64, as Standard Webhooks writes it "
                    + "(echo \"whsec_$(openssl rand -base64 32)\").")
        }
        guard (24...64).contains(bytes.count) else {
            throw WebhookSecretProblem(
                sentence: "the webhook secret holds \(bytes.count) bytes; Standard Webhooks takes 24 to 64.")
        }
        return WebhookSecret(key: SymmetricKey(data: bytes))
    }

    /// `webhook-signature`: `v1,` and the base64 of HMAC-SHA256 over `id.timestamp.body`.
    func signature(id: String, timestamp: Int, body: [UInt8]) -> String {
        var hmac = HMAC<SHA256>(key: key)
        hmac.update(data: Array("\(id).\(timestamp).".utf8))
        hmac.update(data: body)
        return "v1," + Data(hmac.finalize()).base64EncodedString()
    }
}

/// A webhook secret that cannot be used, in one sentence.
public struct WebhookSecretProblem: Error, Sendable {
    public let sentence: String
}

/// How often and how long a callback is tried.
struct DeliverySchedule: Sendable {
    var attempts = 8
    /// The first wait in seconds, doubled for each further attempt.
    var backoff: Double = 5
    static let longestWait: Double = 3600

    /// The wait after attempt `made` (1-based): exponential with jitter (between
    /// three quarters and five quarters of it), at most an hour.
    func wait(after made: Int) -> Double {
        let exponential = backoff * pow(2, Double(max(0, made - 1)))
        return min(Self.longestWait, exponential * Double.random(in: 0.75...1.25))
    }
}

/// Sends a job's document (or its failure event) to its callback, signed, and says what came of it.
struct WebhookSender: Sendable {
    let secret: WebhookSecret
    let policy: CallbackPolicy
    let schedule: DeliverySchedule
    /// How long one attempt may take.
    let timeout: TimeAmount
    /// Clients by the host and address they connect to, so that deliveries to one app reuse connections.
    let clients: CallbackClients

    init(secret: WebhookSecret, policy: CallbackPolicy, schedule: DeliverySchedule, timeout: TimeAmount) {
        self.secret = secret
        self.policy = policy
        self.schedule = schedule
        self.timeout = timeout
        clients = CallbackClients(timeout: timeout)
    }

    func deliver(_ job: JobRecord) async -> DeliveryOutcome {
        guard let callback = job.callback, let result = job.result else {
            return .failed(error: "the job has no callback.")
        }
        let start = ContinuousClock.now
        let made = job.attempts + 1
        let target: CallbackPolicy.Target
        switch await policy.check(callback) {
        case .success(let checked): target = checked
        case .failure(let refusal): return .failed(error: refusal.sentence)
        }
        let (body, mediaType, name) = result.delivery(id: job.id, document: job.document)
        let timestamp = Int(Date().timeIntervalSince1970)
        var request = HTTPClientRequest(url: target.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: mediaType)
        if let name { request.headers.add(name: "Content-Disposition", value: "attachment; filename=\"\(name)\"") }
        request.headers.add(name: "User-Agent", value: "itinerary/\(CheckedTrip.version)")
        request.headers.add(name: "webhook-id", value: job.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature", value: secret.signature(id: job.id, timestamp: timestamp, body: body))
        request.body = .bytes(ByteBuffer(bytes: body))

        let client = clients.client(host: target.host, address: target.address)
        let (prepared, timeout) = (request, self.timeout)
        // The whole attempt, the answer's body included, within the timeout: AsyncHTTPClient's own deadline
        // ends with the answer's head, and a receiver that then sends nothing would hold this loop for ever.
        let answer = await Self.within(until: start + .nanoseconds(timeout.nanoseconds)) {
            () async throws -> (HTTPResponseStatus, String?) in
            let response = try await client.execute(prepared, deadline: .now() + timeout)
            _ = try await response.body.collect(upTo: 64 << 10)
            return (response.status, response.headers.first(name: "Retry-After"))
        }
        let status: HTTPResponseStatus, retryAfter: String?
        switch answer {
        case .success(let answered): (status, retryAfter) = answered
        case .failure(let error): return retry(made, "the callback could not be reached: \(Self.describe(error)).")
        }
        switch status.code {
        case 200..<300:
            return .delivered(at: Date())
        case 408, 429, 500..<600:
            let asked = retryAfter.flatMap(Self.seconds(retryAfter:))
            return retry(made, "the callback answered \(status.code) \(status.reasonPhrase).", asked: asked)
        case 300..<400:
            return .failed(error: "the callback answered \(status.code), a redirect, which is not followed.")
        default:
            return .failed(error: "the callback answered \(status.code) \(status.reasonPhrase).")
        }
    }

    /// The attempt's result, or `DeliveryTimeout` once the deadline passes (the attempt is then cancelled,
    /// and its connection with it).
    static func within<T: Sendable>(
        until deadline: ContinuousClock.Instant, _ attempt: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error> {
        await withTaskGroup(of: Result<T, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await attempt()) } catch { return .failure(error) }
            }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return Task.isCancelled ? nil : .failure(DeliveryTimeout())
            }
            defer { group.cancelAll() }
            while let first = await group.next() {
                if let first { return first }
            }
            return .failure(DeliveryTimeout())
        }
    }

    /// Another attempt later, unless this was the last.
    private func retry(_ made: Int, _ error: String, asked: Double? = nil) -> DeliveryOutcome {
        guard made < schedule.attempts else {
            return .failed(error: error.dropLast() + "; gave up after \(made) attempts.")
        }
        let wait = asked.map { min($0, DeliverySchedule.longestWait) } ?? schedule.wait(after: made)
        return .retry(error: error, at: Date().addingTimeInterval(wait))
    }

    /// `Retry-After`: seconds, or an HTTP date.
    static func seconds(retryAfter text: String) -> Double? {
        if let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return Double(seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: text).map { max(0, $0.timeIntervalSinceNow) }
    }

    private static func describe(_ error: any Error) -> String {
        if error is DeliveryTimeout { return "no answer in time" }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "no answer in time"
            case .remoteConnectionClosed: return "the connection was closed"
            default: break
            }
        }
        if let error = error as? IOError { return "\(error.description)" }
        return "\(error)"
    }
}

/// An attempt at a callback that did not end within `--delivery-timeout`.
struct DeliveryTimeout: Error {}

/// HTTP clients for callbacks, one per host and checked address (each connects only to that address,
/// whatever the name says later; TLS still checks the certificate against the name), kept so that
/// deliveries to the same app reuse their connections. At most `limit`; the oldest goes first.
final class CallbackClients: Sendable {
    static let limit = 32
    private let clients = Mutex<[(key: String, client: HTTPClient)]>([])
    /// Also the longest silence while reading an answer (the attempt as a whole is bounded by the sender).
    private let timeout: TimeAmount

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func client(host: String, address: String) -> HTTPClient {
        let key = host + " " + address
        let (client, evicted): (HTTPClient, HTTPClient?) = clients.withLock { clients in
            if let index = clients.firstIndex(where: { $0.key == key }) {
                let found = clients.remove(at: index)
                clients.append(found)
                return (found.client, nil)
            }
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
            configuration.dnsOverride = [host: address]
            configuration.decompression = .disabled
            configuration.timeout = .init(connect: timeout, read: timeout)
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients.append((key, client))
            return (client, clients.count > Self.limit ? clients.removeFirst().client : nil)
        }
        if let evicted { Task { try? await evicted.shutdown() } }
        return client
    }

    /// Every client closed, when the service stops.
    func shutdown() async {
        let all = clients.withLock { clients in
            defer { clients = [] }
            return clients.map(\.client)
        }
        for client in all { try? await client.shutdown() }
    }
}
