import ItineraryModel
import ItineraryPresentation

/// What KML and GeoJSON show of a trip, made once for both: a point for every
/// item with coordinates (stadiums, hotels, restaurants, activities), named and
/// described in the document's language, in the traveller's order; and one line
/// for each day's travel, in that day's colour as the route map draws it: from
/// where the day starts (the last stop before it) through the day's stops.
/// `--omit` has done its work on the presented trip already, as for GPX.
package struct MapFeatures: Sendable {
    package struct Point: Sendable {
        package let name: String
        /// "Day 3 · Sun, Mar 8 · NBA · Fiserv Forum · Milwaukee · 8:00 PM CDT".
        package let description: String
        package let day: Int
        /// `game`, or the custom item's category (`hotel`, `restaurant`, …).
        package let kind: String
        package let latitude: Double
        package let longitude: Double
    }

    package struct Line: Sendable {
        package let day: Int
        /// "Day 3 · Sunday, March 8".
        package let name: String
        /// The day's colour, `#rrggbb`.
        package let colour: String
        package let coordinates: [(latitude: Double, longitude: Double)]
    }

    package let name: String
    package let description: String
    package let points: [Point]
    package let lines: [Line]

    package init(_ trip: PresentedTrip) {
        let ordered = trip.ordered
        let formats = trip.formats
        let separator = formats.language.separator
        name = ordered.trip.name
        description = trip.mapDescription
        var points: [Point] = []
        for day in ordered.days {
            let date = formats.dayLabel(day.number) + separator + formats.shortDate(day.date)
            for entry in day.entries {
                if let game = entry.game {
                    let parts = [date, game.sport, game.stadium.venue, formats.gameTime(game)]
                    points.append(
                        Point(
                            name: Self.oneLine(game.matchup), description: parts.joined(separator: separator),
                            day: day.number,
                            kind: "game", latitude: game.stadium.latitude, longitude: game.stadium.longitude))
                } else if let custom = entry.item.custom, let place = custom.location {
                    var parts = [date, formats.categoryName(custom.category)]
                    if let time = custom.time { parts.append(formats.time(time)) }
                    if let address = place.address, !address.isEmpty { parts.append(address) }
                    points.append(
                        Point(
                            name: Self.oneLine(custom.title), description: parts.joined(separator: separator),
                            day: day.number,
                            kind: custom.category.rawValue, latitude: place.latitude, longitude: place.longitude))
                }
            }
        }
        self.points = points
        var lines: [Line] = []
        var previous: RouteStop?
        for day in ordered.days {
            let stops = day.route
            var path = (previous.map { [$0] } ?? []) + stops
            // Consecutive stops at one point are one vertex.
            path = path.enumerated().filter { index, stop in
                index == 0 || (stop.latitude, stop.longitude) != (path[index - 1].latitude, path[index - 1].longitude)
            }.map(\.element)
            if path.count >= 2 {
                lines.append(
                    Line(
                        day: day.number, name: formats.dayHeader(day.number, day.date),
                        colour: Self.colour(ofDay: day.number),
                        coordinates: path.map { ($0.latitude, $0.longitude) }))
            }
            if let last = stops.last { previous = last }
        }
        self.lines = lines
    }
}

extension MapFeatures {
    /// A name as map apps show it, on one line: each line break (CR LF, LF, CR, NEL, LS, PS)
    /// a space, other control characters left out (XML 1.0 cannot hold most of them).
    static func oneLine(_ text: String) -> String {
        var out = ""
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousCR: continue
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}": out += " "
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension MapFeatures {
    /// A day's colour on the route map, `#rrggbb`.
    static func colour(ofDay day: Int) -> String {
        let hex = String(RouteGeometry.colour(ofDay: day), radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - hex.count)) + hex
    }
}
