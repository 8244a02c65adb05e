import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import NIOCore

extension Routes {
    /// `GET` and `HEAD /v1/feeds/{token}.ics`: the trip as its source has it now, as
    /// iCalendar, with HTTP's validators so that a client or a cache fetching it
    /// again gets 304 when nothing changed. A token that does not verify gets the
    /// same 404 as a trip the source does not have.
    func feed(_ request: Request, context: some RequestContext) async throws -> Response {
        let start = ContinuousClock.now
        try refuseWhenDraining()
        guard let source = service.source, let secret = settings.feedSecret else {
            throw ServiceProblem.feedNotFound
        }
        let file = context.parameters.get("file") ?? ""
        guard file.hasSuffix(".ics"), let id = FeedToken.verify(String(file.dropLast(4)), secret: secret) else {
            service.metrics.feed("bad-token")
            throw ServiceProblem.feedNotFound
        }
        var options = RenderOptions()
        for (name, value) in request.uri.queryParameters {
            guard name == "locale" else {
                throw ServiceProblem.badParameter("unknown parameter \"\(String(name).quoted)\"; a feed takes locale.")
            }
            do {
                try options.set("locale", to: String(value))
            } catch {
                throw ServiceProblem.badParameter(error.message)
            }
        }
        if let accepted = request.headers[.acceptLanguage] { options.accept(languages: accepted) }
        options.calendarFeed = (url: Self.feedURL(request), refreshSeconds: settings.feedMaxAge)
        options.creationDate = settings.creationDate
        let bytes: [UInt8]
        do {
            bytes = try await source.fetch(id)
        } catch {
            service.metrics.feed("source-failed")
            service.metrics.sourceFailure(error.kind)
            throw ServiceProblem(source: error, timeout: source.timeout)
        }
        let asked = options
        let outcome = try await work(from: start) { () throws(ServiceProblem) -> Result<([UInt8], Date?), Problems> in
            let trip: CheckedTrip
            do throws(Problems) {
                trip = try CheckedTrip(bytes: bytes)
            } catch {
                return .failure(error)
            }
            do throws(Problem) {
                return .success((try trip.render(.ics, options: asked)[0], trip.lastModified))
            } catch {
                throw .renderFailed(error.message)
            }
        }
        let calendar: [UInt8], lastModified: Date?
        switch outcome {
        case .success(let made):
            (calendar, lastModified) = made
        case .failure(let problems):
            service.metrics.feed("source-failed")
            service.metrics.sourceFailure("invalid-trip")
            let first = problems.problems.first
            let sentence = first?.description ?? "it cannot be read"
            throw ServiceProblem.sourceAnswer(
                first?.code == .notJSON || first?.code == .tooLarge
                    ? "answered a body that is not an itinerary/v1 JSON document: \(sentence)"
                    : "answered a trip that is not valid: \(sentence)")
        }
        let tag = SHA256.hash(data: calendar).prefix(16).map { String(format: "%02x", $0) }.joined()
        var headers: HTTPFields = [
            .eTag: "\"\(tag)\"", .cacheControl: "max-age=\(settings.feedMaxAge)",
            .contentType: OutputFormat.ics.mediaType,
        ]
        if let lastModified { headers[.lastModified] = Self.httpDate(lastModified) }
        if Self.notModified(request.headers, tag: tag, lastModified: lastModified) {
            service.metrics.feed("not-modified")
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        service.metrics.feed("ok")
        headers[.contentLength] = String(calendar.count)
        let body: ResponseBody = request.method == .head ? .init() : .init(byteBuffer: ByteBuffer(bytes: calendar))
        return Response(status: .ok, headers: headers, body: body)
    }

    /// RFC 9110 §13.2.2: `If-None-Match` decides when it is there (weak comparison);
    /// else `If-Modified-Since`, when the feed has a `Last-Modified` not after it.
    static func notModified(_ headers: HTTPFields, tag: String, lastModified: Date?) -> Bool {
        let matches = headers[values: .ifNoneMatch]
        if !matches.isEmpty {
            return matches.joined(separator: ",").split(separator: ",").contains { candidate in
                var value = candidate.trimmingCharacters(in: .whitespaces)
                if value == "*" { return true }
                if value.hasPrefix("W/") { value.removeFirst(2) }
                return value == "\"\(tag)\""
            }
        }
        guard let lastModified, let since = headers[.ifModifiedSince].flatMap(parseHTTPDate) else { return false }
        return lastModified <= since
    }

    /// The feed's own URL, as the client asked for it (`SOURCE`): behind a proxy
    /// that says so, its scheme (`X-Forwarded-Proto`).
    static func feedURL(_ request: Request) -> String {
        let scheme = request.headers[HTTPField.Name("X-Forwarded-Proto")!].flatMap {
            ["http", "https"].contains($0.lowercased()) ? $0.lowercased() : nil
        }
        let host = request.head.authority ?? "localhost"
        return (scheme ?? "http") + "://" + host + request.uri.description
    }

    /// An IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ date: Date) -> String {
        httpDateFormatter().string(from: date)
    }

    static func parseHTTPDate(_ text: String) -> Date? {
        httpDateFormatter().date(from: text.trimmingCharacters(in: .whitespaces))
    }

    private static func httpDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}

extension ServiceProblem {
    /// A token that does not verify and a trip the source does not have: one answer, so
    /// a guessed URL learns nothing.
    static let feedNotFound = ServiceProblem(
        status: .notFound, name: "feed-not-found", title: "No such feed", detail: "there is no such calendar feed.")

    /// The trip source's failure as this service answers it.
    init(source failure: TripSource.Failure, timeout: Double) {
        switch failure {
        case .notFound:
            self = .feedNotFound
        case .gone:
            self.init(
                status: .gone, name: "feed-gone", title: "The trip is gone",
                detail: "the trip of this calendar feed has been deleted.")
        case .timeout:
            self.init(
                status: .gatewayTimeout, name: "source-timeout", title: "The trip source did not answer in time",
                detail: "the trip source did not answer within \(Formatting.seconds(timeout)).")
            retryAfter = 30
        case .unreachable(let reason):
            self.init(
                status: .badGateway, name: "source-unreachable", title: "The trip source cannot be reached",
                detail: "the trip source cannot be reached: \(reason).")
            retryAfter = 30
        case .refused(let reason):
            self = .sourceAnswer(reason)
        }
    }

    /// An answer of the trip source that is not a trip: 502, in one sentence.
    static func sourceAnswer(_ what: String) -> ServiceProblem {
        ServiceProblem(
            status: .badGateway, name: "source-answer", title: "The trip source's answer cannot be used",
            detail: "the trip source " + what + (what.hasSuffix(".") ? "" : "."))
    }
}
