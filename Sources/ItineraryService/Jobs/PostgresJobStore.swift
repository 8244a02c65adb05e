import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import PostgresNIO
import Synchronization

/// Jobs, their documents and their deliveries in PostgreSQL (`itinerary serve
/// --jobs postgres://…`), so that any replica renders or delivers any job.
/// Workers claim a row with `FOR UPDATE SKIP LOCKED` and a lease; a job whose
/// replica died is claimed again once its lease runs out. A submission or a
/// render sends `NOTIFY itinerary_jobs`, which wakes the idle workers of every
/// replica (each listens on one connection of its own). The table is made on
/// start if it is not there.
final class PostgresJobStore: JobStore {
    private let client: PostgresClient
    private let logger: Logger
    private let prepared = Atomic<Bool>(false)
    private let waiters = WorkWaiters()

    static let channel = "itinerary_jobs"

    init(url: String, logger: Logger) throws(JobStoreProblem) {
        client = PostgresClient(configuration: try Self.configuration(url), backgroundLogger: logger)
        self.logger = logger
    }

    /// `postgres://user:password@host:port/database`; `?host=/run/postgresql` for a Unix socket,
    /// `?sslmode=require` for TLS.
    static func configuration(_ text: String) throws(JobStoreProblem) -> PostgresClient.Configuration {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? "") else {
            throw JobStoreProblem(sentence: "--jobs must be a postgres:// URL.")
        }
        let user = url.user ?? "postgres"
        let database = url.path.split(separator: "/").first.map(String.init) ?? user
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let socket = query["host"], socket.hasPrefix("/") {
            let path =
                socket.hasSuffix(".s.PGSQL.\(url.port ?? 5432)") ? socket : socket + "/.s.PGSQL.\(url.port ?? 5432)"
            return .init(unixSocketPath: path, username: user, password: url.password, database: database)
        }
        guard let host = url.host, !host.isEmpty else { throw JobStoreProblem(sentence: "--jobs names no host.") }
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "prefer" {
        case "disable": tls = .disable
        case "require", "verify-full", "verify-ca": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        return .init(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: database, tls: tls)
    }

    // MARK: Running

    func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask {
                await self.prepare()
                await self.listen()
            }
        }
    }

    /// Makes the table (under an advisory lock: replicas start together), retrying until the database answers.
    private func prepare() async {
        while !Task.isCancelled {
            do {
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("SELECT pg_advisory_xact_lock(4404404404)", logger: logger)
                    for statement in Self.schema {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
                prepared.store(true, ordering: .releasing)
                return
            } catch {
                logger.warning("the job database does not answer yet", metadata: ["error": .string("\(error)")])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS itinerary_jobs (
            id text PRIMARY KEY,
            status text NOT NULL,
            render_order bytea NOT NULL,
            trip bytea NOT NULL,
            callback text,
            created timestamptz NOT NULL,
            updated timestamptz NOT NULL,
            expires timestamptz NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            last_error text,
            next_attempt timestamptz,
            lease_until timestamptz,
            delivered_at timestamptz,
            result_header bytea,
            document bytea,
            idempotency_key text UNIQUE,
            fingerprint text
        )
        """,
        """
        CREATE INDEX IF NOT EXISTS itinerary_jobs_work ON itinerary_jobs (status, next_attempt)
            WHERE status IN ('queued', 'rendering', 'delivering')
        """,
    ]

    /// Wakes this replica's idle loops on every notification; listens again after a lost connection.
    private func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        for try await notification in notifications {
                            // One notification is one job to claim: waking every loop would send them all.
                            self.waiters.wakeOne(JobWork(rawValue: notification.payload) ?? .render)
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    private func notify(_ kind: JobWork) async {
        _ = try? await client.query("SELECT pg_notify('itinerary_jobs', \(kind.rawValue))", logger: logger)
    }

    /// Waits for the table, at most a few seconds.
    private func ready() async throws(JobStoreProblem) {
        for _ in 0..<250 {
            if prepared.load(ordering: .acquiring) { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        throw JobStoreProblem(sentence: "the job database does not answer.")
    }

    // MARK: The store

    func submit(_ job: JobRecord, idempotency: (key: String, fingerprint: String)?) async throws -> JobSubmission {
        try await ready()
        let order = try Data(JSONEncoder().encode(job.order))
        let rows = try await client.query(
            """
            INSERT INTO itinerary_jobs (id, status, render_order, trip, callback, created, updated, expires,
                idempotency_key, fingerprint)
            VALUES (\(job.id), 'queued', \(ByteBuffer(data: order)), \(ByteBuffer(bytes: job.trip)), \(job.callback),
                \(job.created), \(job.updated), \(job.expires), \(idempotency?.key), \(idempotency?.fingerprint))
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING id
            """, logger: logger)
        var inserted = false
        for try await _ in rows { inserted = true }
        if inserted {
            await notify(.render)
            return .created(job)
        }
        guard let idempotency else { throw JobStoreProblem(sentence: "the job could not be kept.") }
        let first = try await client.query(
            "SELECT \(unescaped: Self.columns) FROM itinerary_jobs WHERE idempotency_key = \(idempotency.key)",
            logger: logger)
        for try await row in first {
            let random = row.makeRandomAccess()
            guard try random["fingerprint"].decode(String?.self) == idempotency.fingerprint else { return .conflicting }
            return .repeated(try Self.record(random))
        }
        // The first job expired between the insert and the look-up: a new one.
        return try await submit(job, idempotency: idempotency)
    }

    func job(_ id: String) async throws -> JobRecord? {
        try await ready()
        let rows = try await client.query(
            "SELECT \(unescaped: Self.columns) FROM itinerary_jobs WHERE id = \(id) AND expires > now()", logger: logger
        )
        for try await row in rows { return try Self.record(row.makeRandomAccess()) }
        return nil
    }

    func claimRender(lease: Double) async throws -> JobRecord? {
        try await ready()
        return try await one(
            """
            UPDATE itinerary_jobs SET status = 'rendering', lease_until = now() + make_interval(secs => \(lease)),
                updated = now()
            WHERE id = (
                SELECT id FROM itinerary_jobs
                WHERE (status = 'queued' OR (status = 'rendering' AND lease_until < now())) AND expires > now()
                ORDER BY created FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING \(unescaped: Self.renderColumns)
            """)
    }

    func requeue(_ id: String) async throws {
        try await client.query(
            "UPDATE itinerary_jobs SET status = 'queued', lease_until = NULL, updated = now() WHERE id = \(id)",
            logger: logger)
        await notify(.render)
    }

    func rendered(_ id: String, result: JobResult) async throws {
        let header: Data, document: ByteBuffer?, problem: String?
        switch result {
        case .document(let drawn, let mediaType):
            header = try JSONEncoder().encode(StoredResult(document: drawn.header, mediaType: mediaType))
            document = ByteBuffer(bytes: drawn.bytes)
            problem = nil
        case .problem(let failure):
            header = try JSONEncoder().encode(StoredResult(problem: failure.wire))
            document = nil
            problem = failure.detail
        }
        try await client.query(
            """
            UPDATE itinerary_jobs SET
                status = CASE WHEN callback IS NOT NULL THEN 'delivering'
                    WHEN \(problem == nil) THEN 'delivered' ELSE 'failed' END,
                result_header = \(ByteBuffer(data: header)), document = \(document), last_error = \(problem),
                next_attempt = now(), lease_until = NULL, updated = now()
            WHERE id = \(id)
            """, logger: logger)
        await notify(.delivery)
    }

    func claimDelivery(lease: Double) async throws -> JobRecord? {
        try await ready()
        return try await one(
            """
            UPDATE itinerary_jobs SET lease_until = now() + make_interval(secs => \(lease))
            WHERE id = (
                SELECT id FROM itinerary_jobs
                WHERE status = 'delivering' AND next_attempt <= now()
                    AND (lease_until IS NULL OR lease_until < now()) AND expires > now()
                ORDER BY next_attempt FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING \(unescaped: Self.deliveryColumns)
            """)
    }

    func attempted(_ id: String, outcome: DeliveryOutcome) async throws {
        switch outcome {
        case .delivered(let at):
            try await client.query(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, delivered_at = \(at),
                    status = CASE WHEN document IS NULL THEN 'failed' ELSE 'delivered' END, updated = now()
                WHERE id = \(id)
                """, logger: logger)
        case .retry(let error, let at):
            try await client.query(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, last_error = \(error),
                    next_attempt = \(at), updated = now()
                WHERE id = \(id)
                """, logger: logger)
        case .failed(let error):
            try await client.query(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, last_error = \(error),
                    status = 'failed', updated = now()
                WHERE id = \(id)
                """, logger: logger)
        }
    }

    func expire() async throws {
        try await ready()
        try await client.query("DELETE FROM itinerary_jobs WHERE expires <= now()", logger: logger)
    }

    func counts() async throws -> [JobStatus: Int] {
        try await ready()
        let rows = try await client.query(
            "SELECT status, count(*) FROM itinerary_jobs WHERE expires > now() GROUP BY status", logger: logger)
        var counts: [JobStatus: Int] = [:]
        for try await (status, count) in rows.decode((String, Int).self) {
            if let status = JobStatus(rawValue: status) { counts[status] = count }
        }
        return counts
    }

    func waitForWork(_ kind: JobWork, timeout: Duration) async {
        await waiters.wait(kind, timeout: timeout)
    }

    func reachable() async -> Bool {
        guard prepared.load(ordering: .acquiring) else { return false }
        let answer = Task { try await client.query("SELECT 1", logger: logger) }
        let timer = Task {
            try await Task.sleep(for: .seconds(2))
            answer.cancel()
        }
        defer { timer.cancel() }
        return (try? await answer.value) != nil
    }

    // MARK: Rows

    private static let columns =
        "id, status, render_order, trip, callback, created, updated, expires, attempts, last_error, next_attempt, "
        + "lease_until, delivered_at, result_header, document, fingerprint"
    /// What a render needs: not a document (there is none yet).
    private static let renderColumns =
        "id, status, render_order, trip, callback, created, updated, expires, attempts, last_error, next_attempt, "
        + "lease_until, delivered_at, fingerprint"
    /// What a delivery needs: not the trip.
    private static let deliveryColumns =
        "id, status, render_order, callback, created, updated, expires, attempts, last_error, next_attempt, "
        + "lease_until, delivered_at, result_header, document, fingerprint"

    private func one(_ query: PostgresQuery) async throws -> JobRecord? {
        let rows = try await client.query(query, logger: logger)
        for try await row in rows { return try Self.record(row.makeRandomAccess()) }
        return nil
    }

    /// What a render left, as the table keeps it beside the document's bytes.
    private struct StoredResult: Codable {
        var document: RenderedDocument.Header?
        var mediaType: String?
        var problem: ServiceProblem.Wire?
    }

    private static func record(_ row: PostgresRandomAccessRow) throws -> JobRecord {
        let order = try JSONDecoder().decode(
            RenderOrder.self, from: Data(buffer: try row["render_order"].decode(ByteBuffer.self)))
        var job = JobRecord(
            id: try row["id"].decode(String.self),
            status: JobStatus(rawValue: try row["status"].decode(String.self)) ?? .failed,
            order: order, trip: row.contains("trip") ? Array(buffer: try row["trip"].decode(ByteBuffer.self)) : [],
            callback: try row["callback"].decode(String?.self),
            created: try row["created"].decode(Date.self), updated: try row["updated"].decode(Date.self),
            expires: try row["expires"].decode(Date.self))
        job.attempts = try row["attempts"].decode(Int.self)
        job.lastError = try row["last_error"].decode(String?.self)
        job.nextAttempt = try row["next_attempt"].decode(Date?.self)
        job.leaseUntil = try row["lease_until"].decode(Date?.self)
        job.deliveredAt = try row["delivered_at"].decode(Date?.self)
        if row.contains("result_header"), let header = try row["result_header"].decode(ByteBuffer?.self) {
            let stored = try JSONDecoder().decode(StoredResult.self, from: Data(buffer: header))
            if let document = stored.document, let bytes = try row["document"].decode(ByteBuffer?.self) {
                job.result = .document(
                    RenderedDocument(header: document, bytes: Array(buffer: bytes)), mediaType: stored.mediaType ?? "")
            } else if let problem = stored.problem {
                job.result = .problem(ServiceProblem(problem))
            }
        }
        return job
    }
}

/// The job store cannot be used, in one sentence.
struct JobStoreProblem: Error, Sendable {
    let sentence: String
}
