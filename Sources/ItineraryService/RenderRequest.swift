import Hummingbird
import ItineraryKit

/// The query of `POST /v1/render`, checked: one format and the same settings
/// as `itinerary render`.
struct RenderRequest {
    var format: OutputFormat = .pdf
    /// The PNG page to return (1-based). Like `--dpi` on the command line, `dpi`
    /// and `page` are taken with any format and matter only to PNG.
    var page = 1
    /// Every other parameter, read by the parser the command line and the library use.
    var options = RenderOptions()
    /// A theme the service loaded at start, by name: never a path.
    var theme: String?
    /// A trip's id at the trip source: the document prints the QR code of its signed calendar feed.
    var subscribe: String?

    static let parameters = ["format", "page", "subscribe"] + RenderOptions.names

    /// The document answered: `pkpass` without `game` is the bundle of every game's pass (`pkpasses`).
    var document: OutputFormat { format == .pkpass && options.game == nil ? .pkpasses : format }

    /// Reads the query; an unknown, repeated or wrong parameter is one sentence.
    init(query: [(name: String, value: String)]) throws(ServiceProblem) {
        var seen: Set<String> = []
        for (name, value) in query {
            guard Self.parameters.contains(name) else {
                throw .badParameter(
                    "unknown parameter \"\(name.quoted)\"; the parameters are "
                        + "\(Self.parameters.joined(separator: ", "))."
                )
            }
            guard seen.insert(name).inserted else {
                throw .badParameter("the parameter \(name) is given twice.")
            }
            if name == "theme" {
                theme = value
                continue
            }
            if name == "subscribe" {
                guard !value.isEmpty else { throw .badParameter("subscribe takes a trip's id at the trip source.") }
                subscribe = value
                continue
            }
            if name == "page" {
                guard let page = Int(value), page >= 1 else {
                    throw .badParameter("page must be a whole number from 1.")
                }
                self.page = page
                continue
            }
            do throws(Problem) {
                if name == "format" {
                    format = try RenderOptions.choice(value, of: OutputFormat.self)
                } else {
                    try options.set(name, to: value)
                }
            } catch {
                throw .badParameter(error.message)
            }
        }
    }
}

extension String {
    /// A value echoed in a sentence: on one line, at most 60 characters.
    /// Control characters and line separators are shown escaped (`\n`, `\u{2028}`).
    var quoted: String {
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: shown += scalar.escaped(asASCII: false)
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown.count > 60 ? String(shown.prefix(59)) + "…" : shown
    }
}

import Foundation
