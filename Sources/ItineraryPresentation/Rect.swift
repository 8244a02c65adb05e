/// An axis-aligned rectangle in a drawing's units: a box on a laid-out page
/// (points), a label or marker of a route's geometry, the box a map is clipped to.
package struct Rect: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(x, y, width, height)
    }

    package var maxX: Double { x + width }
    package var maxY: Double { y + height }

    package func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies inside, its edges on the rectangle's included, give or take a thousandth.
    package func contains(_ other: Rect) -> Bool {
        contains(other, tolerance: 0.001)
    }

    /// Whether `other` lies inside, its edges on the rectangle's included, give or take `tolerance`.
    package func contains(_ other: Rect, tolerance: Double) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
            && other.maxY <= maxY + tolerance
    }

    /// The rectangle moved down by `dy` (up when negative).
    package func offset(by dy: Double) -> Rect { Rect(x, y + dy, width, height) }

    /// Whether the segment between two points passes through the rectangle.
    package func intersects(from a: RouteGeometry.Point, to b: RouteGeometry.Point) -> Bool {
        clipped(from: a, to: b) != nil
    }

    /// The part of a segment inside the rectangle (Liang–Barsky), or nil.
    func clipped(
        from a: RouteGeometry.Point, to b: RouteGeometry.Point
    ) -> (RouteGeometry.Point, RouteGeometry.Point)? {
        var low = 0.0, high = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - x), (dx, x + width - a.x), (-dy, a.y - y), (dy, y + height - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return nil }
            }
        }
        return (
            RouteGeometry.Point(x: a.x + low * dx, y: a.y + low * dy),
            RouteGeometry.Point(x: a.x + high * dx, y: a.y + high * dy)
        )
    }
}
