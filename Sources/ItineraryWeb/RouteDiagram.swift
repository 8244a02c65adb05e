import Foundation
import ItineraryModel

/// The route as geometry for an SVG drawing: stops projected with a
/// cos(latitude) correction and fitted to the box, one line through them in
/// order, a numbered marker per place and labels placed where they overlap
/// nothing. The template draws it; nothing here is markup.
struct RouteDiagram {
    struct Marker {
        let x: Double
        let y: Double
        /// "1", "2–3, 8": the stop numbers this marker stands for.
        let numbers: String
        /// Width of the marker's pill; a circle for a single digit.
        let width: Double
        let isStart: Bool
        let isEnd: Bool
        /// Whether the marker shows its numbers (small dots on a crowded route do not).
        let showsNumbers: Bool
    }

    struct Label {
        let text: String
        let x: Double
        let y: Double
        /// SVG `text-anchor`: start, middle or end.
        let anchor: String
    }

    /// A direction mark at the middle of a leg, pointing along it.
    struct Arrow {
        let x: Double
        let y: Double
        let degrees: Double
    }

    let width: Double
    let height: Double
    let arrows: [Arrow]
    /// The polyline's `points` attribute: "x1,y1 x2,y2 …".
    let points: String
    let markers: [Marker]
    let labels: [Label]

    static let boxWidth = 720.0
    static let markerHeight = 18.0
    /// Places closer than this on the drawing share one marker.
    static let clusterRadius = 16.0
    /// Above this many markers, the route is drawn as an overview: dots, with only start and end numbered and named.
    static let overviewThreshold = 40
    static let labelSize = 12.0

    /// A stop as the drawing needs it.
    struct Place {
        let latitude: Double
        let longitude: Double
        /// The name a marker is labelled with: a stadium's city, a custom place's title.
        let name: String
        /// Whether the name is a city, which names a cluster of places better than a title does.
        let isCity: Bool
    }

    /// The diagram of a route; nil when there is no stop to draw.
    init?(_ stops: [RouteStop]) {
        self.init(places: stops.map { Place(latitude: $0.latitude, longitude: $0.longitude, name: $0.city ?? $0.label, isCity: $0.city != nil) })
    }

    init?(places stops: [Place]) {
        guard !stops.isEmpty else { return nil }
        let midLatitude = (stops.map(\.latitude).min()! + stops.map(\.latitude).max()!) / 2
        let correction = max(cos(midLatitude * .pi / 180), 0.05)
        let raw = stops.map { (x: $0.longitude * correction, y: -$0.latitude) }
        let minX = raw.map(\.x).min()!, maxX = raw.map(\.x).max()!
        let minY = raw.map(\.y).min()!, maxY = raw.map(\.y).max()!
        let spanX = maxX - minX, spanY = maxY - minY

        let padX = 110.0, padY = 44.0
        let plotWidth = Self.boxWidth - 2 * padX
        let height: Double
        if spanX <= 0 && spanY <= 0 {
            height = 200
        } else {
            let aspect = spanX > 0 ? spanY / spanX : 10
            height = min(max(plotWidth * aspect + 2 * padY, 240), 460)
        }
        let plotHeight = height - 2 * padY
        let scale: Double
        switch (spanX > 0, spanY > 0) {
        case (true, true): scale = min(plotWidth / spanX, plotHeight / spanY)
        case (true, false): scale = plotWidth / spanX
        case (false, true): scale = plotHeight / spanY
        case (false, false): scale = 1
        }
        let offsetX = (Self.boxWidth - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2
        let projected = raw.map { (x: offsetX + ($0.x - minX) * scale, y: offsetY + ($0.y - minY) * scale) }

        // Places that land on top of each other share one marker.
        var clusters: [(x: Double, y: Double, members: [Int])] = []
        var clusterOfStop: [Int] = []
        var grid: [Cell: [Int]] = [:]
        func cell(_ x: Double, _ y: Double) -> Cell {
            Cell(x: Int((x / Self.clusterRadius).rounded(.down)), y: Int((y / Self.clusterRadius).rounded(.down)))
        }
        for (index, point) in projected.enumerated() {
            let home = cell(point.x, point.y)
            var found: Int?
            search: for dx in -1...1 {
                for dy in -1...1 {
                    for candidate in grid[Cell(x: home.x + dx, y: home.y + dy)] ?? [] {
                        let c = clusters[candidate]
                        if hypot(c.x - point.x, c.y - point.y) < Self.clusterRadius { found = candidate; break search }
                    }
                }
            }
            if let found {
                clusters[found].members.append(index)
                clusterOfStop.append(found)
            } else {
                clusters.append((point.x, point.y, [index]))
                clusterOfStop.append(clusters.count - 1)
                grid[home, default: []].append(clusters.count - 1)
            }
        }

        var vertices: [(x: Double, y: Double)] = []
        var lastCluster = -1
        for cluster in clusterOfStop where cluster != lastCluster {
            vertices.append((clusters[cluster].x, clusters[cluster].y))
            lastCluster = cluster
        }
        let path = vertices.map { Self.number($0.x) + "," + Self.number($0.y) }
        var segments: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
        for (from, to) in zip(vertices, vertices.dropFirst()) { segments.append((from, to)) }
        // A chevron halfway along each long enough leg shows which way the trip goes.
        var arrows: [Arrow] = []
        if segments.count <= 200 {
            for segment in segments where hypot(segment.to.x - segment.from.x, segment.to.y - segment.from.y) > 60 {
                let angle = atan2(segment.to.y - segment.from.y, segment.to.x - segment.from.x) * 180 / .pi
                arrows.append(Arrow(x: (segment.from.x + segment.to.x) / 2, y: (segment.from.y + segment.to.y) / 2, degrees: angle))
            }
        }

        let overview = clusters.count > Self.overviewThreshold
        let first = clusterOfStop.first!, last = clusterOfStop.last!
        var markers: [Marker] = []
        var occupied: [Rect] = []
        for (index, cluster) in clusters.enumerated() {
            let isStart = index == first, isEnd = index == last && stops.count > 1
            let showsNumbers = !overview || isStart || isEnd
            var numbers = Self.numberList(cluster.members.map { $0 + 1 })
            if overview { numbers = isStart ? "1" : (isEnd ? "\(stops.count)" : "") }
            let width = showsNumbers ? max(Self.markerHeight, Double(numbers.count) * 6.6 + 10) : 7
            let height = showsNumbers ? Self.markerHeight : 7
            markers.append(Marker(x: cluster.x, y: cluster.y, numbers: numbers, width: width,
                                  isStart: isStart, isEnd: isEnd, showsNumbers: showsNumbers))
            occupied.append(Rect(x: cluster.x - width / 2 - 2, y: cluster.y - height / 2 - 2, width: width + 4, height: height + 4))
        }

        var labels: [Label] = []
        let bounds = Rect(x: 4, y: 4, width: Self.boxWidth - 8, height: height - 8)
        for (index, cluster) in clusters.enumerated() where !overview || index == first || index == last {
            let members = cluster.members.map { stops[$0] }
            let name = members.first(where: \.isCity)?.name ?? members[0].name
            let text = Self.shortened(name, to: 28)
            let textWidth = Self.estimatedWidth(text), textHeight = Self.labelSize + 3
            let marker = markers[index]
            let gap = 5.0
            let halfWidth = marker.width / 2, halfHeight = (marker.showsNumbers ? Self.markerHeight : 7) / 2
            // Right, left, above, below, then the corners.
            let candidates: [(Rect, String)] = [
                (Rect(x: cluster.x + halfWidth + gap, y: cluster.y - textHeight / 2, width: textWidth, height: textHeight), "start"),
                (Rect(x: cluster.x - halfWidth - gap - textWidth, y: cluster.y - textHeight / 2, width: textWidth, height: textHeight), "end"),
                (Rect(x: cluster.x - textWidth / 2, y: cluster.y - halfHeight - gap - textHeight, width: textWidth, height: textHeight), "middle"),
                (Rect(x: cluster.x - textWidth / 2, y: cluster.y + halfHeight + gap, width: textWidth, height: textHeight), "middle"),
                (Rect(x: cluster.x + halfWidth, y: cluster.y - halfHeight - textHeight, width: textWidth, height: textHeight), "start"),
                (Rect(x: cluster.x + halfWidth, y: cluster.y + halfHeight, width: textWidth, height: textHeight), "start"),
                (Rect(x: cluster.x - halfWidth - textWidth, y: cluster.y - halfHeight - textHeight, width: textWidth, height: textHeight), "end"),
                (Rect(x: cluster.x - halfWidth - textWidth, y: cluster.y + halfHeight, width: textWidth, height: textHeight), "end"),
            ]
            // Best clear of markers, labels and the line; clear of the line is given up first. A label
            // that fits nowhere is left out: the list of stops beside the drawing names every stop.
            let free = candidates.filter { candidate in bounds.contains(candidate.0) && !occupied.contains { $0.intersects(candidate.0) } }
            let crossesLine = { (rect: Rect) in segments.count <= 400 && segments.contains { rect.intersects(from: $0.from, to: $0.to) } }
            guard let (rect, anchor) = free.first(where: { !crossesLine($0.0) }) ?? free.first else { continue }
            occupied.append(rect)
            let x = anchor == "start" ? rect.x : (anchor == "end" ? rect.x + rect.width : rect.x + rect.width / 2)
            labels.append(Label(text: text, x: x, y: rect.y + rect.height - 4, anchor: anchor))
        }

        self.width = Self.boxWidth
        self.height = height
        self.points = path.joined(separator: " ")
        self.arrows = arrows
        self.markers = markers
        self.labels = labels
    }

    /// "1", "2–4, 8": consecutive numbers as ranges.
    static func numberList(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count && numbers[end + 1] == numbers[end] + 1 { end += 1 }
            if end == index {
                parts.append("\(numbers[index])")
            } else if end == index + 1 {
                parts.append("\(numbers[index]), \(numbers[end])")
            } else {
                parts.append("\(numbers[index])–\(numbers[end])")
            }
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    /// A coordinate with one decimal, as SVG wants it: "12.5", "40".
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The width of a label in the diagram's sans-serif at 12 px, estimated without a font.
    static func estimatedWidth(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x20: width + 3.4
            case 0x21...0x7E: width + (("A"..."Z").contains(scalar) || scalar == "M" || scalar == "W" ? 8.2 : 6.6)
            case 0x1F000...: width + 14
            default: width + 7.2
            }
        }
    }
}

/// A square of the grid that finds nearby markers without comparing every pair.
private struct Cell: Hashable {
    let x: Int
    let y: Int
}

struct Rect {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether the segment between two points passes through the rectangle.
    func intersects(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> Bool {
        // Clip the segment against each side in turn (Liang–Barsky).
        var low = 0.0, high = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - x), (dx, x + width - a.x), (-dy, a.y - y), (dy, y + height - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
