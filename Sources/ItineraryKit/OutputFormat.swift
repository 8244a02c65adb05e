import Foundation

/// A document `CheckedTrip.render` makes; its raw value is its file name extension (`geojson`).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The trip book or day sheets, with one bookmark per day.
    case pdf
    /// One PNG image per page of the PDF.
    case png
    /// One self-contained HTML page: inline CSS, the route as inline SVG, no scripts.
    case html
    /// CommonMark that reads well as plain text too.
    case md
    /// iCalendar (RFC 5545) for calendar apps: games at their real start, every zone with its rules.
    case ics
    /// GPX 1.1 for GPS and map apps: a waypoint per stop, a route per day.
    case gpx
    /// KML 2.2 for Google Earth and map apps: a placemark per item with coordinates, a line per day's travel.
    case kml
    /// GeoJSON (RFC 7946) for web maps: the same points and lines, each line with its day's `stroke` colour.
    case geojson
    /// An Apple Wallet event ticket for each game (`.pkpass`, signed with `RenderOptions.passIdentity`):
    /// one element a game, in the trip's order (`CheckedTrip.passNames`), or the one of `RenderOptions.game`.
    case pkpass
    /// Every game's Wallet pass in one bundle (`.pkpasses`, a zip of `.pkpass` files) that Wallet adds at once.
    case pkpasses

    /// A format as people name it: its raw value or `markdown`, in any case, spaces around ignored.
    package init?(choice name: String) {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let format = OutputFormat(rawValue: name) ?? Self.otherNames[name] else { return nil }
        self = format
    }

    /// Names a format is also known by.
    package static let otherNames: [String: OutputFormat] = ["markdown": .md]

    /// A format as people name it, or the one sentence every way in says about a name it is not.
    package init(parsing name: String) throws(Problem) {
        guard let format = OutputFormat(choice: name) else { throw OptionProblems.unknown(OutputFormat.self, name) }
        self = format
    }

    /// The media type, for a `Content-Type` header.
    public var mediaType: String {
        switch self {
        case .pdf: "application/pdf"
        case .png: "image/png"
        case .html: "text/html; charset=utf-8"
        case .md: "text/markdown; charset=utf-8"
        case .ics: "text/calendar; charset=utf-8"
        case .gpx: "application/gpx+xml"
        case .kml: "application/vnd.google-earth.kml+xml"
        case .geojson: "application/geo+json"
        case .pkpass: "application/vnd.apple.pkpass"
        case .pkpasses: "application/vnd.apple.pkpasses"
        }
    }
}
