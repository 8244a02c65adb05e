import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// `itinerary serve`: renders itineraries over HTTP, one document per worker
/// at a time, stateless, so any number of replicas can stand behind a load
/// balancer.
///
/// ```swift
/// let service = RenderService(settings: ServiceSettings(), logger: logger)
/// try await service.run()   // until SIGTERM or SIGINT
/// ```
public struct RenderService: Sendable {
    public let settings: ServiceSettings
    let logger: Logger
    let gate: RenderGate
    let metrics: ServiceMetrics
    let status: ServiceStatus
    /// Where feeds fetch trips; nil when feeds are off.
    let source: TripSource?
    /// Where documents are drawn.
    let drawing: Drawing
    /// Queued renders and their callbacks; nil without `webhookSecret`.
    let jobs: JobRunner?
    /// The keys callers must show; nil: none asked for.
    let keys: ApiKeys?

    /// A service as its settings say; a `--jobs` URL that cannot be used is one sentence.
    public init(settings: ServiceSettings, logger: Logger) throws(JobStoreProblem) {
        let store = try settings.jobsDatabase.map { url throws(JobStoreProblem) -> any JobStore in
            try PostgresJobStore(url: url, logger: logger)
        }
        self.init(settings: settings, logger: logger, store: store)
    }

    /// A service whose jobs are kept in `store`: in this process when nil. Without a webhook secret, no jobs.
    init(settings: ServiceSettings, logger: Logger, store: (any JobStore)?) {
        self.settings = settings
        self.logger = logger
        keys = settings.apiKeys.map { ApiKeys(path: settings.apiKeysPath ?? "", file: $0) }
        metrics = ServiceMetrics()
        source =
            settings.feedSecret == nil
            ? nil
            : settings.tripSource.map {
                TripSource(template: $0, timeout: settings.sourceTimeout, maxBytes: settings.maxBody)
            }
        gate = RenderGate(workers: settings.workers, queue: settings.queue)
        status = ServiceStatus()
        let drawing = Drawing(
            themes: settings.themes, pool: settings.renderCommand.flatMap { Drawing.pool($0, settings, logger) },
            timeout: settings.timeout,
            identities: RenderOrder.Identities(passIdentity: settings.passIdentity, signing: settings.signing))
        self.drawing = drawing
        if let secret = settings.webhookSecret {
            let sender = WebhookSender(
                secret: secret, policy: CallbackPolicy(allowed: Set(settings.callbackAllow.map { $0.lowercased() })),
                schedule: DeliverySchedule(attempts: settings.deliveryAttempts, backoff: settings.deliveryBackoff),
                timeout: .milliseconds(Int64(settings.deliveryTimeout * 1000)))
            jobs = JobRunner(
                store: store ?? MemoryJobStore(), sender: sender, settings: settings, gate: gate, drawing: drawing,
                metrics: metrics, logger: logger)
        } else {
            jobs = nil
        }
    }

    /// Serves until SIGTERM or SIGINT, then drains: new work is refused, work
    /// in flight finishes within `settings.grace`.
    public func run() async throws {
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: application()),
                // Before the lifecycle: it stops only once the drain is over.
                .init(service: JobService(runner: jobs)),
                .init(service: KeyReloading(keys: keys, logger: logger)),
                // Last, so it hears of the shutdown first and refuses new work before the server stops accepting.
                .init(service: Lifecycle(service: self)),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        // The drain waits `grace`; the server then closes its connections. Past both,
        // requests still waiting are cancelled and answered 503 (renders cannot be
        // stopped, so nothing waits for them).
        configuration.maximumGracefulShutdownDuration = .seconds(settings.grace + 5)
        configuration.maximumCancellationDuration = .seconds(5)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch  where gate.isDraining {
            // SIGTERM came and the grace period ran out: what was cut short was answered 503.
            let load = gate.load
            logger.warning(
                "stopped with work unfinished: the grace period is over",
                metadata: [
                    "in_flight": .stringConvertible(load.running), "queued": .stringConvertible(load.waiting),
                    "error": .string("\(error)"),
                ])
            return
        }
        if gate.load.running > 0 {
            logger.warning("stopped with renders still running: the grace period is over")
            return
        }
        try await gate.shutdown()
        await drawing.pool?.shutdown()
        await source?.shutdown()
        logger.info("stopped")
    }

    /// The Hummingbird application: routes, middleware, server settings.
    package func application(
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(context: ServiceRequestContext.self)
        router.add(middleware: RequestLog(service: self))
        let routes = Routes(service: self)
        router.post(ServiceRoute.render.routerPath) { request, context in
            try await routes.render(request, context: context)
        }
        router.post(ServiceRoute.validate.routerPath) { request, context in
            try await routes.validate(request, context: context)
        }
        router.get(ServiceRoute.themes.routerPath) { request, context in routes.themes() }
        router.get(ServiceRoute.health.routerPath) { request, context in await routes.health() }
        router.get(ServiceRoute.ready.routerPath) { request, context in try await routes.ready() }
        router.get(ServiceRoute.metrics.routerPath) { request, context in await routes.metrics() }
        router.post(ServiceRoute.jobs.routerPath) { request, context in
            try await routes.submitJob(request, context: context)
        }
        router.get(ServiceRoute.job.routerPath) { request, context in
            try await routes.jobStatus(request, context: context)
        }
        router.get(ServiceRoute.jobDocument.routerPath) { request, context in
            try await routes.jobDocument(request, context: context)
        }
        router.get(ServiceRoute.openAPI.routerPath) { request, context in routes.openAPI() }
        if source != nil {
            router.get(ServiceRoute.feed.routerPath) { request, context in
                try await routes.feed(request, context: context)
            }
            router.head(ServiceRoute.feed.routerPath) { request, context in
                try await routes.feed(request, context: context)
            }
        }
        let logger = self.logger
        return Application(
            router: router,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [CloseAfterResponse()], idleTimeout: .seconds(75))),
            configuration: .init(
                address: .hostname(settings.host, port: settings.port), serverName: "itinerary/\(CheckedTrip.version)"),
            onServerRunning: { channel in
                let address = channel.localAddress
                logger.info(
                    "listening",
                    metadata: [
                        "host": .string(address?.ipAddress ?? settings.host),
                        "port": .stringConvertible(address?.port ?? settings.port),
                        "workers": .stringConvertible(settings.workers), "queue": .stringConvertible(settings.queue),
                    ])
                await onServerRunning(channel)
            },
            logger: logger
        )
    }

    /// Fonts loaded and the renderer working: one render of the built-in sample
    /// (on each render process, when there are some).
    func warmUp() async {
        let deadline = ContinuousClock.now + .seconds(60)
        let (workers, drawing) = (settings.workers, drawing)
        let result = await gate.run(until: deadline) { drawing.warmUp(workers: workers, until: deadline) }
        switch result {
        case .success(nil):
            status.markReady()
        case .success(let failure?):
            logger.error("cannot render the sample trip; not ready", metadata: ["error": .string(failure)])
        case .failure(let refusal):
            // Stopping before it was ready (SIGTERM, or a port it could not take) is said where
            // it happens, not as a failed warm-up.
            guard refusal != .draining, !Task.isCancelled else { return }
            logger.error("cannot render the sample trip; not ready", metadata: ["error": .string("\(refusal)")])
        }
    }
}

/// Ready once the warm-up render succeeded, until the service drains.
final class ServiceStatus: Sendable {
    private let ready = Atomic<Bool>(false)

    func markReady() { ready.store(true, ordering: .releasing) }
    var isReady: Bool { ready.load(ordering: .acquiring) }
}

/// Warms up, then waits for SIGTERM. From then on `/ready` and every new
/// request get 503 (a load balancer takes them elsewhere) while the server
/// still listens; once the work that came before is done, or the grace period
/// is over, the server stops accepting and closes.
struct Lifecycle: Service {
    let service: RenderService

    func run() async throws {
        // SIGTERM during the warm-up drains at once.
        let warmUp = Task { await service.warmUp() }
        defer { warmUp.cancel() }
        do {
            try await gracefulShutdown()
        } catch {
            // Cancelled: the group stops for another reason (the server could not start).
            return
        }
        service.gate.drain()
        service.jobs?.drain()
        let load = service.gate.load
        service.logger.info(
            "draining",
            metadata: [
                "in_flight": .stringConvertible(load.running), "queued": .stringConvertible(load.waiting),
                "grace_seconds": .stringConvertible(service.settings.grace),
            ])
        let deadline = ContinuousClock.now + .seconds(service.settings.grace)
        while service.gate.load != RenderGate.Load() || service.jobs?.isBusy == true, ContinuousClock.now < deadline,
            !Task.isCancelled
        {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard let jobs = service.jobs, service.settings.jobsDatabase == nil else { return }
        // In memory, jobs go with the process: their deliveries are waited for as long as the grace allows.
        while await jobs.unfinished() > 0, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
        }
        let left = await jobs.unfinished()
        if left > 0 {
            service.logger.warning(
                "stopping with jobs unfinished; kept in memory, they are lost",
                metadata: ["jobs": .stringConvertible(left)])
        }
    }
}

/// Why the server could not listen, from NIO's error for the socket: its errno, not its words.
public enum ListenFailure: Sendable {
    /// Another process listens on the address and port (EADDRINUSE).
    case addressInUse
    /// No interface has the address (EADDRNOTAVAIL).
    case addressNotAvailable

    /// The failure an error of starting the server is, or nil for any other error.
    public init?(_ error: any Error) {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?: self = .addressInUse
        case EADDRNOTAVAIL?: self = .addressNotAvailable
        default: return nil
        }
    }
}

/// Where documents are drawn: PDFs, PNG pages and Wallet passes (whose icon and logo Cairo draws) by
/// the library's `RenderPool`, one render process per worker, when there is one (Cairo draws one
/// document at a time per process), the others in this process, where they draw in parallel anyway.
struct Drawing: Sendable {
    let themes: [String: Theme]
    let pool: RenderPool?
    /// The service's time limit, for the answer to a render past it.
    let timeout: Double
    /// Who signs passes and PDFs, wherever they are drawn (the pool carries them with each order).
    var identities = RenderOrder.Identities()

    /// The pool of `settings.workers` processes started with `command`; nil, said in the log, when it cannot be made.
    static func pool(_ command: [String], _ settings: ServiceSettings, _ logger: Logger) -> RenderPool? {
        do {
            return try RenderPool(
                workers: settings.workers, worker: URL(fileURLWithPath: command[0]),
                arguments: Array(command.dropFirst()),
                timeLimit: .milliseconds(Int64(settings.timeout * 1000))
            ) { sentence, isFailure in
                logger.log(level: isFailure ? .warning : .info, "\(sentence)", metadata: ["part": "render pool"])
            }
        } catch {
            logger.error("cannot start render processes; drawing in this process", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Draws one order on the calling worker thread (the gate's own, never Swift's shared pool).
    func draw(
        _ order: RenderOrder, trip: [UInt8], until deadline: ContinuousClock.Instant
    ) -> Result<RenderedDocument, ServiceProblem> {
        let format = (try? order.request(themes: themes))?.format
        if let pool, [.pdf, .png, .pkpass, .pkpasses].contains(format) {
            // The trip is read and checked here, on the gate's thread; Swift's shared pool only waits for the worker.
            let prepared: (RenderRequest, CheckedTrip)
            do throws(ServiceProblem) {
                prepared = try order.prepared(trip, themes: themes, identities: identities)
            } catch {
                return .failure(error)
            }
            let timeout = timeout
            return Self.waiting(until: deadline, or: .failure(.refused(.timedOut, timeout: timeout))) {
                do throws(ServiceProblem) {
                    return .success(try await order.render(prepared, in: pool, timeout: timeout))
                } catch {
                    return .failure(error)
                }
            }
        }
        do throws(ServiceProblem) {
            return .success(try order.render(trip, themes: themes, identities: identities))
        } catch {
            return .failure(error)
        }
    }

    /// One render of the sample, in this process or on each of the pool's workers at once; a sentence if it fails.
    func warmUp(workers: Int, until deadline: ContinuousClock.Instant) -> String? {
        guard let pool else {
            do { _ = try CheckedTrip.sample.render(.pdf) } catch { return "\(error)" }
            return nil
        }
        let result = Self.waiting(until: deadline, or: .failure(.renderFailed("the warm-up took over a minute."))) {
            await withTaskGroup(of: String?.self) { group in
                for _ in 0..<workers {
                    group.addTask {
                        do { _ = try await pool.render(.sample, .pdf) } catch { return "\(error)" }
                        return nil
                    }
                }
                var failure: String?
                for await sentence in group where sentence != nil { failure = sentence }
                return Result<String?, ServiceProblem>.success(failure)
            }
        }
        switch result {
        case .success(let failure): return failure
        case .failure(let problem): return problem.detail
        }
    }

    /// Blocks the calling thread (a worker thread of the gate's) until `work` is done; at the
    /// deadline the work is cancelled, which stops the render process drawing it, and `late` is the answer.
    private static func waiting<Value: Sendable>(
        until deadline: ContinuousClock.Instant, or late: Result<Value, ServiceProblem>,
        _ work: @escaping @Sendable () async -> Result<Value, ServiceProblem>
    ) -> Result<Value, ServiceProblem> {
        let result = Mutex<Result<Value, ServiceProblem>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        let left = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, left.nanoseconds)
        if done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
            task.cancel()
            done.wait()
            return late
        }
        return result.withLock { $0 } ?? late
    }
}

/// Runs the job loops until the lifecycle's drain is over.
struct JobService: Service {
    let runner: JobRunner?

    func run() async throws {
        guard let runner else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown { await runner.run() }
    }
}
