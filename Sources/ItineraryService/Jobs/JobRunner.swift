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
            let claimed: JobRecord?
            do { claimed = try await store.claimRender(lease: settings.jobLease) } catch {
                logger.error("cannot claim a job", metadata: ["error": .string(String(reflecting: error))])
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            guard let job = claimed else {
                await store.waitForWork(.render, timeout: .seconds(1))
                continue
            }
            busy.add(1, ordering: .relaxed)
            await render(job)
            busy.subtract(1, ordering: .relaxed)
        }
    }

    private func render(_ job: JobRecord) async {
        let start = ContinuousClock.now
        let deadline = start + .seconds(settings.timeout)
        let (order, trip, drawing) = (job.order, job.trip, self.drawing)
        let outcome = await gate.run(until: deadline) { drawing.draw(order, trip: trip, until: deadline) }
        let result: JobResult
        switch outcome {
        case .success(.success(let document)):
            let format = (try? order.request(themes: settings.themes).document) ?? .pdf
            result = .document(document, mediaType: format.mediaType)
        case .success(.failure(let problem)):
            result = .problem(problem)
        case .failure(.timedOut):
            result = .problem(.refused(.timedOut, timeout: settings.timeout))
        case .failure:
            // Every worker busy, or the service stopping: the job waits for another turn or replica.
            try? await store.requeue(job.id)
            try? await Task.sleep(for: .milliseconds(200))
            return
        }
        do {
            try await store.rendered(job.id, result: result)
        } catch {
            logger.error(
                "cannot keep a rendered job",
                metadata: ["job": .string(job.id), "error": .string(String(reflecting: error))])
        }
        metrics.job(rendered: result, duration: ContinuousClock.now - start)
    }

    private func deliveryLoop() async {
        while !Task.isCancelled {
            let claimed: JobRecord?
            do { claimed = try await store.claimDelivery(lease: settings.jobLease) } catch {
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            guard let job = claimed else {
                await store.waitForWork(.delivery, timeout: .seconds(1))
                continue
            }
            busy.add(1, ordering: .relaxed)
            let start = ContinuousClock.now
            let outcome = await sender.deliver(job)
            metrics.delivery(outcome, duration: ContinuousClock.now - start, created: job.created)
            if case .failed(let error) = outcome {
                logger.warning("a job's callback failed", metadata: ["job": .string(job.id), "error": .string(error)])
            }
            do { try await store.attempted(job.id, outcome: outcome) } catch {
                logger.error(
                    "cannot keep a delivery attempt",
                    metadata: ["job": .string(job.id), "error": .string(String(reflecting: error))])
            }
            busy.subtract(1, ordering: .relaxed)
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
