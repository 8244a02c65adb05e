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
    /// `?sslmode=require` for TLS. A URL the driver could not use as meant (issue #50: an unencoded `@`
    /// in the password, a broken escape, no host) is one sentence, never a quiet fallback.
    static func configuration(_ text: String) throws(JobStoreProblem) -> PostgresClient.Configuration {
        let schemes = ["postgres://", "postgresql://"]
        guard let scheme = schemes.first(where: { text.lowercased().hasPrefix($0) }) else {
            throw JobStoreProblem(sentence: "--jobs must be a postgres:// URL.")
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.filter({ $0 == "@" }).count > 1 {
            throw JobStoreProblem(
                sentence: "--jobs holds an @ in its user name or password; write it as %40 (percent-encoded).")
        }
        if let problem = Self.escapeProblem(text) { throw JobStoreProblem(sentence: problem) }
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? "") else {
            throw JobStoreProblem(
                sentence: "--jobs is not a URL that can be read; percent-encode the characters of its user name "
                    + "and password that are not letters or digits.")
        }
        let user = url.user ?? "postgres"
        let database = url.path.split(separator: "/").first.map(String.init) ?? user
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let port = url.port, !(1...65535).contains(port) {
            throw JobStoreProblem(sentence: "--jobs names the port \(port); a port is 1 to 65535.")
        }
        if let socket = query["host"], socket.hasPrefix("/") {
            let path =
                socket.hasSuffix(".s.PGSQL.\(url.port ?? 5432)") ? socket : socket + "/.s.PGSQL.\(url.port ?? 5432)"
            return .init(unixSocketPath: path, username: user, password: url.password, database: database)
        }
        guard let host = url.host, !host.isEmpty else {
            throw JobStoreProblem(sentence: "--jobs names no host (postgres://user:password@host:port/database).")
        }
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "prefer" {
        case "disable": tls = .disable
        case "require", "verify-full", "verify-ca": tls = .require(.makeClientConfiguration())
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        case let mode:
            throw JobStoreProblem(
                sentence: "--jobs has sslmode=\(mode); it takes disable, allow, prefer, require, verify-ca or "
                    + "verify-full.")
        }
        return .init(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: database, tls: tls)
    }

    /// Why a URL's percent escapes are broken (a % without two hex digits, or bytes that are not UTF-8);
    /// nil when they are not.
    private static func escapeProblem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                let hex = Set("0123456789abcdefABCDEF".utf8)
                guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) else {
                    return "--jobs has a % that is not followed by two hex digits; write a % itself as %25."
                }
                index += 3
            } else {
                index += 1
            }
        }
        guard text.removingPercentEncoding != nil else {
            return "--jobs has percent escapes that are not UTF-8."
        }
        return nil
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
                    // A table of this version's schema is used as it is, so replicas may run as a role that
                    // reads and writes rows but may not change the table (made by another, as a migration).
                    let current = try await connection.query(
                        """
                        SELECT count(*) FROM information_schema.columns
                        WHERE table_name = 'itinerary_jobs' AND column_name = 'stored_bytes'
                        """, logger: logger)
                    for try await count in current.decode(Int.self) where count > 0 { return }
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
        // Issue #50: jobs belong to their key's name, a claim writes only while its lease token holds, the
        // passwords are sealed, and what the jobs hold is counted. Made on a table of an earlier version too.
        "ALTER TABLE itinerary_jobs ADD COLUMN IF NOT EXISTS owner text NOT NULL DEFAULT ''",
        "ALTER TABLE itinerary_jobs ADD COLUMN IF NOT EXISTS lease_token text",
        "ALTER TABLE itinerary_jobs ADD COLUMN IF NOT EXISTS sealed_passwords bytea",
        "ALTER TABLE itinerary_jobs ADD COLUMN IF NOT EXISTS stored_bytes bigint NOT NULL DEFAULT 0",
        "ALTER TABLE itinerary_jobs DROP CONSTRAINT IF EXISTS itinerary_jobs_idempotency_key_key",
        "CREATE UNIQUE INDEX IF NOT EXISTS itinerary_jobs_idempotency ON itinerary_jobs (owner, idempotency_key)",
        // An earlier version kept PDF passwords in the order's JSON, and in the Idempotency-Key's fingerprint (a
        // plain SHA-256 of them with the order and trip): a job not drawn yet cannot be drawn without them, so
        // it fails; every password is taken out, and the fingerprint with them (a retry is then a conflict, as
        // it already was against the new HMAC).
        """
        UPDATE itinerary_jobs SET
            status = CASE WHEN status IN ('queued', 'rendering') THEN 'failed' ELSE status END,
            last_error = CASE WHEN status IN ('queued', 'rendering')
                THEN 'the job was queued by an earlier version that kept its password in clear; submit it again.'
                ELSE last_error END,
            render_order = convert_to(
                ((convert_from(render_order, 'UTF8')::jsonb - 'password') - 'ownerPassword')::text, 'UTF8'),
            trip = CASE WHEN status IN ('queued', 'rendering') THEN ''::bytea ELSE trip END,
            fingerprint = NULL
        WHERE convert_from(render_order, 'UTF8')::jsonb ?| array['password', 'ownerPassword']
        """,
        """
        UPDATE itinerary_jobs SET stored_bytes = octet_length(trip) + coalesce(octet_length(document), 0)
        WHERE stored_bytes = 0 AND (octet_length(trip) > 0 OR document IS NOT NULL)
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

    /// Held while a submission or a finished render counts the bytes the jobs keep, so that replicas that
    /// add at once never take the total past the limit together.
    private static let storageLock = 4_404_404_405

    func submit(
        _ job: JobRecord, idempotency: (key: String, fingerprint: String)?, storageLimit: Int
    ) async throws -> JobSubmission {
        try await ready()
        let order = try Data(JSONEncoder().encode(job.order))
        let logger = self.logger
        let submission: JobSubmission = try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.storageLock))", logger: logger)
            if let idempotency {
                try await connection.query(
                    """
                    DELETE FROM itinerary_jobs
                    WHERE owner = \(job.owner) AND idempotency_key = \(idempotency.key) AND expires <= now()
                    """, logger: logger)
                let first = try await connection.query(
                    """
                    SELECT \(unescaped: Self.statusColumns) FROM itinerary_jobs
                    WHERE owner = \(job.owner) AND idempotency_key = \(idempotency.key)
                    """, logger: logger)
                for try await row in first {
                    let random = row.makeRandomAccess()
                    guard try random["fingerprint"].decode(String?.self) == idempotency.fingerprint else {
                        return .conflicting
                    }
                    return .repeated(try Self.record(random))
                }
            }
            let stored = try await Self.storedBytes(connection, logger: logger)
            guard stored + job.storedBytes <= storageLimit else { return .storageFull }
            try await connection.query(
                """
                INSERT INTO itinerary_jobs (id, owner, status, render_order, trip, sealed_passwords, callback, created,
                    updated, expires, idempotency_key, fingerprint, stored_bytes)
                VALUES (\(job.id), \(job.owner), 'queued', \(ByteBuffer(data: order)), \(ByteBuffer(bytes: job.trip)),
                    \(job.sealedPasswords.map { ByteBuffer(bytes: $0) }), \(job.callback), \(job.created),
                    \(job.updated), \(job.expires), \(idempotency?.key), \(idempotency?.fingerprint),
                    \(job.storedBytes))
                """, logger: logger)
            var created = job
            created.trip = []
            return .created(created)
        }
        if case .created = submission { await notify(.render) }
        return submission
    }

    private static func storedBytes(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        let rows = try await connection.query(
            "SELECT coalesce(sum(stored_bytes), 0)::bigint FROM itinerary_jobs WHERE expires > now()",
            logger: logger)
        for try await stored in rows.decode(Int.self) { return stored }
        return 0
    }

    func storedBytes() async throws -> Int {
        try await ready()
        return try await client.withConnection { try await Self.storedBytes($0, logger: self.logger) }
    }

    func job(_ id: String, owner: String) async throws -> JobRecord? {
        try await ready()
        return try await one(
            """
            SELECT \(unescaped: Self.statusColumns) FROM itinerary_jobs
            WHERE id = \(id) AND owner = \(owner) AND expires > now()
            """)
    }

    func jobWithDocument(_ id: String, owner: String) async throws -> JobRecord? {
        try await ready()
        return try await one(
            """
            SELECT \(unescaped: Self.statusColumns), document FROM itinerary_jobs
            WHERE id = \(id) AND owner = \(owner) AND expires > now()
            """)
    }

    func claimRender(lease: Double) async throws -> ClaimedJob? {
        try await ready()
        let token = UUID().uuidString
        return try await one(
            """
            UPDATE itinerary_jobs SET status = 'rendering', lease_until = now() + make_interval(secs => \(lease)),
                lease_token = \(token), updated = now()
            WHERE id = (
                SELECT id FROM itinerary_jobs
                WHERE (status = 'queued' OR (status = 'rendering' AND lease_until < now())) AND expires > now()
                ORDER BY created FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING \(unescaped: Self.statusColumns), trip, sealed_passwords
            """
        ).map { ClaimedJob(job: $0, token: token) }
    }

    func renew(_ id: String, token: String, lease: Double) async throws -> Bool {
        try await changed(
            """
            UPDATE itinerary_jobs SET lease_until = now() + make_interval(secs => \(lease))
            WHERE id = \(id) AND lease_token = \(token)
            RETURNING id
            """)
    }

    func requeue(_ id: String, token: String) async throws {
        if try await changed(
            """
            UPDATE itinerary_jobs SET status = 'queued', lease_until = NULL, lease_token = NULL, updated = now()
            WHERE id = \(id) AND lease_token = \(token)
            RETURNING id
            """)
        {
            await notify(.render)
        }
    }

    func rendered(
        _ id: String, token: String, result: JobResult, document: [UInt8]?, storageLimit: Int
    ) async throws -> Bool {
        let logger = self.logger
        let written: Bool = try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.storageLock))", logger: logger)
            var held = 0
            let rows = try await connection.query(
                "SELECT stored_bytes FROM itinerary_jobs WHERE id = \(id) AND lease_token = \(token)",
                logger: logger)
            var found = false
            for try await bytes in rows.decode(Int.self) {
                held = bytes
                found = true
            }
            guard found else { return false }
            let others = try await Self.storedBytes(connection, logger: logger) - held
            var (result, document) = (result, document)
            if let bytes = document, others + bytes.count > storageLimit {
                result = .problem(.storageFull)
                document = nil
            }
            let header: Data, problem: String?
            switch result {
            case .document(let drawn, let mediaType):
                header = try JSONEncoder().encode(StoredResult(document: drawn, mediaType: mediaType))
                problem = nil
            case .problem(let failure):
                header = try JSONEncoder().encode(StoredResult(problem: failure.wire))
                problem = failure.detail
            }
            try await connection.query(
                """
                UPDATE itinerary_jobs SET
                    status = CASE WHEN callback IS NOT NULL THEN 'delivering'
                        WHEN \(problem == nil) THEN 'delivered' ELSE 'failed' END,
                    result_header = \(ByteBuffer(data: header)), document = \(document.map { ByteBuffer(bytes: $0) }),
                    last_error = \(problem), next_attempt = now(), lease_until = NULL, lease_token = NULL,
                    trip = ''::bytea, sealed_passwords = NULL, stored_bytes = \(document?.count ?? 0), updated = now()
                WHERE id = \(id) AND lease_token = \(token)
                """, logger: logger)
            return true
        }
        if written { await notify(.delivery) }
        return written
    }

    func claimDelivery(lease: Double) async throws -> ClaimedJob? {
        try await ready()
        let token = UUID().uuidString
        return try await one(
            """
            UPDATE itinerary_jobs SET lease_until = now() + make_interval(secs => \(lease)), lease_token = \(token)
            WHERE id = (
                SELECT id FROM itinerary_jobs
                WHERE status = 'delivering' AND next_attempt <= now()
                    AND (lease_until IS NULL OR lease_until < now()) AND expires > now()
                ORDER BY next_attempt FOR UPDATE SKIP LOCKED LIMIT 1)
            RETURNING \(unescaped: Self.statusColumns), document
            """
        ).map { ClaimedJob(job: $0, token: token) }
    }

    func attempted(_ id: String, token: String, outcome: DeliveryOutcome) async throws -> Bool {
        switch outcome {
        case .delivered(let at):
            return try await changed(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, lease_token = NULL,
                    delivered_at = \(at), status = CASE WHEN document IS NULL THEN 'failed' ELSE 'delivered' END,
                    updated = now()
                WHERE id = \(id) AND lease_token = \(token)
                RETURNING id
                """)
        case .retry(let error, let at):
            return try await changed(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, lease_token = NULL,
                    last_error = \(error), next_attempt = \(at), updated = now()
                WHERE id = \(id) AND lease_token = \(token)
                RETURNING id
                """)
        case .failed(let error):
            return try await changed(
                """
                UPDATE itinerary_jobs SET attempts = attempts + 1, lease_until = NULL, lease_token = NULL,
                    last_error = \(error), status = 'failed', updated = now()
                WHERE id = \(id) AND lease_token = \(token)
                RETURNING id
                """)
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

    /// What a status poll reads: neither the trip nor the document's bytes, which a claim or a download
    /// adds by name.
    private static let statusColumns =
        "id, owner, status, render_order, callback, created, updated, expires, attempts, last_error, next_attempt, "
        + "lease_until, delivered_at, result_header, fingerprint"

    private func one(_ query: PostgresQuery) async throws -> JobRecord? {
        let rows = try await client.query(query, logger: logger)
        for try await row in rows { return try Self.record(row.makeRandomAccess()) }
        return nil
    }

    /// Whether an UPDATE … RETURNING changed a row.
    private func changed(_ query: PostgresQuery) async throws -> Bool {
        try await ready()
        let rows = try await client.query(query, logger: logger)
        var any = false
        for try await _ in rows { any = true }
        return any
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
            id: try row["id"].decode(String.self), owner: try row["owner"].decode(String.self), order: order,
            trip: row.contains("trip") ? Array(buffer: try row["trip"].decode(ByteBuffer.self)) : [],
            sealedPasswords: row.contains("sealed_passwords")
                ? try row["sealed_passwords"].decode(ByteBuffer?.self).map { Array(buffer: $0) } : nil,
            callback: try row["callback"].decode(String?.self), created: try row["created"].decode(Date.self),
            expires: try row["expires"].decode(Date.self))
        job.status = JobStatus(rawValue: try row["status"].decode(String.self)) ?? .failed
        job.updated = try row["updated"].decode(Date.self)
        job.attempts = try row["attempts"].decode(Int.self)
        job.lastError = try row["last_error"].decode(String?.self)
        job.nextAttempt = try row["next_attempt"].decode(Date?.self)
        job.leaseUntil = try row["lease_until"].decode(Date?.self)
        job.deliveredAt = try row["delivered_at"].decode(Date?.self)
        if let header = try row["result_header"].decode(ByteBuffer?.self) {
            let stored = try JSONDecoder().decode(StoredResult.self, from: Data(buffer: header))
            if let document = stored.document {
                job.result = .document(document, mediaType: stored.mediaType ?? "")
            } else if let problem = stored.problem {
                job.result = .problem(ServiceProblem(problem))
            }
        }
        if row.contains("document") {
            job.document = try row["document"].decode(ByteBuffer?.self).map { Array(buffer: $0) }
        }
        return job
    }
}

/// The job store cannot be used, in one sentence.
public struct JobStoreProblem: Error, Sendable {
    public let sentence: String
}
