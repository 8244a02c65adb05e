import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The app's own server, where a feed's trip is fetched on every request: the
/// trip as it is now, nothing kept here. Redirects are not followed, each fetch
/// has a deadline, and a body past the request size limit is not read further.
final class TripSource: Sendable {
    /// The template, e.g. `http://trips.internal/api/trips/{id}/itinerary`.
    let template: String
    let timeout: Double
    let maxBytes: Int
    private let client: HTTPClient

    /// What went wrong at the source, as the service answers it.
    enum Failure: Error, Equatable {
        /// Connection refused, reset, or no such host: 502.
        case unreachable(String)
        /// No answer within the deadline: 504.
        case timeout
        /// The source's 404 and 410.
        case notFound, gone
        /// A redirect (not followed), another status, a body too large: 502.
        case refused(String)

        /// The metric label.
        var kind: String {
            switch self {
            case .unreachable: "unreachable"
            case .timeout: "timeout"
            case .notFound: "not-found"
            case .gone: "gone"
            case .refused: "bad-answer"
            }
        }
    }

    init(template: String, timeout: Double, maxBytes: Int) {
        self.template = template
        self.timeout = timeout
        self.maxBytes = maxBytes
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = HTTPClient.Configuration.Timeout(
            connect: .milliseconds(Int64(timeout * 1000)), read: .milliseconds(Int64(timeout * 1000)))
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// A template the service can use: an http or https URL with `{id}` in it.
    static func check(_ template: String) -> String? {
        guard template.contains("{id}") else { return "the trip source \(template) has no {id} in it." }
        guard let url = URL(string: template.replacingOccurrences(of: "{id}", with: "x")),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
        else { return "the trip source \(template) is not an http or https URL." }
        return nil
    }

    /// The URL of a trip: the id percent-encoded (all but letters, digits and `-._~`), so
    /// no id can change the host, the path or the query; nil for an id that is a path's
    /// `.` or `..`, which no encoding keeps a plain name.
    func url(for id: String) -> String? {
        guard !id.isEmpty, id != ".", id != "..",
            let encoded = id.addingPercentEncoding(withAllowedCharacters: Self.unreserved)
        else { return nil }
        return template.replacingOccurrences(of: "{id}", with: encoded)
    }

    /// RFC 3986's unreserved characters: every other byte of an id is percent-encoded.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The trip's bytes as the source answers them.
    func fetch(_ id: String) async throws(Failure) -> [UInt8] {
        guard let url = url(for: id) else { throw .notFound }
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
        do {
            let response = try await client.execute(request, deadline: deadline)
            switch response.status.code {
            case 200..<300:
                break
            case 404:
                throw Failure.notFound
            case 410:
                throw Failure.gone
            case 300..<400:
                throw Failure.refused("answered \(response.status.code) (a redirect, which is not followed)")
            default:
                throw Failure.refused("answered \(response.status.code) \(response.status.reasonPhrase)")
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                throw Failure.refused("answered \(length) bytes, more than the limit of \(maxBytes)")
            }
            do {
                return Array(buffer: try await response.body.collect(upTo: maxBytes))
            } catch is NIOTooManyBytesError {
                throw Failure.refused("answered more than the limit of \(maxBytes) bytes")
            }
        } catch let failure as Failure {
            throw failure
        } catch let error as HTTPClientError
            where [.deadlineExceeded, .readTimeout, .connectTimeout].contains(error)
        {
            throw .timeout
        } catch {
            throw .unreachable(Self.reason(error))
        }
    }

    /// A connection failure in words, from its errno where there is one.
    private static func reason(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
        if let connection = error as? NIOConnectionError,
            let io = connection.connectionErrors.lazy.compactMap({ $0.error as? IOError }).first
        {
            return String(cString: strerror(io.errnoCode)).lowercased()
        }
        return "it cannot be reached"
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}
