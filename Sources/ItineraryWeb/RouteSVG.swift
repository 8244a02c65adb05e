import Foundation
import ItineraryModel
import ItineraryPresentation

/// The route as an SVG drawing's numbers: `RouteGeometry` at the page's
/// sizes, in the units and spellings the template writes. Nothing here is markup.
struct RouteSVG {
    /// One layer of the map under the route: land, water, state or country borders.
    struct MapLayer {
        /// What the layer is; its raw value (`land`, `water`, `state-borders`, `country-borders`) names it.
        let role: Basemap.Kind
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

    /// The route's geometry at the page's sizes: its markers, labels and direction marks are drawn as they are.
    let geometry: RouteGeometry
    let width: Double
    let height: Double
    /// The polyline's `points` attribute: "x1,y1 x2,y2 …".
    let points: String
    let legs: [Leg]
    /// The days in the legend with their colours, when the route has a colour per day.
    let days: [(day: Int, colour: String)]
    let mapLayers: [MapLayer]
    let scaleBar: ScaleBarKey?

    /// The route's marks, as `RouteGeometry` placed them.
    var markers: [RouteGeometry.Marker] { geometry.markers }
    var labels: [RouteGeometry.Label] { geometry.labels }
    var arrows: [RouteGeometry.Arrow] { geometry.arrows }

    /// The day of the leg an arrow marks.
    func day(of arrow: RouteGeometry.Arrow) -> Int {
        geometry.legDays[arrow.leg]
    }

    /// "#2f5da8": the colour of the leg an arrow marks, or nil for the route's own colour.
    func colour(of arrow: RouteGeometry.Arrow) -> String? {
        Self.colour(ofLegOn: day(of: arrow), geometry)
    }

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
        self.geometry = geometry
        width = geometry.width
        height = geometry.height
        func pointList<S: Sequence<RouteGeometry.Point>>(_ points: S) -> String {
            points.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
        }
        points = pointList(geometry.vertices)
        legs = geometry.legRuns.map {
            Leg(points: pointList($0.vertices), colour: Self.colour(ofLegOn: $0.day, geometry), day: $0.day)
        }
        days = geometry.colouredDays.map { ($0, Self.hex(RouteGeometry.colour(ofDay: $0))) }
        mapLayers =
            RouteMap(geometry.projection, width: geometry.width, height: geometry.height, sharpness: 8, map: map)
            .map(Self.layers) ?? []
        scaleBar = ScaleBar(geometry.projection, units: units, formats: formats, maximumLength: 120).flatMap { bar in
            geometry.clearCorner(width: bar.length + 6 + Self.estimatedWidth(bar.label), height: 14, inset: 14).map {
                ScaleBarKey(x: $0.x, y: $0.y + $0.height, length: bar.length, label: bar.label)
            }
        }
    }

    /// "#2f5da8": the colour of a leg on `day`, or nil when the route has one colour.
    private static func colour(ofLegOn day: Int, _ geometry: RouteGeometry) -> String? {
        geometry.colour(ofLegOn: day).map(Self.hex)
    }

    /// The map's layers as SVG paths.
    private static func layers(_ map: RouteMap) -> [MapLayer] {
        map.layers.map { layer in
            let path = layer.outlines.map { outline in
                "M" + outline.map { number($0.x) + "," + number($0.y) }.joined(separator: " L")
                    + (layer.kind.isArea ? " Z" : "")
            }.joined(separator: " ")
            return MapLayer(role: layer.kind, path: path)
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

extension RouteGeometry.Label.Anchor {
    /// The SVG `text-anchor` that sets the text this side of its x: "start", "middle" or "end".
    var svgTextAnchor: String {
        switch self {
        case .start: "start"
        case .middle: "middle"
        case .end: "end"
        }
    }
}
