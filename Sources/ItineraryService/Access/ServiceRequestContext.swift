import HTTPTypes
import Hummingbird

/// The context of every request: Hummingbird's own, and the caller its key proved (issue #50).
struct ServiceRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The key the request came with; nil when the service runs without keys (or on a public route).
    var caller: ApiKey?

    init(source: Source) {
        coreContext = .init(source: source)
        caller = nil
    }

    /// Who owns the jobs this caller makes and sees: the key's name, or "" for everyone when the service
    /// has no keys.
    var owner: String { caller?.name ?? "" }
}

/// Which key a route needs: a scope, any known key, or none (public).
enum Access: Equatable {
    case open
    case anyKey
    case scope(KeyScope)

    init(_ route: ServiceRoute) {
        switch route {
        case .render, .validate: self = .scope(.render)
        case .jobs, .job, .jobDocument: self = .scope(.jobs)
        case .metrics: self = .scope(.metrics)
        case .themes: self = .anyKey
        // Health and readiness for probes, the contract for clients, feeds under their own signed token; a path
        // no route has is a 404 whoever asks.
        case .health, .ready, .openAPI, .feed, .unmatched: self = .open
        }
    }
}

extension ApiKeys {
    /// The caller a request's `Authorization: Bearer KEY` proves, checked against what the route needs;
    /// nil for an open route. No key, another scheme or an unknown key is a 401, a key without the
    /// route's scope a 403.
    func caller(_ request: Request, route: ServiceRoute) throws(ServiceProblem) -> ApiKey? {
        let access = Access(route)
        if access == .open { return nil }
        let presented = try Self.presentedKey(request.headers[.authorization])
        guard let known = presented.flatMap({ key(for: $0) }) else {
            throw presented == nil ? ServiceProblem.noKey : ServiceProblem.unknownKey
        }
        if case .scope(let scope) = access, !known.allows(scope) { throw ServiceProblem.outOfScope(scope) }
        return known
    }

    /// The token of `Bearer TOKEN` (the scheme's name in any case, RFC 9110 §11.1); a header of another
    /// scheme or a malformed one is an unknown key.
    static func presentedKey(_ header: String?) throws(ServiceProblem) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .unknownKey }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        // RFC 6750's b64token: what keys are made of, nothing a log or header could be confused by.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/=".utf8)
        guard (1...512).contains(token.utf8.count), token.utf8.allSatisfy({ allowed.contains($0) }) else {
            throw .unknownKey
        }
        return token
    }
}

extension ServiceProblem {
    static let noKey = ServiceProblem(
        status: .unauthorized, name: "no-key", title: "A key is needed",
        detail: "this route needs an API key: send Authorization: Bearer KEY.",
        wwwAuthenticate: "Bearer realm=\"itinerary\"")

    static let unknownKey = ServiceProblem(
        status: .unauthorized, name: "unknown-key", title: "The key is not known",
        detail: "the request's key is not one this service takes (Authorization: Bearer KEY).",
        wwwAuthenticate: "Bearer realm=\"itinerary\", error=\"invalid_token\"")

    static func outOfScope(_ scope: KeyScope) -> ServiceProblem {
        ServiceProblem(
            status: .forbidden, name: "out-of-scope", title: "The key may not do this",
            detail: "this key does not have the scope \(scope.rawValue), which this request needs.",
            wwwAuthenticate: "Bearer realm=\"itinerary\", error=\"insufficient_scope\", scope=\"\(scope.rawValue)\"")
    }
}
