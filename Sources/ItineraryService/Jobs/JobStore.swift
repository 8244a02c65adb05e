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
    /// Waits until new work may be there, or `timeout` passes.
    func waitForWork(timeout: Duration) async
    /// Whether the store answers (for `/health`).
    func reachable() async -> Bool
    /// What the store does in the background while the service runs (connections, notifications).
    func run() async
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
final class MemoryJobStore: JobStore {
    /// Unfinished jobs (queued, rendering, delivering) it takes before refusing with 429.
    static let unfinishedLimit = 10_000

    private struct State {
        var jobs: [String: JobRecord] = [:]
        var order: [String] = []
        var keys: [String: (id: String, fingerprint: String)] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func submit(_ job: JobRecord, idempotency: (key: String, fingerprint: String)?) async -> JobSubmission {
        let (submission, waiters) = state.withLock { state -> (JobSubmission, [CheckedContinuation<Void, Never>]) in
            Self.sweep(&state, now: Date())
            if let idempotency, let first = state.keys[idempotency.key] {
                guard first.fingerprint == idempotency.fingerprint else { return (.conflicting, []) }
                if let job = state.jobs[first.id] { return (.repeated(job), []) }
            }
            let unfinished = state.jobs.values.count { [.queued, .rendering, .delivering].contains($0.status) }
            guard unfinished < Self.unfinishedLimit else { return (.full, []) }
            state.jobs[job.id] = job
            state.order.append(job.id)
            if let idempotency { state.keys[idempotency.key] = (job.id, idempotency.fingerprint) }
            defer { state.waiters = [] }
            return (.created(job), state.waiters)
        }
        for waiter in waiters { waiter.resume() }
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
            let now = Date(), leaseUntil = now.addingTimeInterval(lease)
            for id in state.order {
                guard var job = state.jobs[id] else { continue }
                let free = job.status == .queued || (job.status == .rendering && (job.leaseUntil ?? now) < now)
                guard free else { continue }
                job.status = .rendering
                job.leaseUntil = leaseUntil
                job.updated = now
                state.jobs[id] = job
                return job
            }
            return nil
        }
    }

    func requeue(_ id: String) async {
        update(id) { job in
            job.status = .queued
            job.leaseUntil = nil
        }
    }

    func rendered(_ id: String, result: JobResult) async {
        update(id) { job in
            job.result = result
            job.leaseUntil = nil
            if job.callback != nil {
                job.status = .delivering
                job.nextAttempt = Date()
            } else if case .problem(let problem) = result {
                job.status = .failed
                job.lastError = problem.detail
            } else {
                job.status = .delivered
            }
            if case .problem(let problem) = result { job.lastError = problem.detail }
        }
    }

    func claimDelivery(lease: Double) async -> JobRecord? {
        state.withLock { state in
            let now = Date(), leaseUntil = now.addingTimeInterval(lease)
            for id in state.order {
                guard var job = state.jobs[id], job.status == .delivering, (job.nextAttempt ?? now) <= now,
                    (job.leaseUntil ?? now) <= now
                else { continue }
                job.leaseUntil = leaseUntil
                state.jobs[id] = job
                return job
            }
            return nil
        }
    }

    func attempted(_ id: String, outcome: DeliveryOutcome) async {
        update(id) { job in
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
        }
    }

    func expire() async {
        state.withLock { Self.sweep(&$0, now: Date()) }
    }

    func counts() async -> [JobStatus: Int] {
        state.withLock { state in
            var counts: [JobStatus: Int] = [:]
            for job in state.jobs.values { counts[job.status, default: 0] += 1 }
            return counts
        }
    }

    func waitForWork(timeout: Duration) async {
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.wakeAll()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            state.withLock { $0.waiters.append(continuation) }
        }
    }

    func reachable() async -> Bool { true }

    func run() async {}

    private func wakeAll() {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func update(_ id: String, _ change: (inout JobRecord) -> Void) {
        state.withLock { state in
            guard var job = state.jobs[id] else { return }
            change(&job)
            job.updated = Date()
            state.jobs[id] = job
            // Finished jobs are only looked up by id from now on, not scanned for work.
            if job.status == .delivered || job.status == .failed { state.order.removeAll { $0 == id } }
        }
        wakeAll()
    }

    private static func sweep(_ state: inout State, now: Date) {
        let expired = state.jobs.values.filter { $0.expires <= now }.map(\.id)
        guard !expired.isEmpty else { return }
        for id in expired { state.jobs[id] = nil }
        let gone = Set(expired)
        state.order.removeAll { gone.contains($0) }
        state.keys = state.keys.filter { !gone.contains($0.value.id) }
    }
}
