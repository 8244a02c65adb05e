public import ItineraryModel
import ItineraryPresentation

/// A laid-out document: pages of positioned boxes, ready to be drawn by any renderer.
public struct LaidOutDocument: Sendable {
    public let title: String
    public let pageWidth: Double
    public let pageHeight: Double
    public var pages: [Page]
}

/// One page: what is drawn on it, in reading order, and the bookmarks that point to it.
public struct Page: Sendable {
    public let number: Int
    public var boxes: [Box]
    public var bookmarks: [Bookmark]
}

/// A document outline entry: a day's header and where on its page it is.
public struct Bookmark: Sendable, Hashable {
    public let title: String
    public let y: Double
}

public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func contains(_ other: Rect) -> Bool {
        other.x >= x - 0.001 && other.y >= y - 0.001 && other.maxX <= maxX + 0.001 && other.maxY <= maxY + 0.001
    }

    func offset(by dy: Double) -> Rect { Rect(x, y + dy, width, height) }
}

/// An sRGB colour, components 0…1.
public struct Color: Sendable, Hashable {
    public let red: Double, green: Double, blue: Double

    public init(hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }
}

/// A vector pictogram drawn by the renderer.
public enum Symbol: Sendable, Hashable {
    case category(Custom.Category)
    case mode(Travel.Mode)
}

/// One positioned thing to draw.
public enum Box: Sendable {
    /// Text with its top-left corner at `origin`, wrapped at `width` when given.
    case text(TextBox)
    case rect(RectBox)
    case line(LineBox)
    case polyline(PolylineBox)
    case circle(CircleBox)
    case symbol(SymbolBox)
    case shape(ShapeBox)
}

/// Outlines filled or stroked as one path and clipped to a rounded
/// rectangle: a layer of the map under a route.
public struct ShapeBox: Sendable {
    public let outlines: [[Point]]
    /// Whether the outlines are rings to fill (else lines to stroke).
    public let closed: Bool
    public let color: Color
    /// The width of a stroked line.
    public let lineWidth: Double
    public let dashed: Bool
    public let clip: Rect
    public let clipRadius: Double
    /// What the layer is ("land", "water", "state-borders", …), for the text snapshot and tests.
    public let role: String
}

public struct TextBox: Sendable {
    public let text: String
    public let style: TextStyle
    public let color: Color
    /// Where the text was measured and is drawn: the wrap width, or nil for one line.
    public let wrapWidth: Double?
    /// The space the set text takes.
    public let frame: Rect
    /// What the text is, for the text snapshot and tests ("title", "time", …).
    public let role: String
}

public struct RectBox: Sendable {
    public let frame: Rect
    public let radius: Double
    public let fill: Color?
    public let stroke: Color?
    public let lineWidth: Double
    public let dashed: Bool
    public let role: String
    /// How the painter draws the rectangle.
    public var style: RectStyle = .plain
}

/// How a rectangle is drawn.
public enum RectStyle: Sendable {
    /// Its frame with its corner radius, filled and stroked as given.
    case plain
    /// A bar along a row's left edge: filled, and clipped to the row's rounded
    /// corners so it follows them.
    case accentBar
}

public struct LineBox: Sendable {
    public let from: Point
    public let to: Point
    public let color: Color
    public let width: Double
}

public struct PolylineBox: Sendable {
    public let points: [Point]
    public let color: Color
    public let width: Double
    public let dashed: Bool
}

public struct CircleBox: Sendable {
    public let center: Point
    public let radius: Double
    public let fill: Color
    public let stroke: Color?
    public let lineWidth: Double
}

public struct SymbolBox: Sendable {
    public let symbol: Symbol
    public let frame: Rect
    public let background: Color
    public let foreground: Color
}

extension Box {
    /// The area a box covers, for the checks that nothing leaves the page.
    public var frame: Rect {
        switch self {
        case .text(let box): box.frame
        case .rect(let box): box.frame
        case .line(let box):
            Rect(min(box.from.x, box.to.x), min(box.from.y, box.to.y), abs(box.to.x - box.from.x), abs(box.to.y - box.from.y))
        case .polyline(let box):
            Rect(box.points.map(\.x).min() ?? 0, box.points.map(\.y).min() ?? 0,
                 (box.points.map(\.x).max() ?? 0) - (box.points.map(\.x).min() ?? 0),
                 (box.points.map(\.y).max() ?? 0) - (box.points.map(\.y).min() ?? 0))
        case .circle(let box): Rect(box.center.x - box.radius, box.center.y - box.radius, box.radius * 2, box.radius * 2)
        case .symbol(let box): box.frame
        case .shape(let box): box.clip
        }
    }

    func offset(by dy: Double) -> Box {
        switch self {
        case .text(let box):
            .text(TextBox(text: box.text, style: box.style, color: box.color, wrapWidth: box.wrapWidth, frame: box.frame.offset(by: dy), role: box.role))
        case .rect(let box):
            .rect(RectBox(frame: box.frame.offset(by: dy), radius: box.radius, fill: box.fill, stroke: box.stroke, lineWidth: box.lineWidth, dashed: box.dashed,
                          role: box.role, style: box.style))
        case .line(let box):
            .line(LineBox(from: Point(box.from.x, box.from.y + dy), to: Point(box.to.x, box.to.y + dy), color: box.color, width: box.width))
        case .polyline(let box):
            .polyline(PolylineBox(points: box.points.map { Point($0.x, $0.y + dy) }, color: box.color, width: box.width, dashed: box.dashed))
        case .circle(let box):
            .circle(CircleBox(center: Point(box.center.x, box.center.y + dy), radius: box.radius, fill: box.fill, stroke: box.stroke, lineWidth: box.lineWidth))
        case .symbol(let box):
            .symbol(SymbolBox(symbol: box.symbol, frame: box.frame.offset(by: dy), background: box.background, foreground: box.foreground))
        case .shape(let box):
            .shape(ShapeBox(outlines: box.outlines.map { $0.map { Point($0.x, $0.y + dy) } }, closed: box.closed, color: box.color,
                            lineWidth: box.lineWidth, dashed: box.dashed, clip: box.clip.offset(by: dy), clipRadius: box.clipRadius, role: box.role))
        }
    }
}
