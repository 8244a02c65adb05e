import ItineraryModel
import ItineraryPresentation

/// The plain tree the templates see: objects (`ViewNode`), lists, strings, numbers
/// and booleans, built from the presented trip in its one order. Its fields
/// are the contract documented in Templates/README.md; a field that has no
/// value is `false`, never missing, so a section on it never reaches a
/// field of the same name further out.
///
/// For Markdown every string from the input is escaped here, and the
/// templates print it as is; for HTML the template's `{{…}}` escapes it.
enum TripView {
    static func html(_ trip: PresentedTrip, options: WebOptions) -> ViewNode {
        // The drawing (a year-long trip has thousands of stops to place) is
        // made on another thread while the days' nodes are.
        let drawing = Background { RouteDiagram(trip.route).map { ViewValue.node(diagramNode($0)) } ?? false }
        var view = build(trip, text: { $0 }, lines: plainLines)
        view.set(.pageSize, .text(options.pageSize.cssName))
        view.set(.layout, .text(options.style.rawValue))
        view.set(.daySheets, .flag(options.style == .daySheets))
        view.set(.diagram, drawing.value)
        return view.node
    }

    static func markdown(_ trip: PresentedTrip) -> ViewNode {
        build(trip, text: MarkdownText.inline, lines: MarkdownText.lines).node
    }

    static func plainLines(_ text: String) -> [String] {
        // One line, the common case, without walking its characters.
        let isOneLine = text.utf8.allSatisfy { $0 < 0x80 && ($0 < 0x0A || $0 > 0x0D) }
        if isOneLine { return [text] }
        return TextLines.split(text).map(String.init)
    }

    /// The tree; `text` prepares one-line strings from the input, `lines` multi-line ones.
    private static func build(_ trip: PresentedTrip, text: (String) -> String, lines: (String) -> [String]) -> ViewFields {
        // A stadium is named with its city; a custom place by its title.
        let names = trip.route.map(\.name)
        let stops = trip.route.enumerated().map { index, stop -> ViewNode in
            ViewNode([
                .number: .number(index + 1),
                .name: .text(text(names[index])),
                .day: .number(stop.day),
                .dayLabel: .text(Formats.dayLabel(stop.day)),
                .isStart: .flag(index == 0),
                .isEnd: .flag(index == trip.route.count - 1 && trip.route.count > 1),
            ])
        }
        let statistics = trip.statistics
        let description = names.isEmpty ? "" : "Route in order: " + names.enumerated().map { index, name in
            "\(index + 1). " + name
        }.joined(separator: "; ") + "."
        var view = ViewFields(capacity: 20)
        view.set(.lang, "en")
        view.set(.name, .text(text(trip.name)))
        view.set(.dateRange, .text(trip.dateRange))
        view.set(.summary, .text(trip.summary))
        view.set(.statistics, .node(ViewNode([
            .days: .number(statistics.days), .games: .number(statistics.games), .travel: .number(statistics.travel),
            .customItems: .number(statistics.customItems), .cities: .number(statistics.cities),
            .distance: .text(Formats.distance(miles: statistics.totalMiles, units: trip.units)),
        ])))
        view.set(.days, .nodes(days(trip.days, text: text, lines: lines)))
        view.set(.hasRoute, .flag(!stops.isEmpty))
        view.set(.stops, .nodes(stops))
        view.set(.stopCount, .number(stops.count))
        view.set(.stopCountText, .text(Formats.count(stops.count, "stop")))
        view.set(.routeDescription, .text(text(description)))
        return view
    }

    /// The days' nodes; a long trip's in two halves at once.
    private static func days(_ days: [PresentedDay], text: (String) -> String, lines: (String) -> [String]) -> [ViewNode] {
        // The closures given are pure functions of their argument.
        nonisolated(unsafe) let text = text, lines = lines
        return Parallel.parts(of: days.count, minimum: 32) { range in
            days[range].map { day(for: $0, text: text, lines: lines) }
        }.flatMap { $0 }
    }

    private static func day(for day: PresentedDay, text: (String) -> String, lines: (String) -> [String]) -> ViewNode {
        ViewNode([
            .number: .number(day.number),
            .label: .text(day.label),
            .date: .text(day.longDate),
            .header: .text(day.header),
            .isRest: .flag(day.isRest),
            .hasItems: .flag(!day.isRest),
            .restText: .text(PresentedDay.restText),
            .itemCount: .number(day.rows.count),
            .items: .nodes(day.rows.enumerated().map { index, row in item(for: row, position: index + 1, text: text, lines: lines) }),
        ])
    }

    /// "Restaurant", "Hotel": a category as a word in a sentence's start.
    private static let categoryNames: [Custom.Category: String] = Dictionary(uniqueKeysWithValues: Custom.Category.allCases.map {
        ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst())
    })

    /// "1. " is three characters wide, "10. " four: a list item's continuation lines are indented by as much.
    private static let indents = (0...6).map { String(repeating: " ", count: $0 + 2) }

    /// The fields of an item of each kind, in the order `item` sets them: every
    /// item of a kind shares its layout.
    private static let layouts: (game: ViewLayout, travel: ViewLayout, custom: ViewLayout) = {
        let start: [ViewField] = [.id, .kind, .isGame, .isTravel, .isCustom, .position, .indent, .title]
        let end: [ViewField] = [.noteLines, .hasNotes]
        return (ViewLayout(start + [.time, .notes, .confirmation, .address, .icon, .sport, .sportClass, .matchup,
                                    .awayName, .homeName, .teams, .stadium, .city, .venue] + end),
                ViewLayout(start + [.time, .notes, .confirmation, .address, .icon, .mode, .modeName, .fromCity, .toCity,
                                    .route, .details] + end),
                ViewLayout(start + [.time, .notes, .confirmation, .address, .icon, .category, .categoryName] + end))
    }()

    private static func item(for row: Row, position: Int, text: (String) -> String, lines: (String) -> [String]) -> ViewNode {
        func optional(_ value: String?) -> ViewValue { value.map { .text(text($0)) } ?? false }
        var node: ViewFields
        switch row {
        case .game: node = ViewFields(layout: layouts.game)
        case .travel: node = ViewFields(layout: layouts.travel)
        case .custom: node = ViewFields(layout: layouts.custom)
        }
        node.set(.id, .text(text(row.itemID)))
        node.set(.kind, .text(row.kindName))
        var isGame = false, isTravel = false, isCustom = false
        switch row {
        case .game: isGame = true
        case .travel: isTravel = true
        case .custom: isCustom = true
        }
        node.set(.isGame, .flag(isGame))
        node.set(.isTravel, .flag(isTravel))
        node.set(.isCustom, .flag(isCustom))
        node.set(.position, .number(position))
        let digits = String(position).utf8.count
        node.set(.indent, .text(digits < indents.count ? indents[digits] : String(repeating: " ", count: digits + 2)))
        node.set(.title, .text(text(row.title)))
        // Fields that only some kinds have are false on the others.
        var noteLines: [String] = []
        switch row {
        case .game(let game):
            node.set(.time, .text(game.time))
            node.set(.notes, false)
            node.set(.confirmation, false)
            node.set(.address, false)
            node.set(.icon, .text(Icons.game))
            node.set(.sport, .text(text(game.sport)))
            node.set(.sportClass, .text(cssClass(game.sport)))
            node.set(.matchup, .text(text(game.matchup)))
            node.set(.awayName, .text(text(game.awayName)))
            node.set(.homeName, .text(text(game.homeName)))
            node.set(.teams, .text(text(game.teams)))
            node.set(.stadium, .text(text(game.stadium)))
            node.set(.city, .text(text(game.city)))
            node.set(.venue, .text(text(game.venue)))
        case .travel(let travel):
            noteLines = travel.notes.map(lines) ?? []
            node.set(.time, false)
            node.set(.notes, optional(travel.notes))
            node.set(.confirmation, optional(travel.confirmation))
            node.set(.address, false)
            node.set(.icon, .text(travel.icon))
            node.set(.mode, .text(travel.mode.rawValue))
            node.set(.modeName, .text(travel.modeName))
            node.set(.fromCity, .text(text(travel.fromCity)))
            node.set(.toCity, .text(text(travel.toCity)))
            node.set(.route, .text(text(travel.route)))
            node.set(.details, travel.details.isEmpty ? false : .text(travel.details))
        case .custom(let custom):
            noteLines = custom.notes.map(lines) ?? []
            node.set(.time, .text(or: custom.time))
            node.set(.notes, optional(custom.notes))
            node.set(.confirmation, optional(custom.confirmation))
            node.set(.address, optional(custom.address))
            node.set(.icon, .text(custom.icon))
            node.set(.category, .text(custom.category.rawValue))
            node.set(.categoryName, .text(categoryNames[custom.category] ?? custom.category.rawValue))
        }
        node.set(.noteLines, .texts(noteLines))
        node.set(.hasNotes, .flag(!noteLines.isEmpty))
        return node.node
    }

    private static func diagramNode(_ diagram: RouteDiagram) -> ViewNode {
        func number(_ value: Double) -> ViewValue { .text(RouteDiagram.number(value)) }
        return ViewNode([
            .width: number(diagram.width),
            .height: number(diagram.height),
            .points: .text(diagram.points),
            .hasLine: .flag(diagram.points.contains(" ")),
            .arrows: .nodes(diagram.arrows.map { arrow in
                ViewNode([.x: number(arrow.x), .y: number(arrow.y), .degrees: number(arrow.degrees)])
            }),
            .markers: .nodes(diagram.markers.map { marker in
                let height = marker.showsNumbers ? RouteDiagram.markerHeight : 7
                return ViewNode([
                    .x: number(marker.x), .y: number(marker.y),
                    .left: number(marker.x - marker.width / 2),
                    .top: number(marker.y - height / 2),
                    .width: number(marker.width),
                    .height: number(height),
                    .radius: number(height / 2),
                    .textY: number(marker.y + 4),
                    .numbers: .text(marker.numbers),
                    .showsNumbers: .flag(marker.showsNumbers),
                    .isStart: .flag(marker.isStart), .isEnd: .flag(marker.isEnd),
                    .role: .text(marker.isStart && marker.isEnd ? "start end" : (marker.isStart ? "start" : (marker.isEnd ? "end" : "stop"))),
                ])
            }),
            .labels: .nodes(diagram.labels.map { label in
                ViewNode([.text: .text(label.text), .x: number(label.x), .y: number(label.y), .anchor: .text(label.anchor)])
            }),
        ])
    }

    /// A sport as a CSS class name: "mlb", "nba"; letters and digits only.
    static func cssClass(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return kept.isEmpty ? "other" : String(String.UnicodeScalarView(kept.prefix(20)))
    }
}
