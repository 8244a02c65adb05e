import Hummingbird
import ItineraryKit

/// The query of `POST /v1/render`, checked: one format and the same settings
/// as `itinerary render`.
struct RenderRequest: Equatable {
    var format: OutputFormat = .pdf
    var layout: DocumentStyle = .book
    var pageSize: PageSize = .letter
    var dpi: Double = 144
    /// The PNG page to return (1-based). Like `--dpi` on the command line, `dpi`
    /// and `page` are taken with any format and matter only to PNG.
    var page = 1
    var omit: Set<OmittedField> = []

    static let parameters = ["format", "layout", "pageSize", "dpi", "page", "omit"]

    /// Reads the query; an unknown, repeated or wrong parameter is one sentence.
    init(query: [(name: String, value: String)]) throws(ServiceProblem) {
        var seen: Set<String> = []
        for (name, value) in query {
            guard Self.parameters.contains(name) else {
                throw .badParameter("unknown parameter \"\(name.quoted)\"; the parameters are \(Self.parameters.joined(separator: ", ")).")
            }
            guard seen.insert(name).inserted else {
                throw .badParameter("the parameter \(name) is given twice.")
            }
            let lowered = value.lowercased()
            switch name {
            case "format":
                guard let format = OutputFormat(name: value) else {
                    throw .badParameter("unknown format \"\(value.quoted)\"; choose pdf, png, html, md, ics or gpx.")
                }
                self.format = format
            case "layout":
                layout = try Self.choice(lowered, name: name, value: value)
            case "pageSize":
                pageSize = try Self.choice(lowered, name: name, value: value)
            case "dpi":
                let range = RenderOptions.dpiRange
                guard let dpi = Double(value), dpi.isFinite, range.contains(dpi) else {
                    throw .badParameter("dpi must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)).")
                }
                self.dpi = dpi
            case "page":
                guard let page = Int(value), page >= 1 else {
                    throw .badParameter("page must be a whole number from 1.")
                }
                self.page = page
            default:
                for field in lowered.split(separator: ",", omittingEmptySubsequences: false) {
                    let name = field.trimmingCharacters(in: .whitespaces)
                    guard let omitted = OmittedField(rawValue: name) else {
                        throw .badParameter("omit cannot leave out \"\(String(field).quoted)\"; choose confirmations, notes or addresses.")
                    }
                    omit.insert(omitted)
                }
            }
        }
    }

    func options(creationDate: Int?) -> RenderOptions {
        RenderOptions(layout: layout, pageSize: pageSize, dpi: dpi, creationDate: creationDate, omit: omit)
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(_ lowered: String, name: String, value: String) throws(ServiceProblem) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: lowered) else {
            throw .badParameter("unknown \(name) \"\(value.quoted)\"; choose \(Choice.allCases.map(\.rawValue).joined(separator: " or ")).")
        }
        return choice
    }
}

extension String {
    /// A value echoed in a sentence: on one line, at most 60 characters.
    var quoted: String {
        let shown = shownInMessage
        return shown.count > 60 ? String(shown.prefix(59)) + "…" : shown
    }
}

import Foundation
import ItineraryModel
