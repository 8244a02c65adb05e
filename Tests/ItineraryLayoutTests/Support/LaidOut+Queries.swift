import ItineraryLayout
import ItineraryPresentation

/// Lays out with the deterministic measurer, as every layout test does.
/// Without map data unless a test gives its own.
func layout(
    _ trip: PresentedTrip, _ style: DocumentStyle = .book, _ size: PageSize = .letter,
    map: MapData = .none
) -> (document: LaidOutDocument, content: Rect) {
    let layout = DocumentLayout(pageSize: size, style: style, measurer: FixedWidthMeasurer(), map: map)
    return (layout.layout(trip), layout.contentBox)
}

/// A text box and the page it is on.
struct PlacedText {
    let page: Int
    let box: TextBox
    var text: String { box.text }
    var frame: Rect { box.frame }
}

extension Page {
    var texts: [TextBox] {
        boxes.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    var rects: [RectBox] {
        boxes.compactMap { if case .rect(let rect) = $0 { rect } else { nil } }
    }

    func texts(_ role: Role) -> [TextBox] { texts.filter { $0.role == role } }
    func rects(_ role: Role) -> [RectBox] { rects.filter { $0.role == role } }

    static let footerRoles: Set<Role> = [.footerTrip, .footerPage]

    /// Everything but the footer: its texts and the rule above them, the one
    /// full-width line that lies between the content box and the footer texts.
    func content(below content: Rect) -> [Box] {
        let footerTop = texts.filter { Page.footerRoles.contains($0.role) }.map(\.frame.y).min() ?? .infinity
        return boxes.filter { box in
            switch box {
            case .text(let text): !Page.footerRoles.contains(text.role)
            case .line(let line): !(line.from.y == line.to.y && line.from.y >= content.maxY && line.from.y < footerTop)
            default: true
            }
        }
    }
}

extension LaidOutDocument {
    /// Every text in reading order: page by page, top to bottom, then left to right.
    var texts: [PlacedText] {
        pages.flatMap { page in
            page.texts.map { PlacedText(page: page.number, box: $0) }
                .sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
        }
    }

    func texts(_ role: Role) -> [PlacedText] { texts.filter { $0.box.role == role } }

    func page(_ number: Int) -> Page { pages[number - 1] }
}

extension Row {
    /// The role and text of the line that names a row in the layout.
    var mainText: (role: Role, text: String) {
        switch self {
        case .game(let game): (.matchup, game.matchup)
        case .travel(let travel): (.travel, travel.line)
        case .custom(let custom): (.title, custom.title)
        }
    }
}
