/// How a piece of text is set: size in points, weight, slant and line spacing.
package struct TextStyle: Hashable, Sendable {
    package enum Weight: Int, Sendable {
        case regular = 400
        case medium = 500
        case semibold = 600
        case bold = 700
    }

    package let size: Double
    package let weight: Weight
    package let italic: Bool
    /// A factor of the font's natural line height; 1 leaves it.
    package let lineSpacing: Double

    package init(size: Double, weight: Weight = .regular, italic: Bool = false, lineSpacing: Double = 1) {
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineSpacing = lineSpacing
    }
}

/// The size of a set text.
package struct TextMetrics: Hashable, Sendable {
    package let width: Double
    package let height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Measures text for the layout: Pango in production, a fixed-width measurer in tests.
package protocol TextMeasuring: AnyObject {
    /// The size of `text` set in `style`, wrapped at `width` points when given.
    func measure(_ text: String, style: TextStyle, width: Double?) -> TextMetrics
}

/// A deterministic measurer: every character is `0.5 × size` wide, every line `1.25 × size` high.
/// Wraps at spaces, or inside a word longer than the line.
package final class FixedWidthMeasurer: TextMeasuring {
    package init() {}

    package func measure(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        let advance = style.size * 0.5
        let lineHeight = style.size * 1.25 * style.lineSpacing
        let capacity = width.map { max(1, Int(($0 / advance).rounded(.down))) } ?? Int.max
        var lines = 0
        var widest = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var length = word.count
                let needed = current == 0 ? length : current + 1 + length
                if needed <= capacity {
                    current = needed
                    continue
                }
                if current > 0 {
                    lines += 1
                    widest = max(widest, current)
                }
                while length > capacity {
                    lines += 1
                    widest = max(widest, capacity)
                    length -= capacity
                }
                current = length
            }
            lines += 1
            widest = max(widest, current)
        }
        return TextMetrics(width: Double(widest) * advance, height: Double(lines) * lineHeight)
    }
}
