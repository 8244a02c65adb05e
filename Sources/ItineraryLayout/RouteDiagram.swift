import Foundation
import ItineraryModel

/// The route drawn in a box: stops in itinerary order, projected with a
/// cos(latitude) correction, a line through them, numbered markers and
/// labels that do not overlap.
struct RouteDiagram {
    let measurer: TextMeasuring

    /// Stops that land within this distance on the page share one marker.
    static let clusterRadius = 9.0
    /// Above this many markers the route is an overview of dots.
    static let overviewThreshold = 20

    struct Cluster {
        var center: Point
        var numbers: [Int]
        var label: String
        var hasCity: Bool
    }

    /// Boxes for the diagram; none for a route with no stops.
    func boxes(_ stops: [RouteStop], in frame: Rect, caption: String?) -> [Box] {
        guard !stops.isEmpty else { return [] }
        var boxes: [Box] = [.rect(RectBox(frame: frame, radius: 8, fill: Theme.routeFill, stroke: Theme.hairline, lineWidth: 0.8, dashed: false, role: "route"))]
        var top = frame.y
        if let caption {
            let metrics = measurer.measure(caption, style: Theme.sectionLabel, width: nil)
            boxes.append(.text(TextBox(text: caption, style: Theme.sectionLabel, color: Theme.muted, wrapWidth: nil,
                                       frame: Rect(frame.x + 10, frame.y + 8, metrics.width, metrics.height), role: "route-caption")))
            top += metrics.height + 6
        }
        let legend = legendBoxes(in: frame)
        let plot = Rect(frame.x + 40, top + 22, frame.width - 80, frame.maxY - top - 44)
        let points = project(stops, into: plot)
        let (clusters, membership) = cluster(stops, points)
        // The line follows the stops in order, through the markers that stand for them.
        var path: [Point] = []
        for point in membership.map({ clusters[$0].center }) {
            if let last = path.last, distance(last, point) < 0.5 { continue }
            path.append(point)
        }
        // A long route is drawn as an overview: plain dots, start and end in their colours, no numbers.
        let overview = clusters.count > Self.overviewThreshold || stops.count > Self.overviewThreshold * 3
        if path.count > 1 {
            boxes.append(.polyline(PolylineBox(points: path, color: overview ? Theme.routeLineLight : Theme.routeLine, width: overview ? 0.7 : 1.6, dashed: false)))
        }
        var occupied: [Rect] = legend.occupied
        var markers: [Box] = []
        for cluster in clusters where overview {
            let isStart = cluster.numbers.contains(1)
            let isEnd = cluster.numbers.contains(stops.count)
            let radius = isStart || isEnd ? 5.0 : 3.0
            let fill = isStart ? Theme.start : (isEnd ? Theme.end : Theme.stop)
            markers.append(.circle(CircleBox(center: cluster.center, radius: radius, fill: fill, stroke: Theme.white, lineWidth: 1)))
            if isStart && isEnd {
                markers.append(.circle(CircleBox(center: cluster.center, radius: 2, fill: Theme.end, stroke: nil, lineWidth: 0)))
            }
            occupied.append(Rect(cluster.center.x - radius, cluster.center.y - radius, radius * 2, radius * 2))
        }
        for cluster in clusters where !overview {
            let isStart = cluster.numbers.contains(1)
            let isEnd = cluster.numbers.contains(stops.count)
            let label = Self.numberList(cluster.numbers)
            let metrics = measurer.measure(label, style: Theme.marker, width: nil)
            let radius = 7.0
            let pillWidth = max(radius * 2, metrics.width + 8)
            let fill = isStart ? Theme.start : (isEnd ? Theme.end : Theme.stop)
            let markerFrame = Rect(cluster.center.x - pillWidth / 2, cluster.center.y - radius, pillWidth, radius * 2)
            if isStart && isEnd && stops.count > 1 {
                // A round trip: start colour inside an end-coloured ring.
                markers.append(.rect(RectBox(frame: Rect(markerFrame.x - 2.5, markerFrame.y - 2.5, markerFrame.width + 5, markerFrame.height + 5), radius: radius + 2.5, fill: Theme.end, stroke: nil, lineWidth: 0, dashed: false, role: "end-marker")))
            }
            markers.append(.rect(RectBox(frame: markerFrame, radius: radius, fill: fill, stroke: Theme.white, lineWidth: 1.2, dashed: false,
                                         role: isStart ? "start-marker" : (isEnd ? "end-marker" : "marker"))))
            markers.append(.text(TextBox(text: label, style: Theme.marker, color: Theme.white, wrapWidth: nil,
                                         frame: Rect(cluster.center.x - metrics.width / 2, cluster.center.y - metrics.height / 2, metrics.width, metrics.height), role: "marker-number")))
            occupied.append(markerFrame)
        }
        boxes.append(contentsOf: markers)
        // Labels go where they overlap nothing: right, left, above, below; else they are left out.
        for cluster in clusters where !overview || cluster.hasCity {
            let text = cluster.label
            let metrics = measurer.measure(text, style: Theme.mapLabel, width: nil)
            let half = overview ? 3 : (measurer.measure(Self.numberList(cluster.numbers), style: Theme.marker, width: nil).width + 8) / 2
            let offset = max(7, half) + 4
            let candidates = [
                Rect(cluster.center.x + offset, cluster.center.y - metrics.height / 2, metrics.width, metrics.height),
                Rect(cluster.center.x - offset - metrics.width, cluster.center.y - metrics.height / 2, metrics.width, metrics.height),
                Rect(cluster.center.x - metrics.width / 2, cluster.center.y - 10 - metrics.height, metrics.width, metrics.height),
                Rect(cluster.center.x - metrics.width / 2, cluster.center.y + 10, metrics.width, metrics.height),
            ]
            let inner = Rect(frame.x + 4, top, frame.width - 8, frame.maxY - top - 4)
            if let spot = candidates.first(where: { candidate in inner.contains(candidate) && !occupied.contains { $0.intersects(candidate) } }) {
                occupied.append(spot)
                // A patch of the panel's colour keeps the label readable over the line.
                boxes.append(.rect(RectBox(frame: Rect(spot.x - 2, spot.y, spot.width + 4, spot.height), radius: 2, fill: Theme.routeFill, stroke: nil, lineWidth: 0, dashed: false, role: "label-backing")))
                boxes.append(.text(TextBox(text: text, style: Theme.mapLabel, color: Theme.ink, wrapWidth: nil, frame: spot, role: "map-label")))
            }
        }
        boxes.append(contentsOf: legend.boxes)
        return boxes
    }

    /// "Start" and "End" keys in the top-right corner.
    private func legendBoxes(in frame: Rect) -> (boxes: [Box], occupied: [Rect]) {
        var boxes: [Box] = []
        var occupied: [Rect] = []
        var x = frame.maxX - 10
        for (label, color) in [("End", Theme.end), ("Start", Theme.start)] {
            let metrics = measurer.measure(label, style: Theme.mapLabel, width: nil)
            x -= metrics.width
            let textFrame = Rect(x, frame.y + 8, metrics.width, metrics.height)
            boxes.append(.text(TextBox(text: label, style: Theme.mapLabel, color: Theme.muted, wrapWidth: nil, frame: textFrame, role: "legend")))
            x -= 9
            boxes.append(.circle(CircleBox(center: Point(x + 3.5, frame.y + 8 + metrics.height / 2), radius: 3.5, fill: color, stroke: nil, lineWidth: 0)))
            occupied.append(Rect(x, frame.y + 6, textFrame.maxX - x, metrics.height + 4))
            x -= 12
        }
        return (boxes, occupied)
    }

    /// Equirectangular projection with x scaled by cos(mean latitude), fitted and centred in `plot`.
    func project(_ stops: [RouteStop], into plot: Rect) -> [Point] {
        let meanLatitude = stops.map(\.latitude).reduce(0, +) / Double(stops.count)
        let k = max(0.05, cos(meanLatitude * .pi / 180))
        // Longitudes are unwrapped around the first stop so a route across the antimeridian stays together.
        let reference = stops[0].longitude
        let raw = stops.map { stop -> Point in
            var longitude = stop.longitude - reference
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return Point(longitude * k, -stop.latitude)
        }
        let minX = raw.map(\.x).min()!, maxX = raw.map(\.x).max()!
        let minY = raw.map(\.y).min()!, maxY = raw.map(\.y).max()!
        let spanX = maxX - minX, spanY = maxY - minY
        let scale: Double
        if spanX < 1e-9 && spanY < 1e-9 {
            scale = 0
        } else {
            scale = min(spanX > 1e-9 ? plot.width / spanX : .infinity, spanY > 1e-9 ? plot.height / spanY : .infinity)
        }
        let offsetX = plot.x + (plot.width - spanX * scale) / 2
        let offsetY = plot.y + (plot.height - spanY * scale) / 2
        return raw.map { Point(offsetX + ($0.x - minX) * scale, offsetY + ($0.y - minY) * scale) }
    }

    /// Groups stops whose markers would overlap; a group is labelled by its city
    /// when a game is in it. Also returns, for each stop, the index of its group.
    func cluster(_ stops: [RouteStop], _ points: [Point]) -> (clusters: [Cluster], membership: [Int]) {
        var clusters: [Cluster] = []
        var members: [[Int]] = []
        var membership: [Int] = []
        for (index, point) in points.enumerated() {
            if let found = clusters.firstIndex(where: { distance($0.center, point) <= Self.clusterRadius }) {
                membership.append(found)
                clusters[found].numbers.append(index + 1)
                members[found].append(index)
                if !clusters[found].hasCity, let city = stops[index].city {
                    clusters[found].label = city
                    clusters[found].hasCity = true
                }
            } else {
                let stop = stops[index]
                membership.append(clusters.count)
                clusters.append(Cluster(center: point, numbers: [index + 1], label: stop.city ?? Self.shortLabel(stop.label), hasCity: stop.city != nil))
                members.append([index])
            }
        }
        // Centre each marker on its members so the line meets it where they are.
        for index in clusters.indices {
            let xs = members[index].map { points[$0].x }, ys = members[index].map { points[$0].y }
            clusters[index].center = Point(xs.reduce(0, +) / Double(xs.count), ys.reduce(0, +) / Double(ys.count))
        }
        return (clusters, membership)
    }

    static func shortLabel(_ text: String) -> String {
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        return firstLine.count > 28 ? String(firstLine.prefix(27)) + "…" : firstLine
    }

    /// "1–3, 8": runs of consecutive numbers joined, at most three parts.
    static func numberList(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var start = numbers[0], previous = numbers[0]
        for number in numbers.dropFirst() + [Int.min] {
            if number == previous + 1 {
                previous = number
                continue
            }
            parts.append(start == previous ? "\(start)" : (previous == start + 1 ? "\(start), \(previous)" : "\(start)–\(previous)"))
            start = number
            previous = number
        }
        return parts.count > 3 ? parts.prefix(3).joined(separator: ", ") + ", …" : parts.joined(separator: ", ")
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
