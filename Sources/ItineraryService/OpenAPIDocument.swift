import ItineraryKit

/// `GET /openapi.yaml`: the service described in OpenAPI 3.1, its request
/// body schema the itinerary/v1 JSON Schema that `itinerary schema` prints.
package enum OpenAPIDocument {
    /// The document's text. JSON is YAML, so the schema goes in as JSON, on one line.
    package static let yaml: [UInt8] = {
        let template = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
        let text =
            template
            .replacingOccurrences(of: "version: ITINERARY_VERSION", with: "version: \(itineraryVersion)")
            .replacingOccurrences(of: "Itinerary: ITINERARY_SCHEMA", with: "Itinerary: \(embeddedSchema)")
        return Array(text.utf8)
    }()

    /// The schema as a component of this document: without `$schema` and `$id`
    /// (the document's dialect is 2020-12 already), its `#/$defs/…` references
    /// pointing to where its definitions now are.
    static var embeddedSchema: String {
        guard var schema = try? JSONValue(parsing: Array(CheckedTrip.schema.utf8)), case .object = schema else {
            // The schema is a resource of the build, checked by the tests.
            fatalError("the built-in itinerary/v1 schema is not a JSON object")
        }
        schema["$schema"] = nil
        schema["$id"] = nil
        return schema.canonical.replacingOccurrences(of: "\"#/$defs/", with: "\"#/components/schemas/Itinerary/$defs/")
    }
}
