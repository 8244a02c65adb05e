import Foundation
import Synchronization

/// Where jobs are kept: in this process (`MemoryJobStore`), or in PostgreSQL
/// so that every replica sees every job. Workers claim a job with a lease; a
/// job whose lease ran out (its replica died) is claimed again.
protocol JobStore: Sendable {
    /// Keeps a new job, unless the jobs kept would then hold more than `storageLimit` bytes; for an
    /// Idempotency-Key its owner already used with the same request, the first job instead.
    func submit(
        _ job: JobRecord, idempotency: (key: String, fingerprint: String)?, storageLimit: Int
    ) async throws -> JobSubmission
    /// The job, without its trip or its document's bytes, unless unknown, expired or another owner's.
    func job(_ id: String, owner: String) async throws -> JobRecord?
    /// The job with its document's bytes, unless unknown, expired or another owner's.
    func jobWithDocument(_ id: String, owner: String) async throws -> JobRecord?
    /// A queued job, or a claimed one whose lease ran out, now `rendering` and leased for `lease` seconds.
    func claimRender(lease: Double) async throws -> ClaimedJob?
    /// The lease extended by `lease` seconds from now; false when the claim no longer holds it.
    func renew(_ id: String, token: String, lease: Double) async throws -> Bool
    /// A job back in the queue (its worker could not take it after all).
    func requeue(_ id: String, token: String) async throws
    /// What its render left, the trip dropped: a job with a callback is then `delivering`, due now; one
    /// without, done. A document that would take the jobs kept past `storageLimit` is not kept: the job
    /// fails. False when the claim no longer holds the lease (nothing written).
    func rendered(
        _ id: String, token: String, result: JobResult, document: [UInt8]?, storageLimit: Int
    ) async throws -> Bool
    /// A `delivering` job that is due and not leased, with its document, leased for `lease` seconds.
    func claimDelivery(lease: Double) async throws -> ClaimedJob?
    /// The outcome of one delivery attempt; false when the claim no longer holds the lease.
    func attempted(_ id: String, token: String, outcome: DeliveryOutcome) async throws -> Bool
    /// Forgets jobs past their expiry.
    func expire() async throws
    /// How many jobs there are in each status.
    func counts() async throws -> [JobStatus: Int]
    /// The bytes the unexpired jobs hold (their trips and documents).
    func storedBytes() async throws -> Int
    /// Waits until new work of a kind may be there, or `timeout` passes.
    func waitForWork(_ kind: JobWork, timeout: Duration) async
    /// Whether the store answers (for `/health`).
    func reachable() async -> Bool
    /// What the store does in the background while the service runs (connections, notifications).
    func run() async
}

/// What a worker loop waits for.
enum JobWork: String, Sendable {
    /// A job to draw.
    case render
    /// A callback to call.
    case delivery
}

enum JobSubmission: Sendable {
    case created(JobRecord)
    /// The same Idempotency-Key and the same request: the first job.
    case repeated(JobRecord)
    /// The same Idempotency-Key with another request.
    case conflicting
    /// The store holds as many unfinished jobs as it takes.
    case full
    /// The jobs kept hold as many bytes as `--max-job-storage` allows.
    case storageFull
}

/// What one attempt at a callback did.
enum DeliveryOutcome: Sendable {
    case delivered(at: Date)
    /// To be tried again at `at`; `error` says why not this time.
    case retry(error: String, at: Date)
    /// Not to be tried again.
    case failed(error: String)
}

/// Jobs in this process: lost when it stops (docs/service.md says so).
/// Work is found without scanning every job: queued ids in order, the ids
/// being delivered apart, and one idle loop woken per new piece of work.
final class MemoryJobStore: JobStore {
    /// Unfinished jobs (queued, rendering, delivering) it takes before refusing with 429.
    static let unfinishedLimit = 10_000

    private struct State {
        var jobs: [String: JobRecord] = [:]
        /// Queued ids, oldest first (some may have been claimed or expired since).
        var queue: [String] = []
        var queueStart = 0
        var rendering: Set<String> = []
        var delivering: Set<String> = []
        /// Idempotency keys by owner and key.
        var keys: [String: (id: String, fingerprint: String)] = [:]
        /// The bytes the jobs hold.
        var stored = 0

        var unfinished: Int { queue.count - queueStart + rendering.count + delivering.count }
    }

    private let state = Mutex(State())
    private let waiters = WorkWaiters()

    func submit(
        _ job: JobRecord, idempotency: (key: String, fingerprint: String)?, storageLimit: Int
    ) async -> JobSubmission {
        let submission: JobSubmission = state.withLock { state in
            let key = idempotency.map { job.owner + "\n" + $0.key }
            if let idempotency, let key, let first = state.keys[key] {
                guard first.fingerprint == idempotency.fingerprint else { return .conflicting }
                if let job = state.jobs[first.id], job.expires > Date() { return .repeated(Self.withoutBytes(job)) }
            }
            guard state.unfinished < Self.unfinishedLimit else { return .full }
            guard state.stored + job.storedBytes <= storageLimit else { return .storageFull }
            state.jobs[job.id] = job
            state.stored += job.storedBytes
            state.queue.append(job.id)
            if let idempotency, let key { state.keys[key] = (job.id, idempotency.fingerprint) }
            return .created(Self.withoutBytes(job))
        }
        if case .created = submission { wakeOne(.render) }
        return submission
    }

    func job(_ id: String, owner: String) async -> JobRecord? {
        await jobWithDocument(id, owner: owner).map(Self.withoutBytes)
    }

    func jobWithDocument(_ id: String, owner: String) async -> JobRecord? {
        state.withLock { state in
            guard let job = state.jobs[id], job.owner == owner, job.expires > Date() else { return nil }
            return job
        }
    }

    /// What a status poll sees: neither the trip nor the document.
    private static func withoutBytes(_ job: JobRecord) -> JobRecord {
        var job = job
        job.trip = []
        job.document = nil
        return job
    }

    func claimRender(lease: Double) async -> ClaimedJob? {
        state.withLock { state in
            let now = Date()
            while state.queueStart < state.queue.count {
                let id = state.queue[state.queueStart]
                state.queueStart += 1
                if state.queueStart > 1024, state.queueStart * 2 > state.queue.count {
                    state.queue.removeFirst(state.queueStart)
                    state.queueStart = 0
                }
                guard var job = state.jobs[id], job.status == .queued, job.expires > now else { continue }
                let token = UUID().uuidString
                job.status = .rendering
                job.leaseUntil = now.addingTimeInterval(lease)
                job.leaseToken = token
                job.updated = now
                state.jobs[id] = job
                state.rendering.insert(id)
                return ClaimedJob(job: job, token: token)
            }
            return nil
        }
    }

    func renew(_ id: String, token: String, lease: Double) async -> Bool {
        update(id, token: token) { job, _ in job.leaseUntil = Date().addingTimeInterval(lease) }
    }

    func requeue(_ id: String, token: String) async {
        let done = update(id, token: token) { job, state in
            job.status = .queued
            job.leaseUntil = nil
            job.leaseToken = nil
            state.rendering.remove(id)
            state.queue.append(id)
        }
        if done { wakeOne(.render) }
    }

    func rendered(
        _ id: String, token: String, result: JobResult, document: [UInt8]?, storageLimit: Int
    ) async -> Bool {
        let done = update(id, token: token) { job, state in
            state.rendering.remove(id)
            state.stored -= job.storedBytes
            job.trip = []
            job.sealedPasswords = nil
            job.leaseUntil = nil
            job.leaseToken = nil
            if let document, state.stored + document.count > storageLimit {
                job.result = .problem(.storageFull)
                job.document = nil
            } else {
                job.result = result
                job.document = document
            }
            state.stored += job.storedBytes
            if case .problem(let problem) = job.result { job.lastError = problem.detail }
            if job.callback != nil {
                job.status = .delivering
                job.nextAttempt = Date()
                state.delivering.insert(id)
            } else if case .problem = job.result {
                job.status = .failed
            } else {
                job.status = .delivered
            }
        }
        if done { wakeOne(.delivery) }
        return done
    }

    func claimDelivery(lease: Double) async -> ClaimedJob? {
        state.withLock { state in
            let now = Date()
            var due: JobRecord?
            for id in state.delivering {
                guard let job = state.jobs[id], (job.nextAttempt ?? now) <= now, (job.leaseUntil ?? now) <= now,
                    due.map({ (job.nextAttempt ?? now) < ($0.nextAttempt ?? now) }) ?? true
                else { continue }
                due = job
            }
            guard var job = due else { return nil }
            let token = UUID().uuidString
            job.leaseUntil = now.addingTimeInterval(lease)
            job.leaseToken = token
            state.jobs[job.id] = job
            return ClaimedJob(job: job, token: token)
        }
    }

    func attempted(_ id: String, token: String, outcome: DeliveryOutcome) async -> Bool {
        update(id, token: token) { job, state in
            job.attempts += 1
            job.leaseUntil = nil
            job.leaseToken = nil
            switch outcome {
            case .delivered(let at):
                job.deliveredAt = at
                // A failure event delivered: the job itself failed.
                if case .problem = job.result { job.status = .failed } else { job.status = .delivered }
            case .retry(let error, let at):
                job.lastError = error
                job.nextAttempt = at
            case .failed(let error):
                job.status = .failed
                job.lastError = error
            }
            if job.status != .delivering { state.delivering.remove(id) }
        }
    }

    func expire() async {
        state.withLock { state in
            let now = Date()
            let expired = state.jobs.values.filter { $0.expires <= now }
            guard !expired.isEmpty else { return }
            for job in expired {
                state.jobs[job.id] = nil
                state.stored -= job.storedBytes
                state.rendering.remove(job.id)
                state.delivering.remove(job.id)
            }
            let gone = Set(expired.map(\.id))
            state.keys = state.keys.filter { !gone.contains($0.value.id) }
        }
    }

    func counts() async -> [JobStatus: Int] {
        state.withLock { state in
            var counts: [JobStatus: Int] = [:]
            for job in state.jobs.values { counts[job.status, default: 0] += 1 }
            return counts
        }
    }

    func storedBytes() async -> Int { state.withLock { $0.stored } }

    func waitForWork(_ kind: JobWork, timeout: Duration) async {
        await waiters.wait(kind, timeout: timeout)
    }

    func reachable() async -> Bool { true }

    func run() async {}

    private func wakeOne(_ kind: JobWork) { waiters.wakeOne(kind) }

    /// Changes a job whose lease `token` still holds; false (nothing changed) when another claim took it.
    private func update(_ id: String, token: String, _ change: (inout JobRecord, inout State) -> Void) -> Bool {
        state.withLock { state in
            guard var job = state.jobs[id], job.leaseToken == token else { return false }
            change(&job, &state)
            job.updated = Date()
            state.jobs[id] = job
            return true
        }
    }
}
