import ItineraryKit

/// `GET /openapi.yaml`: the service described in OpenAPI 3.1, its request
/// body schema the itinerary/v1 JSON Schema that `itinerary schema` prints.
public enum OpenAPIDocument {
    /// The document's text. JSON is YAML, so the schema goes in as it is, on one line.
    public static let yaml: [UInt8] = {
        let template = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
        // A JSON text's line breaks are all outside its strings: joining its lines keeps it the same JSON.
        let schema = ItinerarySchema.json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let text = template
            .replacingOccurrences(of: "version: ITINERARY_VERSION", with: "version: \(itineraryVersion)")
            .replacingOccurrences(of: "Itinerary: ITINERARY_SCHEMA", with: "Itinerary: \(schema)")
        return Array(text.utf8)
    }()
}

import Foundation
