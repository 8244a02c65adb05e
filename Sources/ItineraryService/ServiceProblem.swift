import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit

/// A refused request, answered as `application/problem+json` (RFC 9457):
/// `type`, `title`, `status`, `detail`, and for a refused itinerary every
/// problem with its code, location and sentence, as the command line says them
/// (the library's `Problem`, in the members its `Codable` conformance writes).
struct ServiceProblem: HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    /// Names the kind of problem: `urn:itinerary:problem:<name>`.
    let name: String
    let title: String
    let detail: String
    var problems: [Problem] = []
    /// Close the connection after answering: the rest of the body is not read.
    var closesConnection = false
    var retryAfter: Int?
    /// The method a route takes, for a 405.
    var allow: String?
    /// The challenge of a 401 or 403 (RFC 6750): which key the route takes.
    var wwwAuthenticate: String?

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if closesConnection { headers[.connection] = "close" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        if let wwwAuthenticate { headers[.wwwAuthenticate] = wwwAuthenticate }
        let body = ByteBuffer(bytes: json())
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    func json() -> [UInt8] {
        JSONBody.encode(Body(self))
    }

    /// The problem as a queued job's store keeps it.
    struct Wire: Codable {
        let status: Int
        let name: String
        let title: String
        let detail: String
        let problems: [Problem]
        let closesConnection: Bool
        let retryAfter: Int?
    }

    var wire: Wire {
        Wire(
            status: status.code, name: name, title: title, detail: detail, problems: problems,
            closesConnection: closesConnection, retryAfter: retryAfter)
    }

    /// The answer's members (RFC 9457); an empty `problems` is left out.
    private struct Body: Encodable {
        let type: String
        let title: String
        let status: Int
        let detail: String
        let problems: [Problem]?

        init(_ problem: ServiceProblem) {
            type = "urn:itinerary:problem:" + problem.name
            title = problem.title
            status = problem.status.code
            detail = problem.detail
            problems = problem.problems.isEmpty ? nil : problem.problems
        }
    }
}

extension ServiceProblem {
    /// A problem as a queued job's store kept it.
    init(_ wire: Wire) {
        self.init(
            status: HTTPResponse.Status(code: wire.status), name: wire.name, title: wire.title, detail: wire.detail,
            problems: wire.problems, closesConnection: wire.closesConnection, retryAfter: wire.retryAfter)
    }

    /// A document that cannot be read or does not hold a trip a person can take.
    init(_ failure: Problems) {
        let problems = failure.problems
        let notJSON = problems.contains { $0.code == .notJSON }
        let tooLarge = problems.contains { $0.code == .tooLarge }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let first = problems.first?.description ?? "the document cannot be read."
        if tooLarge {
            self.init(
                status: .contentTooLarge, name: "body-too-large", title: "The itinerary is too large",
                detail: first, problems: problems)
        } else if notJSON {
            self.init(
                status: .badRequest, name: "not-json", title: "The body is not an itinerary/v1 JSON document",
                detail: first, problems: problems)
        } else {
            self.init(
                status: .unprocessableContent, name: "invalid-itinerary", title: "The itinerary is not valid",
                detail: "The itinerary has \(count); the first: \(first)", problems: problems)
        }
    }

    static func badParameter(_ sentence: String) -> ServiceProblem {
        ServiceProblem(status: .badRequest, name: "bad-parameter", title: "A parameter is not valid", detail: sentence)
    }

    static func unsupportedMediaType(_ given: String?) -> ServiceProblem {
        let detail =
            given.map { "the body must be application/json, not \($0)." }
            ?? "the body must be application/json; the request has no Content-Type."
        return ServiceProblem(
            status: .unsupportedMediaType, name: "unsupported-media-type", title: "The body is not JSON", detail: detail
        )
    }

    static func bodyTooLarge(limit: Int) -> ServiceProblem {
        ServiceProblem(
            status: .contentTooLarge, name: "body-too-large", title: "The body is too large",
            detail: "the body is larger than the limit of \(limit) bytes.", closesConnection: true)
    }

    static let unreadableBody = ServiceProblem(
        status: .badRequest, name: "unreadable-body", title: "The body could not be read",
        detail: "the request body is not valid HTTP/1.1 (a broken chunked encoding, or the connection ended early).",
        closesConnection: true)

    static func bodyTimeout(seconds: Double) -> ServiceProblem {
        ServiceProblem(
            status: .requestTimeout, name: "body-timeout", title: "The body came too slowly",
            detail: "the whole body did not arrive within \(Formatting.seconds(seconds)).", closesConnection: true)
    }

    static func refused(_ refusal: RenderGate.Refusal, timeout: Double) -> ServiceProblem {
        switch refusal {
        case .full:
            ServiceProblem(
                status: .tooManyRequests, name: "queue-full", title: "Too many requests",
                detail: "every worker is busy and the queue is full; try again shortly.", retryAfter: 1)
        case .draining:
            ServiceProblem(
                status: .serviceUnavailable, name: "draining", title: "The server is shutting down",
                detail: "this server is shutting down; send the request again (another replica will take it).",
                closesConnection: true, retryAfter: 1)
        case .timedOut:
            ServiceProblem(
                status: .serviceUnavailable, name: "render-timeout", title: "The render took too long",
                detail: "the document was not ready within the time limit of \(Formatting.seconds(timeout)).",
                retryAfter: 1)
        }
    }

    static func renderFailed(_ sentence: String) -> ServiceProblem {
        ServiceProblem(
            status: .internalServerError, name: "render-failed", title: "The document could not be drawn",
            detail: sentence)
    }

    /// A PDF that could not be signed (issue #51): most often the time-stamp authority did not answer.
    static func signingFailed(_ sentence: String) -> ServiceProblem {
        ServiceProblem(
            status: .badGateway, name: "signing-failed", title: "The PDF could not be signed", detail: sentence)
    }

    /// Hummingbird's own refusals (no such route, wrong method), in the same shape.
    init(status: HTTPResponse.Status, message: String?) {
        self.init(
            status: status,
            name: status.code == 404 ? "not-found" : status.code == 405 ? "method-not-allowed" : "http-\(status.code)",
            title: status.reasonPhrase, detail: message ?? status.reasonPhrase)
    }
}

enum Formatting {
    static func seconds(_ value: Double) -> String {
        let text = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        return text + (value == 1 ? " second" : " seconds")
    }
}
