import ItineraryModel
import ItineraryPresentation

extension LaidOutDocument {
    /// The document as text, one line per box (page, kind, role, frame rounded
    /// to whole points, text), so a layout change shows up as a line diff.
    package var snapshotText: String {
        var lines = [
            "document \"\(Self.escaped(title))\" \(Self.number(pageWidth))×\(Self.number(pageHeight)) "
                + "pages \(pages.count)"
        ]
        for page in pages {
            lines.append("page \(page.number)")
            for bookmark in page.bookmarks {
                lines.append("  bookmark y \(Self.number(bookmark.y)) \"\(Self.escaped(bookmark.title))\"")
            }
            for box in page.boxes {
                lines.append("  " + Self.line(box))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ box: Box) -> String {
        let frame = rounded(box.frame)
        switch box {
        case .text(let text):
            let wrap = text.wrapWidth.map { " wrap \(number($0))" } ?? ""
            return "text \(text.role.rawValue) \(frame)\(wrap) \"\(escaped(text.text))\""
        case .rect(let rect):
            return "rect \(rect.role.rawValue) \(frame)" + (rect.dashed ? " dashed" : "")
        case .line:
            return "line \(frame)"
        case .polyline(let polyline):
            return "polyline \(frame) points \(polyline.points.count)"
        case .circle:
            return "circle \(frame)"
        case .image(let image):
            return "image \(image.role.rawValue) \(frame) \(image.logo.kind == .svg ? "svg" : "png")"
        case .code(let code):
            return "code \(frame) modules \(code.code.size)"
        case .shape(let shape):
            return
                "shape \(shape.role.rawValue) \(frame) outlines \(shape.outlines.count) "
                + "points \(shape.outlines.reduce(0) { $0 + $1.count })"
        case .symbol(let symbol):
            switch symbol.symbol {
            case .category(let category): return "symbol category-\(category.rawValue) \(frame)"
            case .mode(let mode): return "symbol mode-\(mode.rawValue) \(frame)"
            case .sport(let sport): return "symbol sport-\(sport.rawValue) \(frame)"
            }
        }
    }

    private static func rounded(_ rect: Rect) -> String {
        "[\(number(rect.x)) \(number(rect.y)) \(number(rect.width)) \(number(rect.height))]"
    }

    /// Whole points: finer than that, fonts and platforms disagree.
    private static func number(_ value: Double) -> String {
        let whole = value.rounded()
        return whole == 0 ? "0" : String(Int(whole))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }
}
