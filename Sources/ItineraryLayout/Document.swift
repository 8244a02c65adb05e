import ItineraryModel
import ItineraryPresentation

/// A laid-out document: pages of positioned boxes, ready to be drawn by any renderer.
package struct LaidOutDocument: Sendable {
    package let title: String
    package let pageWidth: Double
    package let pageHeight: Double
    package var pages: [Page]
    /// Whether the pages run right to left (Arabic, Hebrew): text is set from
    /// the right edge of its box, which the layout has already mirrored.
    package var rightToLeft = false
    /// The document's language as a BCP 47 tag, for Pango and the PDF's `/Lang`.
    package var language = "en-US"
    /// The PDF's subject: "Trip itinerary, Fri, Mar 6 – Tue, Mar 10, 2026", in the document's language.
    package var subject = ""
}

/// One page: what is drawn on it, in reading order, and the bookmarks that point to it.
package struct Page: Sendable {
    package let number: Int
    package var boxes: [Box]
    package var bookmarks: [Bookmark]
    /// The blocks on the page, in reading order, with the boxes each drew:
    /// what the PDF's structure tree is made from. Boxes in none (the footer) are decoration.
    package var blocks: [PlacedBlock] = []
}

/// A block as placed on a page: its kind and the range of the page's boxes it drew.
package struct PlacedBlock: Sendable {
    package let kind: BlockKind
    package let boxes: Range<Int>
    /// A route map's text alternative.
    package let alternative: String?
}

/// A document outline entry: a day's header and where on its page it is.
package struct Bookmark: Sendable, Hashable {
    package let title: String
    package let y: Double
    /// The month the day is in ("March 2026"): a long trip's days are bookmarked under their months.
    package var group: String?
}

package struct Point: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// An sRGB colour, components 0…1.
package struct Color: Sendable, Hashable, Codable {
    package let red: Double, green: Double, blue: Double

    package init(hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }

    package init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A vector pictogram drawn by the renderer.
package enum Symbol: Sendable, Hashable {
    case category(Custom.Category)
    case mode(Travel.Mode)
    /// A league's sport: a Wallet pass's icon.
    case sport(Sport)
}

/// One positioned thing to draw.
package enum Box: Sendable {
    /// Text with its top-left corner at `origin`, wrapped at `width` when given.
    case text(TextBox)
    case rect(RectBox)
    case line(LineBox)
    case polyline(PolylineBox)
    case circle(CircleBox)
    case symbol(SymbolBox)
    case shape(ShapeBox)
    /// A theme's logo.
    case image(ImageBox)
    /// A QR code (a calendar feed's URL).
    case code(CodeBox)
}

/// A QR code drawn as vector squares: dark modules on a light square that holds the quiet zone.
/// Black on white whatever the theme, as a reader expects a code.
package struct CodeBox: Sendable {
    package let code: QRCode
    /// The whole code, its quiet zone included.
    package let frame: Rect

    /// The side of one module, in points.
    package var module: Double { frame.width / Double(code.size + 2 * QRCode.quietZone) }
}

package struct ImageBox: Sendable {
    package let logo: Logo
    /// Where the logo is fitted, keeping its proportions.
    package let frame: Rect
    package let role: Role
}

/// Outlines filled or stroked as one path and clipped to a rounded
/// rectangle: a layer of the map under a route.
package struct ShapeBox: Sendable {
    package let outlines: [[Point]]
    /// Whether the outlines are rings to fill (else lines to stroke).
    package let closed: Bool
    package let color: Color
    /// The width of a stroked line.
    package let lineWidth: Double
    package let dashed: Bool
    package let clip: Rect
    package let clipRadius: Double
    /// What the layer is (land, water, state borders, …).
    package let role: Role
}

package struct TextBox: Sendable {
    package let text: String
    package let style: TextStyle
    package let color: Color
    /// Where the text was measured and is drawn: the wrap width, or nil for one line.
    package let wrapWidth: Double?
    /// The space the set text takes.
    package let frame: Rect
    /// What the text is (a title, a time, …): the structure element it is, and where it is read.
    package let role: Role
}

package struct RectBox: Sendable {
    package let frame: Rect
    package let radius: Double
    package let fill: Color?
    package let stroke: Color?
    package let lineWidth: Double
    package let dashed: Bool
    package let role: Role
    /// How the painter draws the rectangle.
    package var style: RectStyle = .plain
}

/// How a rectangle is drawn.
package enum RectStyle: Sendable {
    /// Its frame with its corner radius, filled and stroked as given.
    case plain
    /// A bar along a row's left edge: filled, and clipped to the row's rounded
    /// corners so it follows them.
    case accentBar
    /// The same along the right edge, on pages that run right to left.
    case accentBarRight
    /// A theme's paper under the whole page: filled inside a clip, which Cairo 1.16
    /// needs for a page-sized fill inside tags.
    case page
}

package struct LineBox: Sendable {
    package let from: Point
    package let to: Point
    package let color: Color
    package let width: Double
}

package struct PolylineBox: Sendable {
    package let points: [Point]
    package let color: Color
    package let width: Double
    package let dashed: Bool
}

package struct CircleBox: Sendable {
    package let center: Point
    package let radius: Double
    package let fill: Color
    package let stroke: Color?
    package let lineWidth: Double
}

package struct SymbolBox: Sendable {
    package let symbol: Symbol
    package let frame: Rect
    package let background: Color
    package let foreground: Color
}

extension Box {
    /// The area a box covers, for the checks that nothing leaves the page.
    package var frame: Rect {
        switch self {
        case .text(let box): box.frame
        case .rect(let box): box.frame
        case .line(let box):
            Rect(
                min(box.from.x, box.to.x), min(box.from.y, box.to.y), abs(box.to.x - box.from.x),
                abs(box.to.y - box.from.y))
        case .polyline(let box):
            Rect(
                box.points.map(\.x).min() ?? 0, box.points.map(\.y).min() ?? 0,
                (box.points.map(\.x).max() ?? 0) - (box.points.map(\.x).min() ?? 0),
                (box.points.map(\.y).max() ?? 0) - (box.points.map(\.y).min() ?? 0))
        case .circle(let box):
            Rect(box.center.x - box.radius, box.center.y - box.radius, box.radius * 2, box.radius * 2)
        case .symbol(let box): box.frame
        case .shape(let box): box.clip
        case .image(let box): box.frame
        case .code(let box): box.frame
        }
    }

    /// The box reflected across the page's vertical middle, for pages that run right to left.
    func mirrored(pageWidth width: Double) -> Box {
        func x(_ value: Double) -> Double { width - value }
        func frame(_ rect: Rect) -> Rect { Rect(width - rect.maxX, rect.y, rect.width, rect.height) }
        func point(_ p: Point) -> Point { Point(x(p.x), p.y) }
        switch self {
        case .text(let box):
            return .text(
                TextBox(
                    text: box.text, style: box.style, color: box.color, wrapWidth: box.wrapWidth,
                    frame: frame(box.frame), role: box.role))
        case .rect(let box):
            let style: RectStyle =
                switch box.style {
                case .plain: .plain
                case .accentBar: .accentBarRight
                case .accentBarRight: .accentBar
                case .page: .page
                }
            return .rect(
                RectBox(
                    frame: frame(box.frame), radius: box.radius, fill: box.fill, stroke: box.stroke,
                    lineWidth: box.lineWidth,
                    dashed: box.dashed, role: box.role, style: style))
        case .line(let box):
            return .line(LineBox(from: point(box.from), to: point(box.to), color: box.color, width: box.width))
        case .polyline(let box):
            return .polyline(
                PolylineBox(points: box.points.map(point), color: box.color, width: box.width, dashed: box.dashed))
        case .circle(let box):
            return .circle(
                CircleBox(
                    center: point(box.center), radius: box.radius, fill: box.fill, stroke: box.stroke,
                    lineWidth: box.lineWidth))
        case .symbol(let box):
            return .symbol(
                SymbolBox(
                    symbol: box.symbol, frame: frame(box.frame), background: box.background, foreground: box.foreground)
            )
        case .shape(let box):
            return .shape(
                ShapeBox(
                    outlines: box.outlines.map { $0.map(point) }, closed: box.closed, color: box.color,
                    lineWidth: box.lineWidth,
                    dashed: box.dashed, clip: frame(box.clip), clipRadius: box.clipRadius, role: box.role))
        case .image(let box):
            return .image(ImageBox(logo: box.logo, frame: frame(box.frame), role: box.role))
        case .code(let box):
            // Only where it stands: a code reads the same on every page.
            return .code(CodeBox(code: box.code, frame: frame(box.frame)))
        }
    }

    func offset(by dy: Double) -> Box {
        switch self {
        case .text(let box):
            .text(
                TextBox(
                    text: box.text, style: box.style, color: box.color, wrapWidth: box.wrapWidth,
                    frame: box.frame.offset(by: dy), role: box.role))
        case .rect(let box):
            .rect(
                RectBox(
                    frame: box.frame.offset(by: dy), radius: box.radius, fill: box.fill, stroke: box.stroke,
                    lineWidth: box.lineWidth, dashed: box.dashed,
                    role: box.role, style: box.style))
        case .line(let box):
            .line(
                LineBox(
                    from: Point(box.from.x, box.from.y + dy), to: Point(box.to.x, box.to.y + dy), color: box.color,
                    width: box.width))
        case .polyline(let box):
            .polyline(
                PolylineBox(
                    points: box.points.map { Point($0.x, $0.y + dy) }, color: box.color, width: box.width,
                    dashed: box.dashed))
        case .circle(let box):
            .circle(
                CircleBox(
                    center: Point(box.center.x, box.center.y + dy), radius: box.radius, fill: box.fill,
                    stroke: box.stroke, lineWidth: box.lineWidth))
        case .symbol(let box):
            .symbol(
                SymbolBox(
                    symbol: box.symbol, frame: box.frame.offset(by: dy), background: box.background,
                    foreground: box.foreground))
        case .shape(let box):
            .shape(
                ShapeBox(
                    outlines: box.outlines.map { $0.map { Point($0.x, $0.y + dy) } }, closed: box.closed,
                    color: box.color,
                    lineWidth: box.lineWidth, dashed: box.dashed, clip: box.clip.offset(by: dy),
                    clipRadius: box.clipRadius, role: box.role))
        case .image(let box):
            .image(ImageBox(logo: box.logo, frame: box.frame.offset(by: dy), role: box.role))
        case .code(let box):
            .code(CodeBox(code: box.code, frame: box.frame.offset(by: dy)))
        }
    }
}
