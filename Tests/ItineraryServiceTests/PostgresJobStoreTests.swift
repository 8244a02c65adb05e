import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization
import TestSupport
import Testing
@testable import ItineraryService

/// Issue #50 in PostgreSQL, two replicas' stores on one throwaway database: a claim that lost its lease
/// writes nothing, a lease renewed is not taken over, the storage bound holds across replicas, a status
/// poll reads neither the trip nor the document (a role that may not read those columns polls), and a
/// callback that takes 9 s under a 3 s lease is posted once.
@Suite(.serialized) struct PostgresJobStoreTests {
    static let logger = Logger(label: "test")
    static let trip = Array(repeating: UInt8(ascii: "x"), count: 4000)

    static func job(_ id: String, owner: String = "app", callback: String? = nil) -> JobRecord {
        JobRecord(
            id: id, owner: owner, order: RenderOrder(query: [["format", "md"]]), trip: trip, sealedPasswords: nil,
            callback: callback, created: Date(), expires: Date().addingTimeInterval(600))
    }

    /// Stores on `url`, each running (its connections, its table) until `body` ends.
    static func withStores(
        _ urls: [String], _ body: ([PostgresJobStore]) async throws -> Void
    ) async throws {
        let stores = try urls.map { try PostgresJobStore(url: $0, logger: logger) }
        let running = stores.map { store in Task { await store.run() } }
        defer { running.forEach { $0.cancel() } }
        try await body(stores)
    }

    @Test func claimsAreFencedRenewedAndTheStorageBoundHoldsAcrossReplicas() async throws {
        let database = try ThrowawayPostgres()
        defer { database.stop() }
        try await Self.withStores([database.url, database.url]) { stores in
            let (one, two) = (stores[0], stores[1])
            guard case .created = try await one.submit(Self.job("job_1"), idempotency: nil, storageLimit: 6000) else {
                Issue.record("the first job was not kept")
                return
            }
            // Together they would hold 8000 bytes: the other replica refuses the second.
            let second = try await two.submit(Self.job("job_2"), idempotency: nil, storageLimit: 6000)
            guard case .storageFull = second else {
                Issue.record("the storage bound did not hold across replicas: \(second)")
                return
            }
            #expect(try await two.storedBytes() == 4000)
            // A lease that runs out is taken over; the first claim's late write is dropped.
            let first = try #require(try await one.claimRender(lease: 0.2))
            try await Task.sleep(for: .milliseconds(400))
            let taken = try #require(try await two.claimRender(lease: 1))
            #expect(taken.job.id == "job_1" && taken.token != first.token)
            #expect(taken.job.trip == Self.trip)
            let header = RenderedDocument.Header(pages: nil, name: "a.md", language: "en")
            let document = JobResult.document(header, mediaType: "text/markdown")
            #expect(
                try await one.rendered("job_1", token: first.token, result: document, document: [1], storageLimit: 6000)
                    == false)
            // Renewed every 0.3 s, a one-second lease is never taken over.
            for _ in 0..<5 {
                #expect(try await two.renew("job_1", token: taken.token, lease: 1))
                #expect(try await one.claimRender(lease: 1) == nil)
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(try await one.renew("job_1", token: first.token, lease: 1) == false)
            #expect(
                try await two.rendered(
                    "job_1", token: taken.token, result: document, document: [1, 2, 3], storageLimit: 6000))
            // The trip is dropped once drawn: the document alone is held.
            #expect(try await one.storedBytes() == 3)
            let polled = try #require(try await one.job("job_1", owner: "app"))
            #expect(polled.status == .delivered && polled.document == nil && polled.trip.isEmpty)
            #expect(try await one.job("job_1", owner: "another") == nil)
            #expect(try await one.jobWithDocument("job_1", owner: "app")?.document == [1, 2, 3])
        }
    }

    @Test func aStatusPollReadsNeitherTheTripNorTheDocument() async throws {
        let database = try ThrowawayPostgres()
        defer { database.stop() }
        try await Self.withStores([database.url]) { stores in
            guard case .created = try await stores[0].submit(Self.job("job_1"), idempotency: nil, storageLimit: 1 << 20)
            else {
                Issue.record("the job was not kept")
                return
            }
            // A role that may read every column but the trip and the document.
            try database.sql(
                """
                CREATE ROLE poller LOGIN;
                GRANT SELECT (id, owner, status, render_order, callback, created, updated, expires, attempts,
                    last_error, next_attempt, lease_until, delivered_at, result_header, fingerprint, stored_bytes,
                    lease_token, sealed_passwords, idempotency_key) ON itinerary_jobs TO poller;
                """)
        }
        try await Self.withStores([database.url(user: "poller")]) { stores in
            let polled = try await stores[0].job("job_1", owner: "app")
            #expect(polled?.status == .queued)
            // The same role cannot read the document: the poll above would have failed had it read one.
            await #expect(throws: (any Error).self) { try await stores[0].jobWithDocument("job_1", owner: "app") }
        }
    }

    @Test func aCallbackSlowerThanTheLeaseIsPostedOnce() async throws {
        let database = try ThrowawayPostgres()
        defer { database.stop() }
        let receiver = try await SlowReceiver.start(seconds: 9)
        defer { receiver.stop() }
        var settings = Harness.settings
        settings.webhookSecret = try WebhookSecret.parse("whsec_" + Data(repeating: 9, count: 32).base64EncodedString())
        settings.jobsDatabase = database.url
        settings.jobLease = 3
        settings.deliveryTimeout = 12
        settings.deliveryAttempts = 1
        settings.callbackAllow = ["127.0.0.1"]
        // Two replicas, each with its loops.
        let replicas = try (0..<2).map { _ in
            RenderService(
                settings: settings, logger: Self.logger,
                store: try PostgresJobStore(url: database.url, logger: Self.logger))
        }
        let loops = replicas.map { replica in Task { await replica.jobs?.run() } }
        defer { loops.forEach { $0.cancel() } }
        let callback = "http://127.0.0.1:\(receiver.port)/hook"
        try await replicas[0].application().test(.router) { client in
            let id = try await client.execute(
                uri: "/v1/jobs?format=md&callback=\(callback)", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .accepted)
                return String(buffer: response.body).split(separator: "\"").drop { $0 != "id" }.dropFirst(2).first
                    .map(String.init) ?? ""
            }
            var status = ""
            for _ in 0..<200 {
                status = try await client.execute(uri: "/v1/jobs/\(id)", method: .get) { String(buffer: $0.body) }
                if status.contains("\"status\":\"delivered\"") || status.contains("\"status\":\"failed\"") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status.contains("\"status\":\"delivered\""), "\(status)")
        }
        #expect(receiver.posts == 1, "a callback of 9 s under a lease of 3 s was posted \(receiver.posts) times")
    }
}

/// A PostgreSQL of the test's own on 127.0.0.1 (initdb in a temporary folder, run as the postgres user when
/// the tests run as root), stopped at the end.
struct ThrowawayPostgres {
    let folder: URL
    let port: Int
    var url: String { url(user: "postgres") }

    func url(user: String) -> String { "postgres://\(user)@127.0.0.1:\(port)/postgres?sslmode=disable" }

    static func tool(_ name: String) throws -> URL {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.sorted().last else { throw Failure(text: "PostgreSQL is not installed") }
        return URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin/\(name)")
    }

    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    /// Runs a PostgreSQL tool (as the postgres user under root) through Python's subprocess, which closes
    /// every other descriptor first: the server pg_ctl leaves running must not inherit the socket Foundation's
    /// Process watches to see its child end, or that wait never ends.
    private static func asPostgres(_ tool: URL, _ arguments: [String]) throws -> RunResult {
        let command = (getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [tool.path] + arguments
        return try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))"] + command)
    }

    init() throws {
        folder = try temporaryDirectory()
        if getuid() == 0 {
            _ = try runProcess(URL(fileURLWithPath: "/bin/chown"), ["postgres", folder.path])
        }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        close(socket)
        let data = folder.appendingPathComponent("data").path
        let made = try Self.asPostgres(try Self.tool("initdb"), ["-D", data, "-A", "trust", "-U", "postgres"])
        guard made.status == 0 else { throw Failure(text: "initdb: \(made.stderr)") }
        let started = try Self.asPostgres(
            try Self.tool("pg_ctl"),
            [
                "-D", data, "-w", "-l", folder.appendingPathComponent("log").path, "-o",
                "-h 127.0.0.1 -p \(port) -k \(folder.path)", "start",
            ])
        guard started.status == 0 else { throw Failure(text: "pg_ctl start: \(started.stderr)") }
    }

    /// Runs SQL as the superuser.
    func sql(_ text: String) throws {
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/psql"), ["-v", "ON_ERROR_STOP=1", "-q", url, "-c", text])
        guard run.status == 0 else { throw Failure(text: "psql: \(run.stderr)") }
    }

    func stop() {
        _ = try? Self.asPostgres(
            try Self.tool("pg_ctl"), ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A callback receiver on 127.0.0.1 (Hummingbird) that answers 200 after `seconds`, counting what it is posted.
final class SlowReceiver: Sendable {
    let port: Int
    private let counter: Counter
    private let task: Task<Void, any Error>

    var posts: Int { counter.value.withLock { $0 } }

    private init(port: Int, counter: Counter, task: Task<Void, any Error>) {
        self.port = port
        self.counter = counter
        self.task = task
    }

    static func start(seconds: Int) async throws -> SlowReceiver {
        let counter = Counter()
        let router = Router()
        router.post("/hook") { _, _ -> HTTPResponse.Status in
            counter.value.withLock { $0 += 1 }
            try await Task.sleep(for: .seconds(seconds))
            return .ok
        }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: Logger(label: "receiver"))
        let task = Task { try await app.runService() }
        var iterator = stream.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        return SlowReceiver(port: port, counter: counter, task: task)
    }

    func stop() { task.cancel() }

    private final class Counter: Sendable {
        let value = Mutex(0)
    }
}
