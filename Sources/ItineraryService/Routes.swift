import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import NIOCore

/// What each route does.
struct Routes: Sendable {
    let service: RenderService
    var settings: ServiceSettings { service.settings }

    /// `POST /v1/render`: the document's bytes, named as the command line names its file.
    func render(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let start = ContinuousClock.now
        try refuseWhenDraining()
        let order = try self.order(request, context: context)
        let asked = try order.request(themes: settings.themes)
        let bytes = try await body(of: request)
        let drawing = service.drawing, deadline = start + .seconds(settings.timeout)
        let document = try await work(from: start) { () throws(ServiceProblem) -> RenderedDocument in
            try drawing.draw(order, trip: bytes, until: deadline).get()
        }
        var headers: HTTPFields = [
            .contentType: asked.format.mediaType,
            .contentDisposition: "attachment; filename=\"\(document.name)\"",
            .contentLength: String(document.bytes.count),
            .contentLanguage: document.language,
            // The same request in another Accept-Language may be another document.
            HTTPField.Name("Vary")!: "Accept-Language",
        ]
        if let pages = document.pages { headers[.pageCount] = String(pages) }
        // A locked PDF is for its requester alone: no cache keeps it.
        if asked.options.password != nil { headers[.cacheControl] = "no-store" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document.bytes)))
    }

    /// The request's query and the headers that choose its document: checked where it is drawn.
    func order(_ request: Request, context: ServiceRequestContext, query: [[String]]? = nil) throws -> RenderOrder {
        var order = RenderOrder(
            query: query ?? request.uri.queryParameters.map { [String($0.key), String($0.value)] },
            acceptLanguage: request.headers[.acceptLanguage],
            // A PDF's password comes in a header, never in the URL that logs and proxies keep (issue #45).
            password: request.headers[.pdfPassword], ownerPassword: request.headers[.pdfOwnerPassword],
            creationDate: settings.creationDate)
        let asked = try order.request(themes: settings.themes)
        order.subscribeURL = try subscription(request, context: context, for: asked)
        return order
    }

    /// `subscribe=ID`: the signed URL of the trip's calendar feed, in the document's language. Whoever
    /// has the link reads the traveller's calendar, so minting one needs the `subscribe` scope (issue #50).
    /// It is made under `--public-url`; without it, under the URL the request came to (its Host, or
    /// X-Forwarded-Host and X-Forwarded-Proto behind a proxy).
    private func subscription(
        _ request: Request, context: ServiceRequestContext, for query: RenderRequest
    ) throws -> String? {
        guard let id = query.subscribe else { return nil }
        if let caller = context.caller, !caller.allows(.subscribe) { throw ServiceProblem.outOfScope(.subscribe) }
        guard settings.tripSource != nil, let secret = settings.feedSecret else {
            throw ServiceProblem.badParameter(
                "subscribe needs this service's calendar feeds (itinerary serve --trip-source and --feed-secret).")
        }
        let base: String
        if let publicURL = settings.publicURL {
            base = publicURL
        } else {
            let forwardedHost = HTTPField.Name("X-Forwarded-Host")!
            let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
            guard let host = request.headers[forwardedHost] ?? request.head.authority else {
                throw ServiceProblem.badParameter(
                    "subscribe needs the request's Host header, to make the feed's URL (or itinerary serve "
                        + "--public-url).")
            }
            base = "\(request.headers[forwardedProto] ?? "http")://\(host)"
        }
        return FeedToken.url(id: id, secret: secret, base: base, locale: query.options.locale)
    }

    /// A path of this service as a link: under `--public-url` when it is set, else as the path alone.
    func link(_ path: String) -> String {
        guard let publicURL = settings.publicURL else { return path }
        return (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + path
    }

    /// `POST /v1/validate`: the counts `itinerary validate` prints, or every problem.
    func validate(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let start = ContinuousClock.now
        try refuseWhenDraining()
        if !request.uri.queryParameters.isEmpty {
            throw ServiceProblem.badParameter("validate takes no parameters.")
        }
        let bytes = try await body(of: request)
        let answer = try await work(from: start) { () throws(ServiceProblem) -> ValidAnswer in
            let trip = try Self.trip(bytes)
            return ValidAnswer(name: trip.name, summary: trip.summary, statistics: trip.statistics)
        }
        return Self.json(.ok, answer)
    }

    /// The body read and checked, or every problem as the command line says them.
    private static func trip(_ bytes: [UInt8]) throws(ServiceProblem) -> CheckedTrip {
        do throws(Problems) {
            return try CheckedTrip(bytes: bytes)
        } catch {
            throw ServiceProblem(error)
        }
    }

    /// `GET /v1/themes`: the themes `?theme=` takes.
    func themes() -> Response {
        Self.json(
            .ok,
            ThemesAnswer(
                themes: settings.themes.keys.sorted().map { .init(id: $0, name: settings.themes[$0]?.name ?? $0) }))
    }

    /// Alive; with jobs on, whether their store answers (a 503 when it does not).
    func health() async -> Response {
        guard let jobs = service.jobs else { return Self.json(.ok, StatusAnswer(status: "alive")) }
        guard await jobs.store.reachable() else {
            return Self.json(.serviceUnavailable, StatusAnswer(status: "alive", jobs: "unreachable"))
        }
        return Self.json(.ok, StatusAnswer(status: "alive", jobs: "reachable"))
    }

    func ready() async throws -> Response {
        if service.gate.isDraining {
            throw ServiceProblem(
                status: .serviceUnavailable, name: "draining", title: "The server is shutting down",
                detail: "this server is draining and takes no new work.")
        }
        guard service.status.isReady else {
            throw ServiceProblem(
                status: .serviceUnavailable, name: "starting", title: "The server is not ready",
                detail: "the fonts are not loaded yet (or the warm-up render failed: see the log).")
        }
        if let jobs = service.jobs, !(await jobs.store.reachable()) {
            throw ServiceProblem(
                status: .serviceUnavailable, name: "jobs-unreachable", title: "The job store does not answer",
                detail: "the job database does not answer (itinerary serve --jobs).")
        }
        let load = service.gate.load
        return Self.json(.ok, StatusAnswer(status: "ready", inFlight: load.running, queued: load.waiting))
    }

    func metrics() async -> Response {
        if let jobs = service.jobs, let counts = try? await jobs.store.counts() { service.metrics.jobs(counts) }
        let text = service.metrics.exposition(load: service.gate.load)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .contentLength: String(text.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: text)))
    }

    func openAPI() -> Response {
        let text = OpenAPIDocument.yaml
        return Response(
            status: .ok, headers: [.contentType: "application/yaml", .contentLength: String(text.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: text)))
    }

    // MARK: Reading and working

    /// The request's body, checked: JSON, within the size limit, arrived in time. A render's body is
    /// received only while its gate has room; a job's while the job intake has (`JobIntake`), whatever the
    /// renders are doing.
    func body(of request: Request, forJob: Bool = false) async throws -> [UInt8] {
        let mediaType = request.headers[.contentType]
        let essence = mediaType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard essence == "application/json" else {
            throw ServiceProblem.unsupportedMediaType(mediaType.map { String($0.quoted) })
        }
        let limit = settings.maxBody
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            service.metrics.rejection("body-too-large")
            throw ServiceProblem.bodyTooLarge(limit: limit)
        }
        // Bodies are held only for work that can run or wait: a flood is refused before it is read.
        if forJob {
            guard let intake = service.jobs?.intake, intake.start() else {
                service.metrics.rejection("jobs-intake-full")
                throw ServiceProblem.jobIntakeFull
            }
        } else {
            guard service.gate.startReading() else {
                service.metrics.rejection("queue-full")
                throw ServiceProblem.refused(.full, timeout: settings.timeout)
            }
        }
        defer { if forJob { service.jobs?.intake.done() } else { service.gate.doneReading() } }
        let body = request.body
        let seconds = settings.bodyTimeout
        let bytes: [UInt8]? = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                do {
                    for try await buffer in body {
                        guard bytes.count + buffer.readableBytes <= limit else {
                            throw ServiceProblem.bodyTooLarge(limit: limit)
                        }
                        bytes += buffer.readableBytesView
                    }
                } catch let problem as ServiceProblem {
                    throw problem
                } catch {
                    // A broken chunked encoding, or the connection lost halfway.
                    throw ServiceProblem.unreadableBody
                }
                return bytes
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let bytes else {
            service.metrics.rejection("body-timeout")
            throw ServiceProblem.bodyTimeout(seconds: seconds)
        }
        return bytes
    }

    /// A request that arrives after SIGTERM goes to another replica; one that came before is finished.
    func refuseWhenDraining() throws {
        if service.gate.isDraining {
            service.metrics.rejection("draining")
            throw ServiceProblem.refused(.draining, timeout: settings.timeout)
        }
    }

    /// Runs CPU work on a worker within the time limit counted from `start`.
    func work<T: Sendable>(
        from start: ContinuousClock.Instant, _ job: @escaping @Sendable () throws(ServiceProblem) -> T
    ) async throws -> T {
        let deadline = start + .seconds(settings.timeout)
        let result = await service.gate.run(until: deadline) { () -> Result<T, ServiceProblem> in
            do throws(ServiceProblem) { return .success(try job()) } catch { return .failure(error) }
        }
        switch result {
        case .success(.success(let value)):
            return value
        case .success(.failure(let problem)):
            throw problem
        case .failure(let refusal):
            service.metrics.rejection(
                refusal == .full ? "queue-full" : refusal == .draining ? "draining" : "render-timeout")
            throw ServiceProblem.refused(refusal, timeout: settings.timeout)
        }
    }

    static func json(_ status: HTTPResponse.Status, _ answer: some Encodable) -> Response {
        let body = JSONBody.encode(answer)
        return Response(
            status: status, headers: [.contentType: "application/json", .contentLength: String(body.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPField.Name {
    static let pageCount = HTTPField.Name("X-Page-Count")!
    /// The password a PDF is locked with, and its permissions password (issue #45).
    static let pdfPassword = HTTPField.Name("Itinerary-PDF-Password")!
    static let pdfOwnerPassword = HTTPField.Name("Itinerary-PDF-Owner-Password")!
    static let requestID = HTTPField.Name("X-Request-Id")!
    static let traceparent = HTTPField.Name("traceparent")!
}
