import Foundation
import ItineraryModel
import ItineraryPresentation

/// The route as an SVG drawing's numbers: `RouteGeometry` at the page's
/// sizes, in the units and spellings the template writes. Nothing here is markup.
struct RouteSVG {
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
        let colour: String?
        var day = 1
    }

    /// One layer of the map under the route: land, water, state or country borders.
    struct MapLayer {
        /// "land", "water", "state-borders", "country-borders".
        let role: String
        /// The SVG path: "M x,y L … Z" for areas, open for borders.
        let path: String
    }

    /// A run of legs on one day, in that day's colour.
    struct Leg {
        let points: String
        /// "#2f5da8", or nil for the route's own colour.
        let colour: String?
        /// The day it is travelled, so colour is never the only cue.
        let day: Int
    }

    struct ScaleBarKey {
        let x: Double
        let y: Double
        let length: Double
        let label: String
    }

    typealias Place = RouteGeometry.Place

    let width: Double
    let height: Double
    let arrows: [Arrow]
    /// The polyline's `points` attribute: "x1,y1 x2,y2 …".
    let points: String
    let legs: [Leg]
    /// The days in the legend with their colours, when the route has a colour per day.
    let days: [(day: Int, colour: String)]
    let mapLayers: [MapLayer]
    let scaleBar: ScaleBarKey?
    let markers: [Marker]
    let labels: [Label]

    static let boxWidth = 720.0
    static let markerHeight = 18.0
    /// Places closer than this on the drawing share one marker.
    static let clusterRadius = 16.0
    /// Above this many markers, the route is drawn as an overview: dots, with only start and end numbered and named.
    static let overviewThreshold = 40
    static let labelSize = 12.0

    static var measures: RouteGeometry.Measures {
        RouteGeometry.Measures(
            width: boxWidth, height: nil, padX: 110, padY: 44, markerHeight: markerHeight, dotSize: 7,
            clusterRadius: clusterRadius, overviewThreshold: overviewThreshold, labelHeight: labelSize + 3,
            arrowMinimumLength: 60,
            markerWidth: { Double($0.count) * 6.6 + 10 }, labelWidth: estimatedWidth)
    }

    /// The diagram of a route; nil when there is no stop to draw.
    init?(_ stops: [RouteStop], units: Units, formats: Formats, map: MapData) {
        self.init(places: stops.map(RouteGeometry.Place.init), units: units, formats: formats, map: map)
    }

    init?(places: [Place], units: Units, formats: Formats = .english, map: MapData) {
        guard let geometry = RouteGeometry(places, measures: Self.measures) else { return nil }
        width = geometry.width
        height = geometry.height
        func pointList<S: Sequence<RouteGeometry.Point>>(_ points: S) -> String {
            points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
        }
        points = pointList(geometry.vertices)
        func colour(_ day: Int) -> String? {
            geometry.colour(ofLegOn: day).map(Self.hex)
        }
        legs = geometry.legRuns.map { Leg(points: pointList($0.vertices), colour: colour($0.day), day: $0.day) }
        days = geometry.colouredDays.map { ($0, Self.hex(RouteGeometry.colour(ofDay: $0))) }
        arrows = geometry.arrows.map {
            Arrow(
                x: $0.center.x, y: $0.center.y, degrees: $0.degrees, colour: colour(geometry.legDays[$0.leg]),
                day: geometry.legDays[$0.leg])
        }
        mapLayers =
            RouteMap(geometry.projection, width: geometry.width, height: geometry.height, sharpness: 8, map: map)
            .map(Self.layers) ?? []
        scaleBar = ScaleBar(geometry.projection, units: units, formats: formats, maximumLength: 120).flatMap { bar in
            geometry.clearCorner(width: bar.length + 6 + Self.estimatedWidth(bar.label), height: 14, inset: 14).map {
                ScaleBarKey(x: $0.x, y: $0.y + $0.height, length: bar.length, label: bar.label)
            }
        }
        markers = geometry.markers.map {
            Marker(
                x: $0.center.x, y: $0.center.y, numbers: $0.numbers, width: $0.width, isStart: $0.isStart,
                isEnd: $0.isEnd, showsNumbers: $0.showsNumbers)
        }
        labels = geometry.labels.map { label in
            let box = label.frame
            let x = label.anchor == .start ? box.x : (label.anchor == .end ? box.x + box.width : box.x + box.width / 2)
            return Label(text: label.text, x: x, y: box.y + box.height - 4, anchor: label.anchor.rawValue)
        }
    }

    /// The map's layers as SVG paths.
    private static func layers(_ map: RouteMap) -> [MapLayer] {
        map.layers.map { layer in
            let path = layer.outlines.map { outline in
                "M" + outline.map { number($0.x) + "," + number($0.y) }.joined(separator: " L")
                    + (layer.kind.isArea ? " Z" : "")
            }.joined(separator: " ")
            return MapLayer(role: layer.kind.role, path: path)
        }
    }

    /// "#2f5da8".
    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A coordinate with one decimal, as SVG wants it: "12.5", "40".
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// The width of a label in the diagram's sans-serif at 12 px, estimated without a font.
    @Sendable static func estimatedWidth(_ text: String) -> Double {
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

/// The rectangles the tests check the drawing with.
typealias Rect = RouteGeometry.Box
