import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import Logging

/// Every request, whatever became of it: one JSON log line (request id,
/// route, format, status, bytes, milliseconds, traceparent), counted and
/// timed in the metrics, its id echoed in `X-Request-Id`, and any error
/// turned into a problem+json answer.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    let service: RenderService

    static var routes: [String: HTTPRequest.Method] { ServiceRoutes.methods }

    /// A job's routes, by their pattern.
    static func jobRoute(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[1] == "v1", parts[2] == "jobs", !parts[3].isEmpty else { return nil }
        if parts.count == 4 { return "/v1/jobs/{id}" }
        return parts.count == 5 && parts[4] == "document" ? "/v1/jobs/{id}/document" : nil
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let id = Self.requestID(request.headers[.requestID])
        var response: Response
        do {
            let feed = service.source != nil && request.uri.path.hasPrefix("/v1/feeds/")
            if let method = Self.routes[request.uri.path] ?? (feed ? .get : nil), method != request.method,
                !(method == .get && request.method == .head)
            {
                var problem = ServiceProblem(
                    status: .methodNotAllowed, message: "\(request.uri.path) takes \(method.rawValue) only.")
                problem.allow = method == .get ? "GET, HEAD" : method.rawValue
                throw problem
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
        let route =
            Self.routes[request.uri.path] != nil
            ? request.uri.path
            : service.source != nil && request.uri.path.hasPrefix("/v1/feeds/")
                ? "/v1/feeds/{token}.ics" : Self.jobRoute(request.uri.path) ?? "unmatched"
        // Only a render has a format: a GET of /v1/render (405) renders nothing.
        let format =
            (route == "/v1/render" || route == "/v1/jobs") && request.method == .post
            ? Self.formatLabel(request) : "none"
        service.metrics.request(route: route, format: format, status: Int(response.status.code), duration: elapsed)
        var metadata: Logger.Metadata = [
            "request_id": .string(id), "method": .string(request.method.rawValue), "route": .string(route),
            "format": .string(format), "status": .stringConvertible(Int(response.status.code)),
            "bytes": .stringConvertible(response.body.contentLength ?? 0),
            "ms": .stringConvertible((elapsed.milliseconds * 100).rounded() / 100),
        ]
        if route == "unmatched" { metadata["path"] = .string(String(request.uri.path.prefix(200))) }
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

/// Every route and its one method.
enum ServiceRoutes {
    static let methods: [String: HTTPRequest.Method] = [
        "/v1/render": .post, "/v1/validate": .post, "/v1/themes": .get, "/health": .get, "/ready": .get,
        "/metrics": .get, "/openapi.yaml": .get, "/v1/jobs": .post,
    ]
}
