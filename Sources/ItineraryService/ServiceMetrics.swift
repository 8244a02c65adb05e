import Foundation
import Metrics
import Prometheus

/// What `/metrics` reports, through swift-metrics into a Prometheus registry
/// of this server's own (no global bootstrap: a test can run several servers).
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let inFlight: Meter
    private let queueDepth: Meter
    private let residentMemory: Meter

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30),
        ]
        self.factory = factory
        inFlight = Meter(label: "itinerary_renders_in_flight", factory: factory)
        queueDepth = Meter(label: "itinerary_render_queue_depth", factory: factory)
        residentMemory = Meter(label: "process_resident_memory_bytes", factory: factory)
        inFlight.set(0)
        queueDepth.set(0)
    }

    /// One answered request: counted by route, format and status, timed by route and format.
    func request(route: ServiceRoute, format: String, status: Int, duration: Duration) {
        Counter(
            label: "itinerary_http_requests_total",
            dimensions: [("route", route.rawValue), ("format", format), ("status", String(status))], factory: factory
        ).increment()
        Metrics.Timer(
            label: "itinerary_http_request_duration_seconds",
            dimensions: [("route", route.rawValue), ("format", format)],
            factory: factory
        )
        .recordNanoseconds(duration.nanoseconds)
    }

    /// A request refused for lack of capacity or time: queue-full, draining, render-timeout, body-too-large,
    /// body-timeout.
    func rejection(_ reason: String) {
        Counter(label: "itinerary_rejections_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// A feed request answered: `result` is `ok`, `not-modified` (304), `bad-token` or `source-failed`.
    func feed(_ result: String) {
        Counter(label: "itinerary_feed_requests_total", dimensions: [("result", result)], factory: factory).increment()
    }

    /// A trip source that failed a feed: unreachable, timeout, not-found, gone, bad-answer, invalid-trip.
    func sourceFailure(_ kind: String) {
        Counter(label: "itinerary_feed_source_failures_total", dimensions: [("kind", kind)], factory: factory)
            .increment()
    }

    /// A job drawn (or not): counted by result, timed.
    func job(rendered result: JobResult, duration: Duration) {
        let outcome: String
        if case .document = result { outcome = "document" } else { outcome = "problem" }
        Counter(label: "itinerary_jobs_rendered_total", dimensions: [("result", outcome)], factory: factory).increment()
        Metrics.Timer(label: "itinerary_job_render_duration_seconds", factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// One attempt at a callback: counted by result (`delivered`, `retry`, `failed`) and timed; a delivered
    /// one's latency from submission to delivery.
    func delivery(_ outcome: DeliveryOutcome, duration: Duration, created: Date) {
        let result: String
        switch outcome {
        case .delivered(let at):
            result = "delivered"
            Metrics.Timer(label: "itinerary_job_delivery_latency_seconds", factory: factory)
                .recordNanoseconds(Int64(max(0, at.timeIntervalSince(created)) * 1e9))
        case .retry: result = "retry"
        case .failed: result = "failed"
        }
        Counter(label: "itinerary_job_delivery_attempts_total", dimensions: [("result", result)], factory: factory)
            .increment()
        Metrics.Timer(label: "itinerary_job_delivery_attempt_duration_seconds", factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// Jobs by status, and the queue's depth (jobs waiting for a worker), read now.
    func jobs(_ counts: [JobStatus: Int]) {
        for status in JobStatus.allCases {
            Meter(label: "itinerary_jobs", dimensions: [("status", status.rawValue)], factory: factory)
                .set(counts[status] ?? 0)
        }
        Meter(label: "itinerary_job_queue_depth", factory: factory).set(counts[.queued] ?? 0)
    }

    /// The Prometheus text, with the gate's load and resident memory read now.
    func exposition(load: RenderGate.Load) -> [UInt8] {
        inFlight.set(load.running)
        queueDepth.set(load.waiting)
        if let bytes = Self.residentBytes() { residentMemory.set(bytes) }
        return registry.emitToBuffer()
    }

    /// Resident set size from /proc/self/statm (pages × page size).
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
}
