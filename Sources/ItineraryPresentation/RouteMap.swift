import Foundation
import ItineraryModel

/// The map under a route drawing, in the drawing's units: land and lakes as
/// areas, country and state borders as lines, each clipped to the drawing's
/// box and simplified to what its printed size can show, at the coarsest
/// GSHHS resolution that is still sharp at that size.
package struct RouteMap: Sendable {
    package struct Outline: Sendable {
        package let kind: Basemap.Kind
        /// A closed ring for an area, an open line for a border.
        package let points: [RouteGeometry.Point]
    }

    /// Areas in painting order (land, its lakes, their islands), then state and country borders.
    package let outlines: [Outline]
    package let resolution: Basemap.Resolution

    /// A run of outlines of one kind, drawn as one shape or path.
    package struct Layer: Sendable {
        package let kind: Basemap.Kind
        package let outlines: [[RouteGeometry.Point]]
    }

    /// The outlines as the drawings paint them: each run of one kind (land, its
    /// lakes, their islands, their ponds; state, then country borders) is one layer.
    package var layers: [Layer] {
        var layers: [Layer] = []
        var start = outlines.startIndex
        while start < outlines.endIndex {
            let kind = outlines[start].kind
            let end = outlines[start...].firstIndex { $0.kind != kind } ?? outlines.endIndex
            layers.append(Layer(kind: kind, outlines: outlines[start..<end].map(\.points)))
            start = end
        }
        return layers
    }

    /// Space drawn past the box's edges, so clipped outlines never end visibly inside it.
    static let margin = 2.0
    /// The distance, in drawing units, by which an outline may move when simplified.
    static let tolerance = 0.3
    /// Lakes and islands smaller than this many square units are specks, not shapes, in print.
    static let smallestArea = 3.0
    /// The map of the projection's view of a `width` × `height` box; nil without map data.
    /// It is drawn from the coarsest resolution whose own simplification moves a shore by
    /// at most `sharpness` drawing units: 6 points in print, 8 CSS pixels (the same 2 mm) on a page.
    package init?(
        _ projection: RouteGeometry.Projection, width: Double, height: Double, sharpness: Double = 6, map: MapData
    ) {
        let perKilometre = projection.unitsPerKilometre
        let resolution =
            Basemap.Resolution.allCases.first { $0.toleranceKilometres * perKilometre <= sharpness } ?? .intermediate
        guard let data = map.at(resolution) else { return nil }
        let m = Self.margin
        let west = projection.longitude(x: -m), east = projection.longitude(x: width + m)
        let north = projection.latitude(y: -m), south = projection.latitude(y: height + m)
        let clip = Rect(x: -m, y: -m, width: width + 2 * m, height: height + 2 * m)
        var areas: [(rank: Int, outline: Outline)] = [], borders: [Outline] = []
        for shape in data.shapes where shape.south <= north && shape.north >= south {
            guard let (coordinates, shapeWest, shapeEast) = data.points(shape) else { continue }
            // A shape is drawn where it lies, or one turn of the globe east or west of it.
            for shift in [0.0, -360, 360] where shapeWest + shift <= east && shapeEast + shift >= west {
                let projected = stride(from: 0, to: coordinates.count - 1, by: 2).map { index in
                    projection.point(latitude: coordinates[index + 1], unwrappedLongitude: coordinates[index] + shift)
                }
                if shape.kind.isArea {
                    let ring = Self.simplified(Self.clipped(ring: projected, to: clip), tolerance: Self.tolerance)
                    if ring.count >= 3 && abs(Self.area(ring)) >= Self.smallestArea {
                        areas.append((shape.paintingRank, Outline(kind: shape.kind, points: ring)))
                    }
                } else {
                    for piece in Self.clipped(line: projected, to: clip) {
                        let line = Self.simplified(piece, tolerance: Self.tolerance)
                        if line.count >= 2 { borders.append(Outline(kind: shape.kind, points: line)) }
                    }
                }
            }
        }
        // Swift's sort is stable: areas of one rank keep the order they were read in.
        outlines = areas.sorted { $0.rank < $1.rank }.map(\.outline) + borders
        self.resolution = resolution
    }

    // MARK: Clipping and simplifying

    /// A ring clipped to a box, edge by edge (Sutherland–Hodgman): right for
    /// filling, since a concave ring's parts outside join along the box's edge.
    static func clipped(ring: [RouteGeometry.Point], to box: Rect) -> [RouteGeometry.Point] {
        var ring = ring
        for edge in Edge.allCases {
            guard let last = ring.last else { break }
            var kept: [RouteGeometry.Point] = []
            kept.reserveCapacity(ring.count)
            var previous = last, previousInside = edge.keeps(last, in: box)
            for point in ring {
                let inside = edge.keeps(point, in: box)
                if inside != previousInside { kept.append(edge.crossing(previous, point, of: box)) }
                if inside { kept.append(point) }
                previous = point
                previousInside = inside
            }
            ring = kept
        }
        return ring
    }

    /// A side of the clipping box.
    private enum Edge: CaseIterable {
        case left, right, top, bottom

        /// Whether a point is on the box's side of this edge (on it included).
        func keeps(_ p: RouteGeometry.Point, in box: Rect) -> Bool {
            switch self {
            case .left: p.x >= box.x
            case .right: p.x <= box.x + box.width
            case .top: p.y >= box.y
            case .bottom: p.y <= box.y + box.height
            }
        }

        /// Where the segment from `a` to `b`, which crosses this edge's line, meets it.
        func crossing(
            _ a: RouteGeometry.Point, _ b: RouteGeometry.Point, of box: Rect
        ) -> RouteGeometry.Point {
            switch self {
            case .left, .right:
                let x = self == .left ? box.x : box.x + box.width
                return RouteGeometry.Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
            case .top, .bottom:
                let y = self == .top ? box.y : box.y + box.height
                return RouteGeometry.Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
            }
        }
    }

    /// The pieces of a line inside a box (each segment clipped by Liang–Barsky).
    static func clipped(line: [RouteGeometry.Point], to box: Rect) -> [[RouteGeometry.Point]] {
        var pieces: [[RouteGeometry.Point]] = []
        var current: [RouteGeometry.Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (from, to) = box.clipped(from: a, to: b) else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            if current.isEmpty || current.last != from {
                if current.count >= 2 { pieces.append(current) }
                current = [from]
            }
            current.append(to)
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    /// Douglas–Peucker: the fewest points that keep the line within `tolerance` of where it was.
    /// Distances are compared squared: the same farthest point, without a square root per point.
    static func simplified(_ points: [RouteGeometry.Point], tolerance: Double) -> [RouteGeometry.Point] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        let limit = tolerance * tolerance
        var spans = [(0, points.count - 1)]
        while let (first, last) = spans.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first, distance = 0.0
            for index in (first + 1)..<last {
                let d = Self.squaredDistance(points[index], toSegment: points[first], points[last])
                if d > distance { distance = d; farthest = index }
            }
            if distance > limit {
                keep[farthest] = true
                spans.append((first, farthest))
                spans.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    private static func squaredDistance(
        _ p: RouteGeometry.Point, toSegment a: RouteGeometry.Point, _ b: RouteGeometry.Point
    ) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var ex = p.x - a.x, ey = p.y - a.y
        if lengthSquared > 0 {
            let t = min(max((ex * dx + ey * dy) / lengthSquared, 0), 1)
            ex -= t * dx
            ey -= t * dy
        }
        return ex * ex + ey * ey
    }

    /// A ring's signed area (shoelace).
    static func area(_ ring: [RouteGeometry.Point]) -> Double {
        guard let last = ring.last else { return 0 }
        var previous = last, sum = 0.0
        for point in ring {
            sum += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return sum / 2
    }
}

/// A scale bar: a round distance in the trip's units (1, 2 or 5 times a
/// power of ten) and its length in the drawing, true north–south and, east–west,
/// at the stops' middle latitude.
package struct ScaleBar: Sendable, Equatable {
    package let length: Double
    /// "50 mi", "200 km", "0.5 mi".
    package let label: String

    /// The longest round distance that fits in `maximumLength` drawing units.
    package init?(_ projection: RouteGeometry.Projection, units: Units, formats: Formats, maximumLength: Double) {
        let kilometresPerUnit = units == .metric ? 1 : Formats.kilometresPerMile
        let perUnit = projection.unitsPerKilometre * kilometresPerUnit
        guard perUnit.isFinite, perUnit > 0, maximumLength > 0 else { return nil }
        let most = maximumLength / perUnit
        let power = pow(10, floor(log10(most)))
        var value = power
        for step in [5.0, 2, 1] where step * power <= most * (1 + 1e-9) {
            value = step * power
            break
        }
        length = value * perUnit
        label = formats.scaleDistance(value, units: units)
    }
}
