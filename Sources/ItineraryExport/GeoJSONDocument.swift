import Foundation
import ItineraryPresentation

/// The trip as GeoJSON (RFC 7946) for web maps (geojson.io, Mapbox, Leaflet):
/// a FeatureCollection of a Point for each item with coordinates and a
/// LineString for each day's travel, coordinates `[longitude, latitude]`; the
/// lines' `stroke` (and the points' `marker-color`) are the day's colour, as
/// Mapbox's simplestyle reads them. The collection's `name` (as GDAL writes a
/// layer's) and `description` are foreign members (RFC 7946 §6.1): the trip's
/// name and dates, and a sentence when nothing has coordinates.
package enum GeoJSONDocument {
    /// The file's bytes.
    package static func geojson(_ trip: PresentedTrip) -> [UInt8] {
        let features = MapFeatures(trip)
        var collection = FeatureCollection(name: features.name, description: features.description)
        for point in features.points {
            collection.features.append(
                Feature(
                    geometry: .point([point.longitude, point.latitude]),
                    properties: Properties(
                        name: point.name, description: point.description, day: point.day, kind: point.kind,
                        markerColor: MapFeatures.colour(ofDay: point.day))))
        }
        for line in features.lines {
            collection.features.append(
                Feature(
                    geometry: .lineString(line.coordinates.map { [$0.longitude, $0.latitude] }),
                    properties: Properties(name: line.name, day: line.day, stroke: line.colour, strokeWidth: 4)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, whole numbers and finite coordinates: encoding cannot fail.
        return ((try? encoder.encode(collection)).map(Array.init) ?? []) + [0x0A]
    }

    private struct FeatureCollection: Encodable {
        let type = "FeatureCollection"
        let name: String
        let description: String
        var features: [Feature] = []
    }

    private struct Feature: Encodable {
        let type = "Feature"
        let geometry: Geometry
        let properties: Properties
    }

    private enum Geometry: Encodable {
        case point([Double])
        case lineString([[Double]])

        private enum Keys: String, CodingKey { case type, coordinates }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            switch self {
            case .point(let position):
                try container.encode("Point", forKey: .type)
                try container.encode(position, forKey: .coordinates)
            case .lineString(let positions):
                try container.encode("LineString", forKey: .type)
                try container.encode(positions, forKey: .coordinates)
            }
        }
    }

    private struct Properties: Encodable {
        var name: String
        var description: String?
        var day: Int
        var kind: String?
        var markerColor: String?
        var stroke: String?
        var strokeWidth: Int?

        private enum CodingKeys: String, CodingKey {
            case name, description, day, kind, stroke
            case markerColor = "marker-color"
            case strokeWidth = "stroke-width"
        }
    }
}
