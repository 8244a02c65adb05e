import Foundation
import ItineraryKit

/// One `POST /v1/render` as it came: its query, the headers that choose the
/// document and the feed URL worked out from the request. Read again where
/// the document is drawn, in this process or in a render process
/// (`RenderProcesses`), by the same code.
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

    /// The document drawn from the trip's bytes; Wallet passes signed by `passIdentity`, a PDF by `signing` when
    /// the service has an identity.
    func render(
        _ bytes: [UInt8], themes: [String: Theme], passIdentity: SigningIdentity? = nil,
        signing: (identity: SigningIdentity, timestampURL: String?)? = nil
    ) throws(ServiceProblem) -> RenderedDocument {
        var asked = try request(themes: themes)
        asked.options.passIdentity = passIdentity
        asked.options.signing = signing
        let trip: CheckedTrip
        do throws(Problems) {
            trip = try CheckedTrip(bytes: bytes)
        } catch {
            throw ServiceProblem(error)
        }
        let options = asked.options
        let language = trip.languageTag(for: options)
        do {
            if asked.format == .png {
                let page = try trip.renderPNGPage(asked.page, options: options)
                guard let png = page.png else {
                    throw ServiceProblem.badParameter("page \(asked.page) is past the last page (\(page.pageCount)).")
                }
                return RenderedDocument(
                    bytes: png, pages: page.pageCount, name: "\(trip.fileStem)-\(asked.page).png", language: language)
            }
            // One pass is named as the command line names it: the trip's name, then the game's.
            let pass = trip.passNames.first { $0.game == options.game && asked.document == .pkpass }
            return RenderedDocument(
                bytes: try trip.render(asked.document, options: options)[0], pages: nil,
                name: "\(trip.fileStem)\(pass.map { "-" + $0.name } ?? "").\(asked.document.rawValue)",
                language: language)
        } catch let problem as Problem {
            if problem.code == .noGames {
                throw ServiceProblem(
                    status: .unprocessableContent, name: "no-games", title: "The itinerary has no game",
                    detail: problem.message, problems: [problem])
            }
            if problem.code == .signingFailed { throw .signingFailed(problem.message) }
            throw problem.code == .badOption ? .badParameter(problem.message) : .renderFailed(problem.message)
        } catch let problem as ServiceProblem {
            throw problem
        } catch {
            throw .renderFailed("cannot render the document: \(error).")
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

    /// What travels beside the bytes between processes.
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
