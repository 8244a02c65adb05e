import Foundation
import ItineraryKit

/// One `POST /v1/render` as it came: its query, the headers that choose the
/// document and the feed URL worked out from the request. Read again where
/// the document is drawn (a queued job's, much later), by the same code.
struct RenderOrder: Codable, Sendable {
    /// The query's parameters, in order, as name and value.
    var query: [[String]]
    var acceptLanguage: String?
    /// The signed URL of the trip's calendar feed (`subscribe=ID`).
    var subscribeURL: String?
    var password: String?
    var ownerPassword: String?
    /// Seconds since 1970 stamped in the document; nil: now.
    var creationDate: Int?

    /// The request checked: every parameter, the theme, the language, the password.
    func request(themes: [String: Theme]) throws(ServiceProblem) -> RenderRequest {
        var asked = try RenderRequest(query: query.map { ($0[0], $0[1]) })
        // Without ?locale=, the reader's Accept-Language, else the trip's own language.
        if let acceptLanguage { asked.options.accept(languages: acceptLanguage) }
        if let name = asked.theme {
            guard let theme = themes[name] else {
                let names = themes.keys.sorted()
                throw .badParameter(
                    "there is no theme \"\(name.quoted)\"; "
                        + (names.isEmpty
                            ? "this service has none (itinerary serve --themes DIR)."
                            : "the themes are \(names.joined(separator: ", "))."))
            }
            asked.options.theme = theme
        }
        asked.options.subscribeURL = subscribeURL
        // Alone, the permissions password would leave the PDF open to anyone: refused, as the command line
        // refuses --owner-password-file without --password-file (issue #50).
        if ownerPassword != nil, password == nil {
            throw .badParameter(
                "the Itinerary-PDF-Owner-Password header needs Itinerary-PDF-Password, the password that opens "
                    + "the PDF.")
        }
        if let password {
            asked.options.password = (user: Array(password.utf8), owner: ownerPassword.map { Array($0.utf8) })
        }
        asked.options.creationDate = creationDate
        return asked
    }

    /// What the service signs with, whichever process draws: Wallet passes by `passIdentity`, every PDF by
    /// `signing` (issues #51 and #53). The render pool carries them to its processes with the order's options.
    struct Identities: Sendable {
        var passIdentity: SigningIdentity?
        var signing: (identity: SigningIdentity, timestampURL: String?)?
    }

    /// The document drawn from the trip's bytes in this process.
    func render(
        _ bytes: [UInt8], themes: [String: Theme], identities: Identities = Identities()
    ) throws(ServiceProblem) -> RenderedDocument {
        let (asked, trip) = try prepared(bytes, themes: themes, identities: identities)
        do {
            if asked.format == .png {
                return try pngDocument(try trip.renderPNGPage(asked.page, options: asked.options), asked, trip)
            }
            return document(try trip.render(asked.document, options: asked.options)[0], asked, trip)
        } catch {
            throw Self.problem(error, timeout: 0)
        }
    }

    /// The document drawn by a worker of `pool` from what `prepared` read; a cancelled task (the
    /// deadline passed) or the pool's time limit is the answer to a request past `timeout`.
    func render(
        _ prepared: (RenderRequest, CheckedTrip), in pool: RenderPool, timeout: Double
    ) async throws(ServiceProblem) -> RenderedDocument {
        let (asked, trip) = prepared
        do {
            if asked.format == .png {
                return try pngDocument(
                    try await pool.renderPNGPage(trip, asked.page, options: asked.options), asked, trip)
            }
            return document(try await pool.render(trip, asked.document, options: asked.options)[0], asked, trip)
        } catch {
            throw Self.problem(error, timeout: timeout)
        }
    }

    /// The request read and the trip checked, wherever it is drawn: on the calling thread, before a pool's
    /// task only waits for its worker.
    func prepared(
        _ bytes: [UInt8], themes: [String: Theme], identities: Identities
    ) throws(ServiceProblem) -> (RenderRequest, CheckedTrip) {
        var asked = try request(themes: themes)
        asked.options.passIdentity = identities.passIdentity
        asked.options.signing = identities.signing
        do throws(Problems) {
            return (asked, try CheckedTrip(bytes: bytes))
        } catch {
            throw ServiceProblem(error)
        }
    }

    private func document(_ bytes: [UInt8], _ asked: RenderRequest, _ trip: CheckedTrip) -> RenderedDocument {
        // One pass is named as the command line names it: the trip's name, then the game's.
        let pass = trip.passNames.first { $0.game == asked.options.game && asked.document == .pkpass }
        return RenderedDocument(
            bytes: bytes, pages: nil,
            name: "\(trip.fileStem)\(pass.map { "-" + $0.name } ?? "").\(asked.document.rawValue)",
            language: trip.languageTag(for: asked.options))
    }

    private func pngDocument(
        _ page: (png: [UInt8]?, pageCount: Int), _ asked: RenderRequest, _ trip: CheckedTrip
    ) throws(ServiceProblem) -> RenderedDocument {
        guard let png = page.png else {
            throw .badParameter("page \(asked.page) is past the last page (\(page.pageCount)).")
        }
        return RenderedDocument(
            bytes: png, pages: page.pageCount, name: "\(trip.fileStem)-\(asked.page).png",
            language: trip.languageTag(for: asked.options))
    }

    /// A failure of drawing as the service answers it.
    private static func problem(_ error: any Error, timeout: Double) -> ServiceProblem {
        switch error {
        case let problem as ServiceProblem: problem
        case let problem as Problem where problem.code == .noGames:
            ServiceProblem(
                status: .unprocessableContent, name: "no-games", title: "The itinerary has no game",
                detail: problem.message, problems: [problem])
        case let problem as Problem where problem.code == .signingFailed: .signingFailed(problem.message)
        case let problem as Problem where problem.code == .badOption: .badParameter(problem.message)
        case let problem as Problem where problem.code == .timedOut: .refused(.timedOut, timeout: timeout)
        case let problem as Problem: .renderFailed(problem.message)
        case is CancellationError: .refused(.timedOut, timeout: timeout)
        default: .renderFailed("cannot render the document: \(error).")
        }
    }
}

/// A drawn document and what its answer's headers say of it.
struct RenderedDocument: Sendable {
    var bytes: [UInt8]
    /// A PNG page's document's page count (`X-Page-Count`).
    var pages: Int?
    /// The file name, as the command line names its file.
    var name: String
    var language: String

    /// What a queued job's store keeps beside the bytes.
    struct Header: Codable {
        var pages: Int?
        var name: String
        var language: String
    }

    var header: Header { Header(pages: pages, name: name, language: language) }

    init(bytes: [UInt8], pages: Int?, name: String, language: String) {
        self.bytes = bytes
        self.pages = pages
        self.name = name
        self.language = language
    }

    init(header: Header, bytes: [UInt8]) {
        self.init(bytes: bytes, pages: header.pages, name: header.name, language: header.language)
    }
}
