import ItineraryLayout

/// The PDF's structure tree, opened and closed as the pages are painted, in
/// the user's order:
///
///     Document
///       H1 (trip name), P (dates), P (summary)
///       Figure (a calendar feed's QR code; its /Alt gives the URL), P (what scanning does), P (the URL)
///       Figure (the route map; its /Alt is the route in words)
///       Sect (a day)
///         H2 (the day's header)
///         Figure (a day sheet's map)
///         L > LI > LBody (an item): H3 (a game's matchup) or P, then P for each other part
///       Sect (the bookings, or a part that has nothing to show)
///         H2 (the part's heading), P (a part's sentence saying it has nothing: `Role.notice`)
///         Table > TR > TH (the header row, each column's name; /Scope /Column by PDFFinish)
///               > TR > TD (a booking a row, a cell a column)
///
/// Text is drawn only inside leaf elements, which Cairo marks as content.
/// Everything drawn while only containers are open (cards, rules, icons, the
/// header of a continued day) or with no element open (footers, page
/// numbers) is left unmarked, and `PDFFinish` marks it as an artifact.
///
/// Cairo 1.16's own limits shape this: it has no artifacts, crashes on a tag
/// begun inside a group, and damages the file for a tag opened on a page
/// whose content is on a later one; so every element is opened just before
/// its first box is drawn (docs/notes/pdf-ua-cairo-1.16).
final class StructureTagger {
    private let canvas: Canvas
    /// Open containers, innermost last.
    private var open: [String] = []
    /// The text alternatives of the Figures, in the tree's order.
    private(set) var alternatives: [String] = []

    init(canvas: Canvas) {
        self.canvas = canvas
        begin("Document")
    }

    private func begin(_ name: String) {
        canvas.beginTag(name)
        open.append(name)
    }

    private func end() {
        guard let name = open.popLast() else { return }
        canvas.endTag(name)
    }

    /// Closes containers until `name` is the innermost (or only Document is left).
    private func close(to name: String) {
        while let last = open.last, last != name, last != "Document" { end() }
    }

    /// Draws a leaf element: its content is what `draw` paints.
    func leaf(_ name: String, _ draw: () -> Void) {
        canvas.beginTag(name)
        draw()
        canvas.endTag(name)
    }

    /// An element with children: a paragraph whose emoji are figures, its other runs spans.
    func container(_ name: String, _ draw: () -> Void) {
        canvas.beginTag(name)
        draw()
        canvas.endTag(name)
    }

    /// Opens what a block belongs to before it is painted.
    func enter(_ kind: BlockKind) {
        switch kind {
        case .title:
            close(to: "Document")
        case .route, .subscription:
            // A figure stands in the document or in its day, never in a list.
            if open.last == "L" { end() }
        case .dayHeader(_, let continued):
            guard !continued else { return }
            close(to: "Document")
            begin("Sect")
        case .partHeader:
            close(to: "Document")
            begin("Sect")
        case .tableHeader(let repeated):
            // A header row repeated atop a further page is decoration: the table has one.
            guard !repeated else { return }
            begin("Table")
            begin("TR")
        case .tableRow:
            if open.last != "Table" { close(to: "Table") }
            begin("TR")
        case .item, .rest:
            if open.last != "L" && open.last != "Sect" { close(to: "Sect") }
            if case .item = kind {
                if open.last != "L" { begin("L") }
                begin("LI")
                begin("LBody")
            }
        }
    }

    /// Closes what `enter` opened for one block.
    func leave(_ kind: BlockKind) {
        switch kind {
        case .item:
            end()  // LBody
            end()  // LI
        case .tableHeader(false), .tableRow:
            end()  // TR
        default:
            break
        }
    }

    /// A figure, its alternative recorded for the finishing step.
    func figure(alternative: String, _ draw: () -> Void) {
        alternatives.append(alternative)
        leaf("Figure", draw)
    }

    /// Closes every element: the end of the document.
    func finish() {
        while !open.isEmpty { end() }
    }

    /// Whether the trip's name has been the document's H1.
    private var titled = false

    /// The element a text of a block is, by its role; nil for a repeated or decorative text.
    /// The trip's name is the H1 once: a day sheet's first kicker, or the book's title.
    func element(ofText role: Role, in kind: BlockKind) -> String? {
        if role == .tripName, case .title = kind { titled = true; return "H1" }
        if role == .tripName, case .dayHeader(_, false) = kind, !titled { titled = true; return "H1" }
        if role == .tripName, case .partHeader = kind, !titled { titled = true; return "H1" }
        return Self.element(ofText: role, in: kind)
    }

    static func element(ofText role: Role, in kind: BlockKind) -> String? {
        // Blocks whose texts are one kind of element, or none: the map (its figure's
        // alternative says it), the table's cells, a continued day's repeated header.
        switch kind {
        case .route: return nil
        case .tableHeader(let repeated): return repeated ? nil : "TH"
        case .tableRow: return "TD"
        case .dayHeader(_, true): return nil
        default: break
        }
        // Every role is decided here, so a new one must be.
        switch role {
        case .tripName:
            // The title band's; elsewhere it is a kicker, the H1 once (`element(ofText:in:)`).
            if case .title = kind { return "H1" }
            return nil
        case .dayHeader, .partHeader: return "H2"
        case .matchup: return "H3"
        case .notice: return "P"
        case .dateRange, .summary, .logo, .subscribeScan, .subscribeURL, .gameCard, .sport, .sportBadge, .teams,
            .venue, .time, .travelRow, .goldAccent, .travel, .mode, .title, .address, .confirmation, .notes, .rest,
            .cell, .tableBand, .route, .routeEdge, .routeHeader, .routeCaption, .dayLegend, .legend, .startMarker,
            .endMarker, .marker, .markerNumber, .mapLabel, .labelBacking, .scaleBar, .land, .water, .stateBorders,
            .countryBorders, .paper, .headerLogo, .headerTrip, .footerTrip, .footerPage:
            // Body text; beside a heading, decoration.
            switch kind {
            case .dayHeader, .partHeader: return nil
            default: return "P"
            }
        }
    }

    /// The order texts of a block are read in: a game's matchup before its time, teams, venue and sport;
    /// what no order is given for comes last, in the order it was drawn.
    static func readingRank(_ role: Role) -> Int {
        switch role {
        case .matchup, .title, .travel, .tripName, .dayHeader: 0
        case .time: 1
        case .teams, .mode: 2
        case .venue: 3
        case .sport: 4
        case .dateRange, .summary, .logo, .partHeader, .notice, .subscribeScan, .subscribeURL, .gameCard, .sportBadge,
            .travelRow, .goldAccent, .address, .confirmation, .notes, .rest, .cell, .tableBand, .route, .routeEdge,
            .routeHeader, .routeCaption, .dayLegend, .legend, .startMarker, .endMarker, .marker, .markerNumber,
            .mapLabel, .labelBacking, .scaleBar, .land, .water, .stateBorders, .countryBorders, .paper, .headerLogo,
            .headerTrip, .footerTrip, .footerPage:
            5
        }
    }
}
