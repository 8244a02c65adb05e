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
    /// `options`: its page size, layout and sections (nil: every part); `map` under the
    /// route drawing; `theme` an app's own look (nil: the built-in one).
    static func html(
        _ trip: PresentedTrip, options: DocumentOptions, map: MapData = .none, theme: WebTheme? = nil
    ) -> ViewNode {
        var view = build(trip, text: { $0 }, lines: plainLines, asked: options.sections)
        view["pageSize"] = .text(options.pageSize.cssName)
        view["layout"] = .text(options.layout.rawValue)
        view["daySheets"] = .flag(options.layout == .daySheets)
        view["theme"] =
            theme.map { theme in
                .node(
                    ViewNode([
                        "variables": .text(theme.variables),
                        "logo": theme.logo.map(ViewValue.text) ?? false,
                        "logoAlt": .text(theme.logoAlt),
                        "footer": theme.footer.map(ViewValue.text) ?? false,
                    ]))
            } ?? false
        let formats = trip.formats
        view["diagram"] =
            !(options.sections?.contains(.map) ?? true)
            ? false
            : RouteSVG(trip.route, units: trip.units, formats: trip.formats, map: map).map { diagram in
                .node(diagramNode(diagram, formats: formats, dayColours: theme?.dayColours))
            } ?? false
        return ViewNode(view)
    }

    static func markdown(
        _ trip: PresentedTrip, footer: String? = nil, options: DocumentOptions = DocumentOptions()
    ) -> ViewNode {
        var view = build(trip, text: MarkdownText.inline, lines: MarkdownText.lines, asked: options.sections)
        view["footer"] = footer.map { .text(MarkdownText.inline($0)) } ?? false
        return ViewNode(view)
    }

    static func plainLines(_ text: String) -> [String] {
        // One line, the common case, without walking its characters.
        let isOneLine = text.utf8.allSatisfy { $0 < 0x80 && ($0 < 0x0A || $0 > 0x0D) }
        if isOneLine { return [text] }
        return TextLines.split(text).map(String.init)
    }

    /// The tree; `text` prepares one-line strings from the input, `lines` multi-line ones.
    /// `asked`: the parts asked for by name (nil: every part, an empty one left out).
    private static func build(
        _ trip: PresentedTrip, text: (String) -> String, lines: (String) -> [String], asked: Set<Section>?
    ) -> [String: ViewValue] {
        let sections = asked ?? Set(Section.allCases)
        // A stadium is named with its city; a custom place by its title.
        let names = trip.route.map(\.name)
        let formats = trip.formats, language = trip.language
        let stops = trip.route.enumerated().map { index, stop -> ViewNode in
            ViewNode([
                "number": .number(index + 1),
                "name": .text(text(names[index])),
                "day": .number(stop.day),
                "dayLabel": .text(formats.dayLabel(stop.day)),
                "isStart": .flag(index == 0),
                "isEnd": .flag(index == trip.route.count - 1 && trip.route.count > 1),
            ])
        }
        let statistics = trip.statistics
        var view: [String: ViewValue] = [:]
        view["lang"] = .text(language.tag)
        view["dir"] = .text(language.isRightToLeft ? "rtl" : "ltr")
        view["name"] = .text(text(trip.name))
        view["documentTitle"] = .text(text(language.text(.documentTitle, ["trip": .text(trip.name)])))
        view["labels"] = .node(
            ViewNode([
                "route": .text(language.text(.routeTitle)),
                "start": .text(language.text(.routeStart)),
                "end": .text(language.text(.routeEnd)),
                "confirmation": .text(language.text(.confirmation)),
                "separator": .text(language.separator),
                "mapTitle": .text(text(language.text(.routeMapOf, ["trip": .text(trip.name)]))),
            ]))
        view["dateRange"] = .text(trip.dateRange)
        view["summary"] = .text(trip.summary)
        view["statistics"] = .node(
            ViewNode([
                "days": .number(statistics.days), "games": .number(statistics.games),
                "travel": .number(statistics.travel),
                "customItems": .number(statistics.customItems), "cities": .number(statistics.cities),
                "distance": .text(formats.distance(miles: statistics.totalMiles, units: trip.units)),
            ]))
        view["cover"] = .flag(sections.contains(.cover))
        view["subscription"] = trip.subscription.map { .node(subscription($0)) } ?? false
        view["days"] = .nodes(sections.contains(.days) ? days(trip.days, text: text, lines: lines) : [])
        view["bookings"] =
            sections.contains(.bookings) && !trip.bookings.isEmpty
            ? .node(bookings(trip, text: text)) : false
        view["hasRoute"] = .flag(!stops.isEmpty && sections.contains(.map))
        // A part asked for by name with nothing in it says so, under its heading: never a blank document.
        view["noRoute"] =
            asked?.contains(.map) == true && stops.isEmpty
            ? .node(ViewNode(["title": .text(language.text(.routeTitle)), "text": .text(language.text(.emptyMap))]))
            : false
        view["noBookings"] =
            asked?.contains(.bookings) == true && trip.bookings.isEmpty
            ? .node(
                ViewNode([
                    "title": .text(trip.bookingLabels.title), "text": .text(language.text(.emptyBookings)),
                ])) : false
        view["stops"] = .nodes(stops)
        view["stopCount"] = .number(stops.count)
        view["stopCountText"] = .text(formats.stops(stops.count))
        view["stopsInOrder"] = .text(language.text(.routeStopsInOrder, ["count": .number(stops.count)]))
        view["routeDescription"] = .text(text(trip.routeAlternative))
        return view
    }

    /// A calendar feed's QR code as one SVG path (a rectangle a run of dark modules, in modules, the
    /// quiet zone included in the view box), with what scanning does and the URL.
    private static func subscription(_ subscription: Subscription) -> ViewNode {
        let code = subscription.code, quiet = QRCode.quietZone
        let path = code.runs.map { "M\($0.column + quiet) \($0.row + quiet)h\($0.length)v1h-\($0.length)z" }.joined()
        return ViewNode([
            "url": .text(subscription.url), "scan": .text(subscription.scanText),
            "alt": .text(subscription.alternative), "side": .number(code.size + 2 * quiet), "path": .text(path),
        ])
    }

    /// The bookings part: its heading, its column headers and a row a booking, in the trip's order.
    private static func bookings(_ trip: PresentedTrip, text: (String) -> String) -> ViewNode {
        let labels = trip.bookingLabels
        return ViewNode([
            "title": .text(labels.title),
            "columns": .node(
                ViewNode([
                    "day": .text(labels.day), "time": .text(labels.time), "kind": .text(labels.kind),
                    "what": .text(labels.what), "confirmation": .text(labels.confirmation),
                    "address": .text(labels.address),
                ])),
            "rows": .nodes(
                trip.bookings.map { booking in
                    ViewNode([
                        "id": .text(booking.itemID),
                        "day": .text(booking.day),
                        "time": .text(booking.time ?? "–"),
                        "kind": .text(booking.kind),
                        "title": .text(text(booking.title)),
                        "confirmation": .text(text(booking.confirmation)),
                        "address": .text(booking.address.map(text) ?? "–"),
                    ])
                }),
        ])
    }

    private static func days(
        _ days: [PresentedDay], text: (String) -> String, lines: (String) -> [String]
    ) -> [ViewNode] {
        days.map { day(for: $0, text: text, lines: lines) }
    }

    private static func day(for day: PresentedDay, text: (String) -> String, lines: (String) -> [String]) -> ViewNode {
        ViewNode([
            "number": .number(day.number),
            "label": .text(day.label),
            "date": .text(day.longDate),
            "header": .text(day.header),
            "isRest": .flag(day.isRest),
            "hasItems": .flag(!day.isRest),
            "restText": .text(day.restText),
            "itemCount": .number(day.rows.count),
            "items": .nodes(
                day.rows.enumerated().map { index, row in item(for: row, position: index + 1, text: text, lines: lines)
                }),
        ])
    }

    /// "1. " is three characters wide, "10. " four: a list item's continuation lines are indented by as much.
    private static let indents = (0...6).map { String(repeating: " ", count: $0 + 2) }

    private static func item(
        for row: Row, position: Int, text: (String) -> String, lines: (String) -> [String]
    ) -> ViewNode {
        func optional(_ value: String?) -> ViewValue { value.map { .text(text($0)) } ?? false }
        var node: [String: ViewValue] = [:]
        node["id"] = .text(text(row.itemID))
        node["kind"] = .text(row.kindName)
        var isGame = false, isTravel = false, isCustom = false
        switch row {
        case .game: isGame = true
        case .travel: isTravel = true
        case .custom: isCustom = true
        }
        node["isGame"] = .flag(isGame)
        node["isTravel"] = .flag(isTravel)
        node["isCustom"] = .flag(isCustom)
        node["position"] = .number(position)
        let digits = String(position).utf8.count
        node["indent"] = .text(digits < indents.count ? indents[digits] : String(repeating: " ", count: digits + 2))
        node["title"] = .text(text(row.title))
        // Fields that only some kinds have are false on the others.
        var noteLines: [String] = []
        switch row {
        case .game(let game):
            node["time"] = .text(game.time)
            node["notes"] = false
            node["confirmation"] = false
            node["address"] = false
            node["icon"] = .text(Icons.game)
            node["sport"] = .text(text(game.sport))
            node["sportClass"] = .text(cssClass(game.sport))
            node["matchup"] = .text(text(game.matchup))
            node["awayName"] = .text(text(game.awayName))
            node["homeName"] = .text(text(game.homeName))
            node["teams"] = .text(text(game.teams))
            node["stadium"] = .text(text(game.stadium))
            node["city"] = .text(text(game.city))
            node["venue"] = .text(text(game.venue))
        case .travel(let travel):
            noteLines = travel.notes.map(lines) ?? []
            node["time"] = false
            node["notes"] = optional(travel.notes)
            node["confirmation"] = optional(travel.confirmation)
            node["address"] = false
            node["icon"] = .text(travel.icon)
            node["mode"] = .text(travel.mode.rawValue)
            node["modeName"] = .text(travel.modeName)
            node["fromCity"] = .text(text(travel.fromCity))
            node["toCity"] = .text(text(travel.toCity))
            node["route"] = .text(text(travel.route))
            node["details"] = travel.details.isEmpty ? false : .text(travel.details)
        case .custom(let custom):
            noteLines = custom.notes.map(lines) ?? []
            node["time"] = .text(or: custom.time)
            node["notes"] = optional(custom.notes)
            node["confirmation"] = optional(custom.confirmation)
            node["address"] = optional(custom.address)
            node["icon"] = .text(custom.icon)
            node["category"] = .text(custom.category.rawValue)
            node["categoryName"] = .text(custom.categoryName)
        }
        node["noteLines"] = .texts(noteLines)
        node["hasNotes"] = .flag(!noteLines.isEmpty)
        return ViewNode(node)
    }

    private static func diagramNode(_ diagram: RouteSVG, formats: Formats, dayColours: [String]? = nil) -> ViewNode {
        // A theme's day colours in place of the built-in ones, day by day.
        func colour(_ day: Int, _ builtIn: String?) -> ViewValue {
            guard let builtIn else { return .flag(false) }
            guard let dayColours, !dayColours.isEmpty else { return .text(builtIn) }
            return .text(dayColours[((day - 1) % dayColours.count + dayColours.count) % dayColours.count])
        }
        func number(_ value: Double) -> ViewValue { .text(RouteSVG.number(value)) }
        return ViewNode([
            "width": number(diagram.width),
            "height": number(diagram.height),
            "points": .text(diagram.points),
            "hasLine": .flag(diagram.points.contains(" ")),
            "legs": .nodes(
                diagram.legs.map { leg in
                    ViewNode([
                        "points": .text(leg.points), "colour": colour(leg.day, leg.colour),
                        "label": .text(formats.dayLabel(leg.day)),
                    ])
                }),
            "hasDays": .flag(!diagram.days.isEmpty),
            "days": .nodes(
                diagram.days.map { day in
                    ViewNode([
                        "day": .number(day.day), "label": .text(formats.dayLabel(day.day)),
                        "colour": colour(day.day, day.colour),
                    ])
                }),
            "hasMap": .flag(!diagram.mapLayers.isEmpty),
            "mapLayers": .nodes(
                diagram.mapLayers.map { layer in
                    ViewNode(["role": .text(layer.role.rawValue), "path": .text(layer.path)])
                }),
            "scaleBar": diagram.scaleBar.map { bar in
                .node(
                    ViewNode([
                        "x": number(bar.x), "y": number(bar.y), "end": number(bar.x + bar.length),
                        "tickY": number(bar.y - 4),
                        "textX": number(bar.x + bar.length + 5), "label": .text(bar.label),
                    ]))
            } ?? .flag(false),
            "arrows": .nodes(
                diagram.arrows.map { arrow in
                    ViewNode([
                        "x": number(arrow.center.x), "y": number(arrow.center.y), "degrees": number(arrow.degrees),
                        "colour": colour(diagram.day(of: arrow), diagram.colour(of: arrow)),
                    ])
                }),
            "markers": .nodes(
                diagram.markers.map { marker in
                    let x = marker.center.x, y = marker.center.y, height = marker.height
                    return ViewNode([
                        "x": number(x), "y": number(y),
                        "left": number(x - marker.width / 2),
                        "top": number(y - height / 2),
                        "width": number(marker.width),
                        "height": number(height),
                        "radius": number(height / 2),
                        "textY": number(y + 4),
                        "numbers": .text(marker.numbers),
                        "showsNumbers": .flag(marker.showsNumbers),
                        "isStart": .flag(marker.isStart), "isEnd": .flag(marker.isEnd),
                        "role": .text(
                            marker.isStart && marker.isEnd
                                ? "start end" : (marker.isStart ? "start" : (marker.isEnd ? "end" : "stop"))),
                    ])
                }),
            "labels": .nodes(
                diagram.labels.map { label in
                    // The baseline: 4 above the frame's bottom, room for descenders.
                    ViewNode([
                        "text": .text(label.text), "x": number(label.anchorX), "y": number(label.frame.maxY - 4),
                        "anchor": .text(label.anchor.svgTextAnchor),
                    ])
                }),
        ])
    }

    /// A sport as a CSS class name: "mlb", "nba"; letters and digits only.
    static func cssClass(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return kept.isEmpty ? "other" : String(String.UnicodeScalarView(kept.prefix(20)))
    }
}
