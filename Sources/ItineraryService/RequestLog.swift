import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import Logging

/// Every request, whatever became of it: one JSON log line (request id,
/// route, format, status, bytes, milliseconds, traceparent), counted and
/// timed in the metrics, its id echoed in `X-Request-Id`, and any error
/// turned into a problem+json answer.
struct RequestLog: RouterMiddleware {
    typealias Context = ServiceRequestContext
    let service: RenderService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let start = ContinuousClock.now
        let id = Self.requestID(request.headers[.requestID])
        let route = ServiceRoute(path: request.uri.path, feeds: service.source != nil)
        var response: Response
        do {
            if let method = route.checkedMethod, method != request.method,
                !(method == .get && request.method == .head)
            {
                var problem = ServiceProblem(
                    status: .methodNotAllowed, message: "\(request.uri.path) takes \(method.rawValue) only.")
                problem.allow = method == .get ? "GET, HEAD" : method.rawValue
                throw problem
            }
            // Every route but the public ones needs a key when the service has keys (issue #50).
            if let keys = service.keys {
                do throws(ServiceProblem) {
                    context.caller = try keys.caller(request, route: route)
                } catch {
                    service.metrics.rejection(error.status == .forbidden ? "out-of-scope" : "no-key")
                    throw error
                }
            }
            response = try await next(request, context)
        } catch let problem as ServiceProblem {
            response = try problem.response(from: request, context: context)
        } catch let error as HTTPError {
            response = try ServiceProblem(status: error.status, message: error.body).response(
                from: request, context: context)
        } catch let error as HTTPResponseError {
            response = try ServiceProblem(status: error.status, message: nil).response(from: request, context: context)
        } catch {
            service.logger.error(
                "unexpected error", metadata: ["request_id": .string(id), "error": .string("\(error)")])
            response = try ServiceProblem(
                status: .internalServerError,
                message: "the server failed to answer; the failure is logged under request id \(id)."
            )
            .response(from: request, context: context)
        }
        response.headers[.requestID] = id
        let elapsed = ContinuousClock.now - start
        // Only a render has a format: a GET of /v1/render (405) renders nothing.
        let format =
            (route == .render || route == .jobs) && request.method == .post
            ? Self.formatLabel(request) : "none"
        service.metrics.request(route: route, format: format, status: Int(response.status.code), duration: elapsed)
        var metadata: Logger.Metadata = [
            "request_id": .string(id), "method": .string(request.method.rawValue), "route": .string(route.rawValue),
            "format": .string(format), "status": .stringConvertible(Int(response.status.code)),
            "bytes": .stringConvertible(response.body.contentLength ?? 0),
            "ms": .stringConvertible((elapsed.milliseconds * 100).rounded() / 100),
        ]
        if route == .unmatched { metadata["path"] = .string(String(request.uri.path.prefix(200))) }
        // The key's name, never the key.
        if let caller = context.caller { metadata["key"] = .string(caller.name) }
        if let trace = request.headers[.traceparent].flatMap(Self.traceparent) {
            metadata["traceparent"] = .string(trace)
            metadata["trace_id"] = .string(String(trace.split(separator: "-")[1]))
        }
        service.logger.info("request", metadata: metadata)
        return response
    }

    /// The client's id when it is a sensible one (1–128 visible ASCII characters), else a new one.
    static func requestID(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return given
        }
        return UUID().uuidString.lowercased()
    }

    /// A W3C trace context `traceparent` (`00-<32 hex>-<16 hex>-<2 hex>`), or nil when it is not one.
    static func traceparent(_ value: String) -> String? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        let lengths = [2, 32, 16, 2]
        guard parts.count == 4,
            zip(parts, lengths).allSatisfy({ part, length in
                part.utf8.count == length
                    && part.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            })
        else { return nil }
        return value
    }

    /// The format asked for, as a metric label: a known format, or "invalid".
    static func formatLabel(_ request: Request) -> String {
        guard let value = request.uri.queryParameters["format"] else { return "pdf" }
        return (try? RenderOptions.choice(String(value), of: OutputFormat.self))?.rawValue ?? "invalid"
    }
}

/// The service's routes, each named by the label the log's `route` and the metrics' `route` show
/// (its raw value: the path, or its pattern for a job's routes and a feed; `unmatched` for any other path).
enum ServiceRoute: String, Sendable {
    case render = "/v1/render"
    case validate = "/v1/validate"
    case themes = "/v1/themes"
    case health = "/health"
    case ready = "/ready"
    case metrics = "/metrics"
    case openAPI = "/openapi.yaml"
    case jobs = "/v1/jobs"
    case job = "/v1/jobs/{id}"
    case jobDocument = "/v1/jobs/{id}/document"
    case feed = "/v1/feeds/{token}.ics"
    case unmatched

    /// The path as the router matches it, `:id` for a parameter (the raw value is the label
    /// logs and metrics print).
    var routerPath: RouterPath {
        switch self {
        case .job: "/v1/jobs/:id"
        case .jobDocument: "/v1/jobs/:id/document"
        case .feed: "/v1/feeds/:file"
        case .unmatched: "/"  // never registered: what no route matches
        default: RouterPath(rawValue)
        }
    }

    /// The route of a path; a feed's only when the service serves feeds (has a trip source).
    init(path: String, feeds: Bool) {
        if let route = Self.fixed[path] {
            self = route
        } else if feeds && path.hasPrefix("/v1/feeds/") {
            self = .feed
        } else {
            self = Self.jobRoute(path) ?? .unmatched
        }
    }

    /// The routes whose path is their label.
    private static let fixed: [String: ServiceRoute] = {
        let routes: [ServiceRoute] = [.render, .validate, .themes, .health, .ready, .metrics, .openAPI, .jobs]
        return Dictionary(uniqueKeysWithValues: routes.map { ($0.rawValue, $0) })
    }()

    /// A job's routes, by their pattern: `/v1/jobs/ID` and `/v1/jobs/ID/document`.
    private static func jobRoute(_ path: String) -> ServiceRoute? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[1] == "v1", parts[2] == "jobs", !parts[3].isEmpty else { return nil }
        if parts.count == 4 { return .job }
        return parts.count == 5 && parts[4] == "document" ? .jobDocument : nil
    }

    /// The one method the route takes, when `RequestLog` answers another with 405 itself
    /// (`Allow` included): every route but a job's (the router's) and `unmatched`.
    var checkedMethod: HTTPRequest.Method? {
        switch self {
        case .render, .validate, .jobs: .post
        case .themes, .health, .ready, .metrics, .openAPI, .feed: .get
        case .job, .jobDocument, .unmatched: nil
        }
    }
}
