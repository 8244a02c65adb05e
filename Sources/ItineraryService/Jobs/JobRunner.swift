import Foundation
import ItineraryKit
import Logging
import Synchronization

/// The workers of queued renders: twice as many render loops as the service
/// has workers (sharing them with `POST /v1/render` through the gate), a few
/// delivery loops, and the sweeping of expired jobs. Each loop claims a job
/// from the store with a lease, so loops of every replica share one store.
final class JobRunner: Sendable {
    let store: any JobStore
    let sender: WebhookSender
    /// Seals the passwords of jobs and fingerprints their Idempotency-Keys.
    let secrets: JobSecrets
    /// Submissions being received at once.
    let intake: JobIntake
    let settings: ServiceSettings
    private let gate: RenderGate
    private let drawing: Drawing
    private let metrics: ServiceMetrics
    private let logger: Logger
    private let draining = Atomic<Bool>(false)
    /// Renders and deliveries under way in this process.
    private let busy = Atomic<Int>(0)

    /// Deliveries at once: they wait on the network, not on a core.
    static let deliveryLoops = 4
    /// At most this many wake-ups are kept for loops that are busy (more loops than this never wait).
    static let loopLimit = 64

    init(
        store: any JobStore, sender: WebhookSender, settings: ServiceSettings, gate: RenderGate, drawing: Drawing,
        metrics: ServiceMetrics, logger: Logger
    ) {
        self.store = store
        self.sender = sender
        secrets = JobSecrets(webhookSecret: sender.secret)
        intake = JobIntake(limit: settings.workers + settings.queue)
        self.settings = settings
        self.gate = gate
        self.drawing = drawing
        self.metrics = metrics
        self.logger = logger
    }
    var isBusy: Bool { busy.load(ordering: .relaxed) > 0 }

    /// No new renders from now on; deliveries go on while the process lives.
    func drain() { draining.store(true, ordering: .relaxed) }

    /// Runs until cancelled.
    func run() async {
        defer { Task { await self.sender.clients.shutdown() } }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.store.run() }
            // Twice the workers: while one loop talks to the store, another's render keeps the worker busy
            // (the gate still draws at most `workers` at once).
            for _ in 0..<(2 * settings.workers) { group.addTask { await self.renderLoop() } }
            for _ in 0..<Self.deliveryLoops { group.addTask { await self.deliveryLoop() } }
            group.addTask { await self.expiryLoop() }
        }
    }

    private func renderLoop() async {
        while !Task.isCancelled {
            guard !draining.load(ordering: .relaxed) else {
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            let claimed: ClaimedJob?
            do { claimed = try await store.claimRender(lease: settings.jobLease) } catch {
                logger.error("cannot claim a job", metadata: ["error": .string(String(reflecting: error))])
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            guard let claimed else {
                await store.waitForWork(.render, timeout: .seconds(1))
                continue
            }
            busy.add(1, ordering: .relaxed)
            await holdingLease(claimed) { await self.render(claimed) }
            busy.subtract(1, ordering: .relaxed)
        }
    }

    /// Runs `work` while renewing the claim's lease every third of it, so a slow render or callback is not
    /// taken over by another worker; a lease lost anyway (the database unreachable for a whole lease) is
    /// logged, and the job's state is then written by the claim that holds it, not by this one.
    private func holdingLease(_ claimed: ClaimedJob, _ work: @escaping @Sendable () async -> Void) async {
        let (store, lease, logger) = (self.store, settings.jobLease, self.logger)
        let renewal = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(lease / 3))
                if Task.isCancelled { return }
                let held = (try? await store.renew(claimed.job.id, token: claimed.token, lease: lease)) ?? true
                if !held {
                    logger.warning(
                        "a job's lease was taken over; this worker's result will not be kept",
                        metadata: ["job": .string(claimed.job.id)])
                    return
                }
            }
        }
        await work()
        renewal.cancel()
    }

    private func render(_ claimed: ClaimedJob) async {
        let job = claimed.job
        let start = ContinuousClock.now
        let order: RenderOrder
        do throws(JobSecretProblem) { order = try secrets.open(job) } catch {
            return await keep(claimed, .problem(.renderFailed(error.sentence)), document: nil, since: start)
        }
        let (trip, drawing) = (job.trip, self.drawing)
        // However busy the workers are, the job waits its turn; only its drawing has `--timeout`.
        let outcome = await gate.runWhenFree(timeout: .seconds(settings.timeout)) { deadline in
            drawing.draw(order, trip: trip, until: deadline)
        }
        switch outcome {
        case .success(.success(let document)):
            let format = (try? order.request(themes: settings.themes).format) ?? .pdf
            await keep(
                claimed, .document(document.header, mediaType: format.mediaType), document: document.bytes,
                since: start)
        case .success(.failure(let problem)):
            await keep(claimed, .problem(problem), document: nil, since: start)
        case .failure(.timedOut):
            await keep(claimed, .problem(.refused(.timedOut, timeout: settings.timeout)), document: nil, since: start)
        case .failure:
            // The queue full, or the service stopping: the job waits for another turn or replica.
            try? await store.requeue(job.id, token: claimed.token)
            try? await Task.sleep(for: .milliseconds(200))
        }
    }

    private func keep(
        _ claimed: ClaimedJob, _ result: JobResult, document: [UInt8]?, since start: ContinuousClock.Instant
    )
        async
    {
        do {
            let kept = try await store.rendered(
                claimed.job.id, token: claimed.token, result: result, document: document,
                storageLimit: settings.maxJobStorage)
            if !kept {
                logger.warning(
                    "a rendered job's lease was taken over; its result is not kept",
                    metadata: ["job": .string(claimed.job.id)])
            }
        } catch {
            logger.error(
                "cannot keep a rendered job",
                metadata: ["job": .string(claimed.job.id), "error": .string(String(reflecting: error))])
        }
        metrics.job(rendered: result, duration: ContinuousClock.now - start)
    }

    private func deliveryLoop() async {
        while !Task.isCancelled {
            let claimed: ClaimedJob?
            do { claimed = try await store.claimDelivery(lease: settings.jobLease) } catch {
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            guard let claimed else {
                await store.waitForWork(.delivery, timeout: .seconds(1))
                continue
            }
            busy.add(1, ordering: .relaxed)
            await holdingLease(claimed) { await self.deliver(claimed) }
            busy.subtract(1, ordering: .relaxed)
        }
    }

    private func deliver(_ claimed: ClaimedJob) async {
        let job = claimed.job
        let start = ContinuousClock.now
        let outcome = await sender.deliver(job)
        metrics.delivery(outcome, duration: ContinuousClock.now - start, created: job.created)
        if case .failed(let error) = outcome {
            logger.warning("a job's callback failed", metadata: ["job": .string(job.id), "error": .string(error)])
        }
        do {
            if !(try await store.attempted(job.id, token: claimed.token, outcome: outcome)) {
                logger.warning(
                    "a delivered job's lease was taken over; this attempt is not recorded",
                    metadata: ["job": .string(job.id)])
            }
        } catch {
            logger.error(
                "cannot keep a delivery attempt",
                metadata: ["job": .string(job.id), "error": .string(String(reflecting: error))])
        }
    }

    private func expiryLoop() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(min(60, max(1, settings.jobExpiry / 10))))
            try? await store.expire()
        }
    }

    /// Jobs not yet delivered or failed.
    func unfinished() async -> Int {
        let counts = (try? await store.counts()) ?? [:]
        return (counts[.queued] ?? 0) + (counts[.rendering] ?? 0) + (counts[.delivering] ?? 0)
    }
}

/// Job submissions whose bodies are being received: bounded apart from the renders' gate, so that a flood
/// of `/v1/render` never turns a submission away (issue #50), while the memory bodies take stays bounded.
final class JobIntake: Sendable {
    let limit: Int
    private let receiving = Mutex(0)

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func start() -> Bool {
        receiving.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func done() {
        receiving.withLock { $0 -= 1 }
    }
}
