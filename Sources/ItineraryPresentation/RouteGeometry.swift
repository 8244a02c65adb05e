import Foundation
import ItineraryModel

/// The route as geometry, for any drawing of it (the PDF's panel, the HTML
/// page's SVG): stops projected with a cos(latitude) correction and fitted to
/// a box, places that would overlap sharing one numbered marker, one line
/// through them in itinerary order with a direction mark on each long leg,
/// and labels placed where they overlap no marker, no other label and, if
/// possible, not the line. A long route becomes an overview: dots, with only
/// the start and the end numbered and named.
package struct RouteGeometry: Sendable {
    package struct Point: Sendable, Equatable {
        package let x: Double
        package let y: Double
    }

    /// A stop as the drawing needs it.
    package struct Place: Sendable {
        package let latitude: Double
        package let longitude: Double
        /// The name a marker is labelled with: a stadium's city, a custom place's title.
        package let name: String
        /// Whether the name is a city, which names a group of places better than a title does.
        package let isCity: Bool
        /// The trip day the stop is on (1 for the first), which colours the leg that reaches it.
        package let day: Int

        package init(latitude: Double, longitude: Double, name: String, isCity: Bool, day: Int = 1) {
            self.latitude = latitude
            self.longitude = longitude
            self.name = name
            self.isCity = isCity
            self.day = day
        }

        package init(_ stop: RouteStop) {
            self.init(
                latitude: stop.latitude, longitude: stop.longitude, name: stop.city ?? stop.label,
                isCity: stop.city != nil, day: stop.day)
        }
    }

    package struct Marker: Sendable {
        package let center: Point
        /// "1", "2–3, 8": the stop numbers this marker stands for; empty for an overview dot.
        package let numbers: String
        package let width: Double
        package let height: Double
        package let isStart: Bool
        package let isEnd: Bool
        /// Whether the marker shows its numbers (the dots of an overview do not).
        package let showsNumbers: Bool
    }

    package struct Label: Sendable {
        package enum Anchor: Sendable { case start, middle, end }
        package let text: String
        package let frame: Rect
        /// Which side of the text is at the marker: its start, middle or end.
        package let anchor: Anchor

        /// Where the text is anchored across: its frame's left edge, middle or right edge, by `anchor`.
        package var anchorX: Double {
            switch anchor {
            case .start: frame.x
            case .middle: frame.x + frame.width / 2
            case .end: frame.x + frame.width
            }
        }
    }

    /// A direction mark at the middle of a leg, pointing along it.
    package struct Arrow: Sendable {
        package let center: Point
        package let degrees: Double
        /// The leg it marks: `vertices[leg]` to `vertices[leg + 1]`.
        package let leg: Int
    }

    /// The sizes of a drawing, in its own units.
    package struct Measures {
        package var width: Double
        /// A fixed height, or nil to take the route's own proportions between `minimumHeight` and `maximumHeight`.
        package var height: Double?
        package var minimumHeight = 240.0
        package var maximumHeight = 460.0
        /// Space kept clear around the stops for markers and labels.
        package var padX: Double
        package var padY: Double
        package var markerHeight: Double
        package var dotSize: Double
        /// Places closer than this share one marker.
        package var clusterRadius: Double
        /// Above this many markers the route is drawn as an overview.
        package var overviewThreshold: Int
        package var labelHeight: Double
        /// Legs shorter than this get no direction mark.
        package var arrowMinimumLength: Double
        /// Whether an overview still names the places that are cities (else only its start and end).
        package var namesCitiesInOverview = false
        /// The least span, in degrees of latitude, that the plot's shorter side shows.
        package var minimumSpan = 0.12
        /// Up to how many days a route is drawn with a colour and a legend entry per day.
        package var maximumColouredDays = 6
        /// The width of a marker showing these numbers.
        package var markerWidth: (String) -> Double
        /// The width of a label's text.
        package var labelWidth: (String) -> Double

        package init(
            width: Double, height: Double?, padX: Double, padY: Double, markerHeight: Double, dotSize: Double,
            clusterRadius: Double, overviewThreshold: Int, labelHeight: Double, arrowMinimumLength: Double,
            markerWidth: @escaping (String) -> Double, labelWidth: @escaping (String) -> Double
        ) {
            self.width = width
            self.height = height
            self.padX = padX
            self.padY = padY
            self.markerHeight = markerHeight
            self.dotSize = dotSize
            self.clusterRadius = clusterRadius
            self.overviewThreshold = overviewThreshold
            self.labelHeight = labelHeight
            self.arrowMinimumLength = arrowMinimumLength
            self.markerWidth = markerWidth
            self.labelWidth = labelWidth
        }
    }

    package let width: Double
    package let height: Double
    /// The line: marker centres in the order the route visits them.
    package let vertices: [Point]
    /// The day of each leg (`vertices[i]` to `vertices[i + 1]`): the day of the stop it reaches.
    package let legDays: [Int]
    /// The days in the legend, in trip order, when each is drawn in a colour of its own: a
    /// route of two to `maximumColouredDays` days that is not an overview. Empty otherwise.
    package let colouredDays: [Int]
    package let arrows: [Arrow]
    package let markers: [Marker]
    package let labels: [Label]
    package let isOverview: Bool

    /// How the drawing places a latitude and longitude.
    package let projection: Projection

    /// The geometry of a route; nil when there is no stop to draw.
    package init?(_ stops: [Place], measures: Measures) {
        guard let projection = Projection(fitting: stops, measures: measures) else { return nil }
        let projected = stops.map { projection.point(latitude: $0.latitude, longitude: $0.longitude) }
        let (clusters, clusterOfStop) = Self.clusters(of: projected, radius: measures.clusterRadius)
        let (vertices, legDays) = Self.line(through: clusters, clusterOfStop, days: stops.map(\.day))
        let segments = Array(zip(vertices, vertices.dropFirst()))
        let overview = clusters.count > measures.overviewThreshold
        let markers = Self.markers(
            clusters, clusterOfStop, stopCount: stops.count, overview: overview, measures: measures)
        self.width = measures.width
        self.height = projection.height
        self.vertices = vertices
        self.legDays = legDays
        let days = Array(Set(legDays)).sorted()
        colouredDays = !overview && (2...max(2, measures.maximumColouredDays)).contains(days.count) ? days : []
        self.arrows = Self.arrows(along: segments, minimumLength: measures.arrowMinimumLength)
        self.markers = markers
        self.labels = Self.labels(
            clusters, clusterOfStop, stops: stops, markers: markers, segments: segments,
            overview: overview, height: projection.height, measures: measures)
        self.isOverview = overview
        self.projection = projection
    }

    /// Places that land on top of each other share one marker; a grid finds
    /// neighbours without comparing every pair. Each cluster's centre and
    /// stops, and the cluster of each stop.
    private static func clusters(of projected: [Point], radius: Double) -> (clusters: [Cluster], clusterOfStop: [Int]) {
        var clusters: [Cluster] = []
        var clusterOfStop: [Int] = []
        var grid: [Cell: [Int]] = [:]
        func cell(_ point: Point) -> Cell {
            Cell(x: Int((point.x / radius).rounded(.down)), y: Int((point.y / radius).rounded(.down)))
        }
        for (index, point) in projected.enumerated() {
            let home = cell(point)
            var found: Int?
            search: for dx in -1...1 {
                for dy in -1...1 {
                    for candidate in grid[Cell(x: home.x + dx, y: home.y + dy)] ?? [] {
                        let center = clusters[candidate].center
                        if hypot(center.x - point.x, center.y - point.y) < radius {
                            found = candidate
                            break search
                        }
                    }
                }
            }
            if let found {
                clusters[found].members.append(index)
                clusterOfStop.append(found)
            } else {
                clusters.append(Cluster(center: point, members: [index]))
                clusterOfStop.append(clusters.count - 1)
                grid[home, default: []].append(clusters.count - 1)
            }
        }
        return (clusters, clusterOfStop)
    }

    /// The line: cluster centres in the order the route visits them, and the day of each leg.
    private static func line(
        through clusters: [Cluster], _ clusterOfStop: [Int], days: [Int]
    ) -> (vertices: [Point], legDays: [Int]) {
        var vertices: [Point] = []
        var legDays: [Int] = []
        var lastCluster = -1
        for (stop, cluster) in clusterOfStop.enumerated() where cluster != lastCluster {
            if !vertices.isEmpty { legDays.append(days[stop]) }
            vertices.append(clusters[cluster].center)
            lastCluster = cluster
        }
        return (vertices, legDays)
    }

    /// A corner of the drawing, `inset` from its edges, where a `width` ×
    /// `height` key (a scale bar) covers no marker and no label, and if
    /// possible not the line: bottom left, bottom right, top left, top right.
    package func clearCorner(width keyWidth: Double, height keyHeight: Double, inset: Double) -> Rect? {
        let left = inset, right = width - inset - keyWidth, top = inset, bottom = height - inset - keyHeight
        let corners = [(left, bottom), (right, bottom), (left, top), (right, top)].map {
            Rect(x: $0.0, y: $0.1, width: keyWidth, height: keyHeight)
        }
        let taken =
            markers.map {
                Rect(x: $0.center.x - $0.width / 2, y: $0.center.y - $0.height / 2, width: $0.width, height: $0.height)
            } + labels.map(\.frame)
        let free = corners.filter { corner in right >= left && !taken.contains { $0.intersects(corner) } }
        let crossesLine = { (box: Rect) in
            zip(vertices, vertices.dropFirst()).contains { box.intersects(from: $0.0, to: $0.1) }
        }
        return free.first { !crossesLine($0) } ?? free.first
    }

    /// The runs of consecutive legs on the same day: the vertices each run
    /// joins and its day, so each day's legs can be drawn as one line.
    package var legRuns: [(day: Int, vertices: ArraySlice<Point>)] {
        var runs: [(day: Int, vertices: ArraySlice<Point>)] = []
        var start = 0
        for leg in legDays.indices where leg + 1 == legDays.count || legDays[leg + 1] != legDays[leg] {
            runs.append((legDays[leg], vertices[start...(leg + 1)]))
            start = leg + 1
        }
        return runs
    }

    /// The colours of the days' legs, in turn: distinct in print and from the start and end markers.
    package static let dayColours: [UInt32] = [0x2F5DA8, 0xD9822B, 0x7A4FA3, 0x3C8D5A, 0xC2417C, 0x8C6D1F]

    /// The colour of a leg on `day` when the route has a colour per day; nil when it has one colour.
    package func colour(ofLegOn day: Int) -> UInt32? {
        colouredDays.isEmpty ? nil : Self.colour(ofDay: day)
    }

    /// The colour of a day's legs: the days take the colours in turn.
    package static func colour(ofDay day: Int) -> UInt32 {
        dayColours[((day - 1) % dayColours.count + dayColours.count) % dayColours.count]
    }

    /// A chevron halfway along each long enough leg shows which way the trip goes.
    private static func arrows(along segments: [(Point, Point)], minimumLength: Double) -> [Arrow] {
        guard segments.count <= 200 else { return [] }
        return segments.enumerated().filter { _, leg in hypot(leg.1.x - leg.0.x, leg.1.y - leg.0.y) > minimumLength }
            .map { index, leg in
                let (from, to) = leg
                let angle = atan2(to.y - from.y, to.x - from.x) * 180 / .pi
                return Arrow(center: Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2), degrees: angle, leg: index)
            }
    }

    /// One marker per cluster: its numbers, or a dot in an overview.
    private static func markers(
        _ clusters: [Cluster], _ clusterOfStop: [Int], stopCount: Int, overview: Bool, measures: Measures
    ) -> [Marker] {
        let first = clusterOfStop[0], last = clusterOfStop[clusterOfStop.count - 1]
        return clusters.enumerated().map { index, cluster in
            let isStart = index == first, isEnd = index == last && stopCount > 1
            let showsNumbers = !overview || isStart || isEnd
            var numbers = Self.numberList(cluster.members.map { $0 + 1 })
            if overview { numbers = isStart ? "1" : (isEnd ? "\(stopCount)" : "") }
            let width = showsNumbers ? max(measures.markerHeight, measures.markerWidth(numbers)) : measures.dotSize
            let height = showsNumbers ? measures.markerHeight : measures.dotSize
            return Marker(
                center: cluster.center, numbers: numbers, width: width, height: height,
                isStart: isStart, isEnd: isEnd, showsNumbers: showsNumbers)
        }
    }

    /// Labels placed where they overlap no marker, no other label and, if
    /// possible, not the line; a label that fits nowhere is left out: every
    /// drawing lists or numbers the stops elsewhere.
    private static func labels(
        _ clusters: [Cluster], _ clusterOfStop: [Int], stops: [Place], markers: [Marker], segments: [(Point, Point)],
        overview: Bool, height: Double, measures: Measures
    ) -> [Label] {
        let first = clusterOfStop[0], last = clusterOfStop[clusterOfStop.count - 1]
        var occupied = markers.map { marker in
            Rect(
                x: marker.center.x - marker.width / 2 - 2, y: marker.center.y - marker.height / 2 - 2,
                width: marker.width + 4, height: marker.height + 4)
        }
        var labels: [Label] = []
        let bounds = Rect(x: 4, y: 4, width: measures.width - 8, height: height - 8)
        for (index, cluster) in clusters.enumerated() {
            let members = cluster.members.map { stops[$0] }
            let isEnd = index == first || index == last
            guard !overview || isEnd || (measures.namesCitiesInOverview && members.contains(where: \.isCity)) else {
                continue
            }
            let name = members.first(where: \.isCity)?.name ?? members[0].name
            let text = Self.shortened(name, to: 28)
            let candidates = labelCandidates(
                around: markers[index], width: measures.labelWidth(text), height: measures.labelHeight)
            // Best clear of markers, labels and the line; clear of the line is given up first.
            // Inside the bounds exactly, with none of the page's tolerance.
            let free = candidates.filter { candidate in
                bounds.contains(candidate.0, tolerance: 0) && !occupied.contains { $0.intersects(candidate.0) }
            }
            let crossesLine = { (box: Rect) in
                segments.count <= 400 && segments.contains { box.intersects(from: $0.0, to: $0.1) }
            }
            guard let (box, anchor) = free.first(where: { !crossesLine($0.0) }) ?? free.first else { continue }
            occupied.append(box)
            labels.append(Label(text: text, frame: box, anchor: anchor))
        }
        return labels
    }

    /// Where a label may stand by its marker: right, left, above, below, then the corners.
    private static func labelCandidates(
        around marker: Marker, width textWidth: Double, height textHeight: Double
    ) -> [(Rect, Label.Anchor)] {
        let gap = 5.0
        let halfWidth = marker.width / 2, halfHeight = marker.height / 2
        let x = marker.center.x, y = marker.center.y
        return [
            (Rect(x: x + halfWidth + gap, y: y - textHeight / 2, width: textWidth, height: textHeight), .start),
            (
                Rect(x: x - halfWidth - gap - textWidth, y: y - textHeight / 2, width: textWidth, height: textHeight),
                .end
            ),
            (
                Rect(x: x - textWidth / 2, y: y - halfHeight - gap - textHeight, width: textWidth, height: textHeight),
                .middle
            ),
            (Rect(x: x - textWidth / 2, y: y + halfHeight + gap, width: textWidth, height: textHeight), .middle),
            (Rect(x: x + halfWidth, y: y - halfHeight - textHeight, width: textWidth, height: textHeight), .start),
            (Rect(x: x + halfWidth, y: y + halfHeight, width: textWidth, height: textHeight), .start),
            (
                Rect(
                    x: x - halfWidth - textWidth, y: y - halfHeight - textHeight, width: textWidth,
                    height: textHeight),
                .end
            ),
            (Rect(x: x - halfWidth - textWidth, y: y + halfHeight, width: textWidth, height: textHeight), .end),
        ]
    }

    /// "1", "2–4, 8": consecutive numbers as ranges.
    package static func numberList(_ numbers: [Int]) -> String {
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

    static func shortened(_ text: String, to limit: Int) -> String {
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        return firstLine.count <= limit
            ? firstLine : String(firstLine.prefix(limit - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }
}

/// Stops drawn as one marker.
private struct Cluster {
    let center: RouteGeometry.Point
    var members: [Int]
}

/// A square of the grid that finds nearby markers without comparing every pair.
private struct Cell: Hashable {
    let x: Int
    let y: Int
}
