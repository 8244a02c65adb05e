import Foundation
import Synchronization

/// Where jobs are kept: in this process (`MemoryJobStore`), or in PostgreSQL
/// so that every replica sees every job. Workers claim a job with a lease; a
/// job whose lease ran out (its replica died) is claimed again.
protocol JobStore: Sendable {
    /// Keeps a new job; for an Idempotency-Key already used with the same request, the first job instead.
    func submit(_ job: JobRecord, idempotency: (key: String, fingerprint: String)?) async throws -> JobSubmission
    /// The job, unless unknown or expired.
    func job(_ id: String) async throws -> JobRecord?
    /// A queued job, or a claimed one whose lease ran out, now `rendering` and leased for `lease` seconds.
    func claimRender(lease: Double) async throws -> JobRecord?
    /// A job back in the queue (its worker could not take it after all).
    func requeue(_ id: String) async throws
    /// What its render left. A job with a callback is then `delivering`, due now; one without, done.
    func rendered(_ id: String, result: JobResult) async throws
    /// A `delivering` job that is due and not leased, leased for `lease` seconds.
    func claimDelivery(lease: Double) async throws -> JobRecord?
    /// The outcome of one delivery attempt.
    func attempted(_ id: String, outcome: DeliveryOutcome) async throws
    /// Forgets jobs past their expiry.
    func expire() async throws
    /// How many jobs there are in each status.
    func counts() async throws -> [JobStatus: Int]
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
        var keys: [String: (id: String, fingerprint: String)] = [:]

        var unfinished: Int { queue.count - queueStart + rendering.count + delivering.count }
    }

    private let state = Mutex(State())
    private let waiters = WorkWaiters()

    func submit(_ job: JobRecord, idempotency: (key: String, fingerprint: String)?) async -> JobSubmission {
        let submission: JobSubmission = state.withLock { state in
            if let idempotency, let first = state.keys[idempotency.key] {
                guard first.fingerprint == idempotency.fingerprint else { return .conflicting }
                if let job = state.jobs[first.id], job.expires > Date() { return .repeated(job) }
            }
            guard state.unfinished < Self.unfinishedLimit else { return .full }
            state.jobs[job.id] = job
            state.queue.append(job.id)
            if let idempotency { state.keys[idempotency.key] = (job.id, idempotency.fingerprint) }
            return .created(job)
        }
        if case .created = submission { wakeOne(.render) }
        return submission
    }

    func job(_ id: String) async -> JobRecord? {
        state.withLock { state in
            guard let job = state.jobs[id], job.expires > Date() else { return nil }
            return job
        }
    }

    func claimRender(lease: Double) async -> JobRecord? {
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
                job.status = .rendering
                job.leaseUntil = now.addingTimeInterval(lease)
                job.updated = now
                state.jobs[id] = job
                state.rendering.insert(id)
                return job
            }
            return nil
        }
    }

    func requeue(_ id: String) async {
        update(id) { job, state in
            job.status = .queued
            job.leaseUntil = nil
            state.rendering.remove(id)
            state.queue.append(id)
        }
        wakeOne(.render)
    }

    func rendered(_ id: String, result: JobResult) async {
        update(id) { job, state in
            state.rendering.remove(id)
            job.result = result
            job.leaseUntil = nil
            if case .problem(let problem) = result { job.lastError = problem.detail }
            if job.callback != nil {
                job.status = .delivering
                job.nextAttempt = Date()
                state.delivering.insert(id)
            } else if case .problem = result {
                job.status = .failed
            } else {
                job.status = .delivered
            }
        }
        wakeOne(.delivery)
    }

    func claimDelivery(lease: Double) async -> JobRecord? {
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
            job.leaseUntil = now.addingTimeInterval(lease)
            state.jobs[job.id] = job
            return job
        }
    }

    func attempted(_ id: String, outcome: DeliveryOutcome) async {
        update(id) { job, state in
            job.attempts += 1
            job.leaseUntil = nil
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
            let expired = state.jobs.values.filter { $0.expires <= now }.map(\.id)
            guard !expired.isEmpty else { return }
            for id in expired {
                state.jobs[id] = nil
                state.rendering.remove(id)
                state.delivering.remove(id)
            }
            let gone = Set(expired)
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

    func waitForWork(_ kind: JobWork, timeout: Duration) async {
        await waiters.wait(kind, timeout: timeout)
    }

    func reachable() async -> Bool { true }

    func run() async {}

    private func wakeOne(_ kind: JobWork) { waiters.wakeOne(kind) }

    private func update(_ id: String, _ change: (inout JobRecord, inout State) -> Void) {
        state.withLock { state in
            guard var job = state.jobs[id] else { return }
            change(&job, &state)
            job.updated = Date()
            state.jobs[id] = job
        }
    }
}
