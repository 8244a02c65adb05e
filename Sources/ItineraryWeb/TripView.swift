import ItineraryModel
import ItineraryPresentation
internal import Mustache

/// The plain tree the templates see: dictionaries, arrays, strings, numbers
/// and booleans, built from the presented trip in its one order. Its fields
/// are the contract documented in Templates/README.md; a field that has no
/// value is `false`, never missing, so a section on it never reaches a
/// field of the same name further out.
///
/// For Markdown every string from the input is escaped here, and the
/// templates print it as is; for HTML the template's `{{…}}` escapes it.
enum TripView {
    typealias Fields = [String: Any]

    static func html(_ trip: PresentedTrip, options: WebOptions) -> ViewNode {
        var view = build(trip, text: { $0 }, lines: plainLines)
        view["pageSize"] = options.pageSize.cssName
        view["layout"] = options.style.rawValue
        view["daySheets"] = options.style == .daySheets
        if let diagram = RouteDiagram(trip.route) {
            view["diagram"] = diagramNode(diagram)
        } else {
            view["diagram"] = false
        }
        return ViewNode(view)
    }

    static func markdown(_ trip: PresentedTrip) -> ViewNode {
        ViewNode(build(trip, text: MarkdownText.inline, lines: MarkdownText.lines))
    }

    private static func plainLines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// The tree; `text` prepares one-line strings from the input, `lines` multi-line ones.
    private static func build(_ trip: PresentedTrip, text: (String) -> String, lines: (String) -> [String]) -> Fields {
        // Keyed by code points: ids that are only canonically equivalent are different items.
        var games: [[UInt8]: GameRow] = [:]
        for day in trip.days {
            for case .game(let game) in day.rows { games[Array(game.itemID.utf8)] = game }
        }
        let stops = trip.route.enumerated().map { index, stop -> ViewNode in
            // A stadium is named with its city; a custom place by its title.
            let name = games[Array(stop.itemID.utf8)].map(\.venue) ?? stop.label
            return ViewNode([
                "number": index + 1,
                "name": text(name),
                "day": stop.day,
                "dayLabel": "Day \(stop.day)",
                "isStart": index == 0,
                "isEnd": index == trip.route.count - 1 && trip.route.count > 1,
            ])
        }
        let statistics = trip.statistics
        return [
            "lang": "en",
            "name": text(trip.name),
            "dateRange": trip.dateRange,
            "summary": trip.summary,
            "statistics": ViewNode([
                "days": statistics.days, "games": statistics.games, "travel": statistics.travel,
                "customItems": statistics.customItems, "cities": statistics.cities,
                "distance": Formats.distance(miles: statistics.totalMiles, units: trip.units),
            ]),
            "days": trip.days.map { day(for: $0, text: text, lines: lines) },
            "hasRoute": !stops.isEmpty,
            "stops": stops,
            "stopCount": stops.count,
            "stopCountText": Formats.count(stops.count, "stop"),
            "routeDescription": text(stops.isEmpty ? "" : "Route in order: " + trip.route.enumerated().map { index, stop in
                "\(index + 1). " + (games[Array(stop.itemID.utf8)].map(\.venue) ?? stop.label)
            }.joined(separator: "; ") + "."),
        ]
    }

    private static func day(for day: PresentedDay, text: (String) -> String, lines: (String) -> [String]) -> ViewNode {
        ViewNode([
            "number": day.number,
            "label": "Day \(day.number)",
            "date": Formats.longDate(day.date),
            "header": day.header,
            "isRest": day.isRest,
            "hasItems": !day.isRest,
            "restText": PresentedDay.restText,
            "itemCount": day.rows.count,
            "items": day.rows.enumerated().map { index, row in item(for: row, position: index + 1, text: text, lines: lines) },
        ])
    }

    private static func item(for row: Row, position: Int, text: (String) -> String, lines: (String) -> [String]) -> ViewNode {
        func optional(_ value: String?) -> Any { value.map { text($0) } ?? false }
        var node: Fields = [
            "id": text(row.itemID),
            "kind": row.kindName,
            "isGame": false, "isTravel": false, "isCustom": false,
            "position": position,
            "indent": String(repeating: " ", count: "\(position). ".count),
            "title": text(row.title),
            // Fields that only some kinds have are false on the others.
            "time": false, "notes": false, "noteLines": [String](), "confirmation": false, "address": false,
        ]
        switch row {
        case .game(let game):
            node["isGame"] = true
            node["icon"] = Icons.game
            node["sport"] = text(game.sport)
            node["sportClass"] = cssClass(game.sport)
            node["matchup"] = text(game.matchup)
            node["awayName"] = text(game.awayName)
            node["homeName"] = text(game.homeName)
            node["teams"] = text(game.teams)
            node["stadium"] = text(game.stadium)
            node["city"] = text(game.city)
            node["venue"] = text(game.venue)
            node["time"] = game.time
        case .travel(let travel):
            node["isTravel"] = true
            node["icon"] = travel.icon
            node["mode"] = travel.mode.rawValue
            node["modeName"] = travel.modeName
            node["fromCity"] = text(travel.fromCity)
            node["toCity"] = text(travel.toCity)
            node["route"] = text(travel.route)
            node["details"] = travel.details.isEmpty ? false : travel.details
            node["notes"] = optional(travel.notes)
            node["noteLines"] = travel.notes.map(lines) ?? []
            node["confirmation"] = optional(travel.confirmation)
        case .custom(let custom):
            node["isCustom"] = true
            node["icon"] = custom.icon
            node["category"] = custom.category.rawValue
            node["categoryName"] = custom.category.rawValue.prefix(1).uppercased() + custom.category.rawValue.dropFirst()
            node["time"] = custom.time ?? false
            node["address"] = optional(custom.address)
            node["notes"] = optional(custom.notes)
            node["noteLines"] = custom.notes.map(lines) ?? []
            node["confirmation"] = optional(custom.confirmation)
        }
        node["hasNotes"] = !((node["noteLines"] as? [String])?.isEmpty ?? true)
        return ViewNode(node)
    }

    private static func diagramNode(_ diagram: RouteDiagram) -> ViewNode {
        ViewNode([
            "width": RouteDiagram.number(diagram.width),
            "height": RouteDiagram.number(diagram.height),
            "points": diagram.points,
            "hasLine": diagram.points.contains(" "),
            "arrows": diagram.arrows.map { arrow -> ViewNode in
                ViewNode(["x": RouteDiagram.number(arrow.x), "y": RouteDiagram.number(arrow.y), "degrees": RouteDiagram.number(arrow.degrees)])
            },
            "markers": diagram.markers.map { marker -> ViewNode in
                ViewNode([
                    "x": RouteDiagram.number(marker.x), "y": RouteDiagram.number(marker.y),
                    "left": RouteDiagram.number(marker.x - marker.width / 2),
                    "top": RouteDiagram.number(marker.y - (marker.showsNumbers ? RouteDiagram.markerHeight : 7) / 2),
                    "width": RouteDiagram.number(marker.width),
                    "height": RouteDiagram.number(marker.showsNumbers ? RouteDiagram.markerHeight : 7),
                    "radius": RouteDiagram.number((marker.showsNumbers ? RouteDiagram.markerHeight : 7) / 2),
                    "textY": RouteDiagram.number(marker.y + 4),
                    "numbers": marker.numbers,
                    "showsNumbers": marker.showsNumbers,
                    "isStart": marker.isStart, "isEnd": marker.isEnd,
                    "role": marker.isStart && marker.isEnd ? "start end" : (marker.isStart ? "start" : (marker.isEnd ? "end" : "stop")),
                ])
            },
            "labels": diagram.labels.map { label -> ViewNode in
                ViewNode(["text": label.text, "x": RouteDiagram.number(label.x), "y": RouteDiagram.number(label.y), "anchor": label.anchor])
            },
        ])
    }

    /// A sport as a CSS class name: "mlb", "nba"; letters and digits only.
    static func cssClass(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return kept.isEmpty ? "other" : String(String.UnicodeScalarView(kept.prefix(20)))
    }
}

/// One object of the view: named fields, looked up by Mustache directly. A
/// final class rather than a dictionary, because Mustache asks every value
/// what it is, and a class answers that question much faster than a generic
/// dictionary does.
final class ViewNode: MustacheParent {
    let fields: [String: Any]

    init(_ fields: [String: Any]) {
        self.fields = fields
    }

    func child(named name: String) -> Any? {
        fields[name]
    }

    subscript(name: String) -> Any? { fields[name] }
}
