import Foundation
import ItineraryModel
import ItineraryPresentation

/// The route panel of the printed documents: `RouteGeometry` fitted to the
/// panel, drawn as boxes, with text measured by the document's measurer.
struct RoutePanel {
    let measurer: TextMeasuring
    let map: MapData
    let palette: Palette

    /// Boxes for the panel; none for a route with no stops. `dayColour`
    /// draws every leg in one day's colour (a day sheet's own map); else
    /// a route of a few days has a colour per day and a legend of them.
    func boxes(
        _ stops: [RouteStop], in frame: Rect, caption: String?, units: Units, formats: Formats, dayColour: Color? = nil
    ) -> [Box] {
        guard !stops.isEmpty else { return [] }
        // The caption and the legends share the top row, over the panel's own fill.
        var top = frame.y + 8
        var header: [Box] = []
        var captionEnd = frame.x + 10
        if let caption {
            let metrics = measurer.measure(caption, style: Typography.sectionLabel, width: nil)
            header.append(
                .text(
                    TextBox(
                        text: caption, style: Typography.sectionLabel, color: palette.muted, wrapWidth: nil,
                        frame: Rect(frame.x + 10, frame.y + 8, metrics.width, metrics.height), role: .routeCaption)))
            top = frame.y + 8 + metrics.height
            captionEnd += metrics.width
        }
        let legend = legendBoxes(in: frame, language: formats.language)
        header.append(contentsOf: legend.boxes)
        top = max(top, legend.bottom) + 4
        let plot = Rect(frame.x + 4, top, frame.width - 8, frame.maxY - top - 4)
        guard let geometry = RouteGeometry(stops.map(RouteGeometry.Place.init), measures: measures(plot)) else {
            return []
        }
        func point(_ p: RouteGeometry.Point) -> Point { Point(plot.x + p.x, plot.y + p.y) }

        // The map reaches the panel's edges: the projection is drawn past the plot.
        let map = RouteMap(geometry.projection, width: plot.width, height: frame.maxY - plot.y + 2, map: self.map)
        var boxes: [Box] = [
            .rect(
                RectBox(
                    frame: frame, radius: 8, fill: map == nil ? palette.routeFill : palette.mapWater,
                    stroke: nil, lineWidth: 0, dashed: false, role: .route))
        ]
        if let map { boxes += mapBoxes(map, origin: Point(plot.x, plot.y), clip: frame) }
        if map != nil {
            // The top row keeps the panel's plain fill, inside its rounded corners.
            let strip = [
                Point(frame.x, frame.y), Point(frame.maxX, frame.y), Point(frame.maxX, top), Point(frame.x, top),
            ]
            boxes.append(
                .shape(
                    ShapeBox(
                        outlines: [strip], closed: true, color: palette.routeFill, lineWidth: 0, dashed: false,
                        clip: frame, clipRadius: 8, role: .routeHeader)))
            boxes.append(
                .line(
                    LineBox(from: Point(frame.x, top), to: Point(frame.maxX, top), color: palette.hairline, width: 0.6))
            )
        }
        boxes.append(
            .rect(
                RectBox(
                    frame: frame, radius: 8, fill: nil, stroke: palette.hairline, lineWidth: 0.8, dashed: false,
                    role: .routeEdge)))
        boxes += header
        boxes += dayLegend(
            geometry.colouredDays, from: captionEnd + 14, to: legend.left - 14, y: frame.y + 8, formats: formats)

        if geometry.vertices.count > 1 {
            for run in geometry.legRuns {
                let colour = geometry.isOverview ? palette.routeLineLight : legColour(day: run.day, geometry, dayColour)
                boxes.append(
                    .polyline(
                        PolylineBox(
                            points: run.vertices.map(point), color: colour, width: geometry.isOverview ? 0.7 : 1.6,
                            dashed: false)))
            }
        }
        for arrow in geometry.arrows where !geometry.isOverview {
            // A chevron pointing along the leg.
            let angle = arrow.degrees * .pi / 180, c = cos(angle), s = sin(angle)
            func turned(_ x: Double, _ y: Double) -> Point {
                Point(plot.x + arrow.center.x + x * c - y * s, plot.y + arrow.center.y + x * s + y * c)
            }
            let colour = legColour(day: geometry.legDays[arrow.leg], geometry, dayColour)
            boxes.append(.line(LineBox(from: turned(-3, -3.5), to: turned(2, 0), color: colour, width: 1.4)))
            boxes.append(.line(LineBox(from: turned(-3, 3.5), to: turned(2, 0), color: colour, width: 1.4)))
        }
        for marker in geometry.markers {
            let center = point(marker.center)
            let fill = marker.isStart ? palette.start : (marker.isEnd ? palette.end : palette.stop)
            let role: Role = marker.isStart ? .startMarker : (marker.isEnd ? .endMarker : .marker)
            guard marker.showsNumbers else {
                boxes.append(
                    .circle(
                        CircleBox(
                            center: center, radius: marker.width / 2, fill: fill, stroke: Typography.white,
                            lineWidth: 0.8)))
                continue
            }
            let pill = Rect(center.x - marker.width / 2, center.y - marker.height / 2, marker.width, marker.height)
            if marker.isStart && marker.isEnd {
                // A round trip: the start's colour inside a ring of the end's.
                boxes.append(
                    .rect(
                        RectBox(
                            frame: Rect(pill.x - 2.5, pill.y - 2.5, pill.width + 5, pill.height + 5),
                            radius: pill.height / 2 + 2.5,
                            fill: palette.end, stroke: nil, lineWidth: 0, dashed: false, role: .endMarker)))
            }
            boxes.append(
                .rect(
                    RectBox(
                        frame: pill, radius: pill.height / 2, fill: fill, stroke: Typography.white, lineWidth: 1.2,
                        dashed: false, role: role)))
            let metrics = measurer.measure(marker.numbers, style: Typography.marker, width: nil)
            boxes.append(
                .text(
                    TextBox(
                        text: marker.numbers, style: Typography.marker, color: Typography.white, wrapWidth: nil,
                        frame: Rect(
                            center.x - metrics.width / 2, center.y - metrics.height / 2, metrics.width, metrics.height),
                        role: .markerNumber)))
        }
        for label in geometry.labels {
            let spot = Rect(plot.x + label.frame.x, plot.y + label.frame.y, label.frame.width, label.frame.height)
            // A patch of the panel's colour keeps the label readable over the line.
            boxes.append(
                .rect(
                    RectBox(
                        frame: Rect(spot.x - 2, spot.y, spot.width + 4, spot.height), radius: map == nil ? 0 : 2,
                        fill: map == nil ? palette.routeFill : palette.mapLand, stroke: nil, lineWidth: 0,
                        dashed: false, role: .labelBacking)))
            boxes.append(
                .text(
                    TextBox(
                        text: label.text, style: Typography.mapLabel, color: palette.ink, wrapWidth: nil, frame: spot,
                        role: .mapLabel)))
        }
        if let bar = ScaleBar(geometry.projection, units: units, formats: formats, maximumLength: 70) {
            let labelWidth = measurer.measure(bar.label, style: Typography.mapLabel, width: nil).width
            if let corner = geometry.clearCorner(width: bar.length + 4 + labelWidth, height: 12, inset: 6) {
                boxes += scaleBarBoxes(bar, at: Point(plot.x + corner.x, plot.y + corner.y + corner.height))
            }
        }
        return boxes
    }

    /// A leg's colour: the day sheet's, its day's when the route has a colour per day, else the route's.
    private func legColour(day: Int, _ geometry: RouteGeometry, _ dayColour: Color?) -> Color {
        dayColour ?? geometry.colour(ofLegOn: day).map { _ in palette.dayColour(day) } ?? palette.routeLine
    }

    /// The map's layers as shapes inside the panel's rounded corners.
    private func mapBoxes(_ map: RouteMap, origin: Point, clip: Rect) -> [Box] {
        map.layers.map { layer in
            let outlines = layer.outlines.map { $0.map { Point(origin.x + $0.x, origin.y + $0.y) } }
            let (color, lineWidth): (Color, Double) =
                switch layer.kind {
                case .land: (palette.mapLand, 0)
                case .water: (palette.mapWater, 0)
                case .stateBorder: (palette.mapStateBorder, 0.45)
                case .countryBorder: (palette.mapCountryBorder, 0.7)
                }
            return .shape(
                ShapeBox(
                    outlines: outlines, closed: layer.kind.isArea, color: color, lineWidth: lineWidth,
                    dashed: layer.kind == .stateBorder, clip: clip, clipRadius: 8, role: Role(layer.kind)))
        }
    }

    /// "Day 1", "Day 2", … each after a stroke of its colour, while they fit between
    /// the caption and the Start and End keys.
    private func dayLegend(_ days: [Int], from left: Double, to right: Double, y: Double, formats: Formats) -> [Box] {
        var boxes: [Box] = []
        var x = left
        for day in days {
            let text = formats.dayLabel(day)
            let metrics = measurer.measure(text, style: Typography.mapLabel, width: nil)
            guard x + 16 + metrics.width <= right else { return [] }
            let middle = y + metrics.height / 2
            boxes.append(
                .line(
                    LineBox(
                        from: Point(x, middle), to: Point(x + 12, middle), color: palette.dayColour(day), width: 2.2)))
            boxes.append(
                .text(
                    TextBox(
                        text: text, style: Typography.mapLabel, color: palette.muted, wrapWidth: nil,
                        frame: Rect(x + 16, y, metrics.width, metrics.height), role: .dayLegend)))
            x += 16 + metrics.width + 10
        }
        return boxes
    }

    /// A scale bar with end ticks from its bottom-left corner, its distance to its right.
    private func scaleBarBoxes(_ bar: ScaleBar, at start: Point) -> [Box] {
        let end = Point(start.x + bar.length, start.y)
        let metrics = measurer.measure(bar.label, style: Typography.mapLabel, width: nil)
        return [
            .line(LineBox(from: start, to: end, color: palette.muted, width: 1)),
            .line(LineBox(from: Point(start.x, start.y - 3), to: start, color: palette.muted, width: 1)),
            .line(LineBox(from: Point(end.x, end.y - 3), to: end, color: palette.muted, width: 1)),
            .text(
                TextBox(
                    text: bar.label, style: Typography.mapLabel, color: palette.muted, wrapWidth: nil,
                    frame: Rect(end.x + 4, start.y - metrics.height + 2, metrics.width, metrics.height),
                    role: .scaleBar)),
        ]
    }

    /// The panel's sizes for `RouteGeometry`, text measured as it will be set.
    private func measures(_ plot: Rect) -> RouteGeometry.Measures {
        let measurer = self.measurer
        let labelHeight = measurer.measure("Ag", style: Typography.mapLabel, width: nil).height
        var measures = RouteGeometry.Measures(
            width: plot.width, height: plot.height, padX: 60, padY: 16, markerHeight: 14, dotSize: 6,
            clusterRadius: 10, overviewThreshold: 20, labelHeight: labelHeight, arrowMinimumLength: 50,
            markerWidth: { measurer.measure($0, style: Typography.marker, width: nil).width + 8 },
            labelWidth: { measurer.measure($0, style: Typography.mapLabel, width: nil).width })
        measures.namesCitiesInOverview = true
        return measures
    }

    /// "Start" and "End" keys in the top-right corner, the bottom of their row and where they begin.
    private func legendBoxes(in frame: Rect, language: Language) -> (boxes: [Box], bottom: Double, left: Double) {
        var boxes: [Box] = []
        var bottom = frame.y + 8
        var x = frame.maxX - 10
        for (label, color) in [(language.text(.routeEnd), palette.end), (language.text(.routeStart), palette.start)] {
            let metrics = measurer.measure(label, style: Typography.mapLabel, width: nil)
            x -= metrics.width
            let textFrame = Rect(x, frame.y + 8, metrics.width, metrics.height)
            boxes.append(
                .text(
                    TextBox(
                        text: label, style: Typography.mapLabel, color: palette.muted, wrapWidth: nil, frame: textFrame,
                        role: .legend)))
            x -= 9
            boxes.append(
                .circle(
                    CircleBox(
                        center: Point(x + 3.5, frame.y + 8 + metrics.height / 2), radius: 3.5, fill: color, stroke: nil,
                        lineWidth: 0)))
            bottom = max(bottom, textFrame.maxY)
            x -= 12
        }
        return (boxes, bottom, x + 12)
    }
}
