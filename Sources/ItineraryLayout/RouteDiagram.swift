import Foundation
import ItineraryModel
import ItineraryPresentation

/// The route panel of the printed documents: `RouteGeometry` fitted to the
/// panel, drawn as boxes, with text measured by the document's measurer.
struct RouteDiagram {
    let measurer: TextMeasuring

    /// Boxes for the panel; none for a route with no stops.
    func boxes(_ stops: [RouteStop], in frame: Rect, caption: String?) -> [Box] {
        guard !stops.isEmpty else { return [] }
        var boxes: [Box] = [.rect(RectBox(frame: frame, radius: 8, fill: Theme.routeFill, stroke: Theme.hairline, lineWidth: 0.8, dashed: false, role: "route"))]
        // The caption and the legend share the top row, so neither covers the drawing.
        var top = frame.y + 8
        if let caption {
            let metrics = measurer.measure(caption, style: Theme.sectionLabel, width: nil)
            boxes.append(.text(TextBox(text: caption, style: Theme.sectionLabel, color: Theme.muted, wrapWidth: nil,
                                       frame: Rect(frame.x + 10, frame.y + 8, metrics.width, metrics.height), role: "route-caption")))
            top = frame.y + 8 + metrics.height
        }
        let legend = legendBoxes(in: frame)
        boxes.append(contentsOf: legend.boxes)
        top = max(top, legend.bottom) + 2
        let plot = Rect(frame.x + 4, top, frame.width - 8, frame.maxY - top - 4)
        guard let geometry = RouteGeometry(stops.map(RouteGeometry.Place.init), measures: measures(plot)) else { return boxes }
        func point(_ p: RouteGeometry.Point) -> Point { Point(plot.x + p.x, plot.y + p.y) }

        if geometry.vertices.count > 1 {
            boxes.append(.polyline(PolylineBox(points: geometry.vertices.map(point), color: geometry.isOverview ? Theme.routeLineLight : Theme.routeLine,
                                               width: geometry.isOverview ? 0.7 : 1.6, dashed: false)))
        }
        for arrow in geometry.arrows where !geometry.isOverview {
            // A chevron pointing along the leg.
            let angle = arrow.degrees * .pi / 180, c = cos(angle), s = sin(angle)
            func turned(_ x: Double, _ y: Double) -> Point {
                Point(plot.x + arrow.center.x + x * c - y * s, plot.y + arrow.center.y + x * s + y * c)
            }
            boxes.append(.line(LineBox(from: turned(-3, -3.5), to: turned(2, 0), color: Theme.routeLine, width: 1.4)))
            boxes.append(.line(LineBox(from: turned(-3, 3.5), to: turned(2, 0), color: Theme.routeLine, width: 1.4)))
        }
        for marker in geometry.markers {
            let center = point(marker.center)
            let fill = marker.isStart ? Theme.start : (marker.isEnd ? Theme.end : Theme.stop)
            let role = marker.isStart ? "start-marker" : (marker.isEnd ? "end-marker" : "marker")
            guard marker.showsNumbers else {
                boxes.append(.circle(CircleBox(center: center, radius: marker.width / 2, fill: fill, stroke: Theme.white, lineWidth: 0.8)))
                continue
            }
            let pill = Rect(center.x - marker.width / 2, center.y - marker.height / 2, marker.width, marker.height)
            if marker.isStart && marker.isEnd {
                // A round trip: the start's colour inside a ring of the end's.
                boxes.append(.rect(RectBox(frame: Rect(pill.x - 2.5, pill.y - 2.5, pill.width + 5, pill.height + 5), radius: pill.height / 2 + 2.5,
                                           fill: Theme.end, stroke: nil, lineWidth: 0, dashed: false, role: "end-marker")))
            }
            boxes.append(.rect(RectBox(frame: pill, radius: pill.height / 2, fill: fill, stroke: Theme.white, lineWidth: 1.2, dashed: false, role: role)))
            let metrics = measurer.measure(marker.numbers, style: Theme.marker, width: nil)
            boxes.append(.text(TextBox(text: marker.numbers, style: Theme.marker, color: Theme.white, wrapWidth: nil,
                                       frame: Rect(center.x - metrics.width / 2, center.y - metrics.height / 2, metrics.width, metrics.height), role: "marker-number")))
        }
        for label in geometry.labels {
            let spot = Rect(plot.x + label.frame.x, plot.y + label.frame.y, label.frame.width, label.frame.height)
            // A patch of the panel's colour keeps the label readable over the line.
            boxes.append(.rect(RectBox(frame: Rect(spot.x - 2, spot.y, spot.width + 4, spot.height), radius: 0, fill: Theme.routeFill,
                                       stroke: nil, lineWidth: 0, dashed: false, role: "label-backing")))
            boxes.append(.text(TextBox(text: label.text, style: Theme.mapLabel, color: Theme.ink, wrapWidth: nil, frame: spot, role: "map-label")))
        }
        return boxes
    }

    /// The panel's sizes for `RouteGeometry`, text measured as it will be set.
    private func measures(_ plot: Rect) -> RouteGeometry.Measures {
        let measurer = self.measurer
        let labelHeight = measurer.measure("Ag", style: Theme.mapLabel, width: nil).height
        var measures = RouteGeometry.Measures(
            width: plot.width, height: plot.height, padX: 60, padY: 16, markerHeight: 14, dotSize: 6,
            clusterRadius: 10, overviewThreshold: 20, labelHeight: labelHeight, arrowMinimumLength: 50,
            markerWidth: { measurer.measure($0, style: Theme.marker, width: nil).width + 8 },
            labelWidth: { measurer.measure($0, style: Theme.mapLabel, width: nil).width })
        measures.namesCitiesInOverview = true
        return measures
    }

    /// "Start" and "End" keys in the top-right corner, and the bottom of their row.
    private func legendBoxes(in frame: Rect) -> (boxes: [Box], bottom: Double) {
        var boxes: [Box] = []
        var bottom = frame.y + 8
        var x = frame.maxX - 10
        for (label, color) in [("End", Theme.end), ("Start", Theme.start)] {
            let metrics = measurer.measure(label, style: Theme.mapLabel, width: nil)
            x -= metrics.width
            let textFrame = Rect(x, frame.y + 8, metrics.width, metrics.height)
            boxes.append(.text(TextBox(text: label, style: Theme.mapLabel, color: Theme.muted, wrapWidth: nil, frame: textFrame, role: "legend")))
            x -= 9
            boxes.append(.circle(CircleBox(center: Point(x + 3.5, frame.y + 8 + metrics.height / 2), radius: 3.5, fill: color, stroke: nil, lineWidth: 0)))
            bottom = max(bottom, textFrame.maxY)
            x -= 12
        }
        return (boxes, bottom)
    }
}
