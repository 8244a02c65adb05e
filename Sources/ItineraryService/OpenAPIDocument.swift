import ItineraryKit

/// `GET /openapi.yaml`: the service described in OpenAPI 3.1, its request
/// body schema the itinerary/v1 JSON Schema that `itinerary schema` prints.
package enum OpenAPIDocument {
    /// The document's text. JSON is YAML, so the schema goes in as JSON, on one line.
    package static let yaml: [UInt8] = {
        let template = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
        let text =
            template
            .replacingOccurrences(of: "version: ITINERARY_VERSION", with: "version: \(CheckedTrip.version)")
            .replacingOccurrences(of: "Itinerary: ITINERARY_SCHEMA", with: "Itinerary: \(embeddedSchema)")
        return Array(withRenderParameters(text).utf8)
    }()

    /// `POST /v1/jobs` takes what `POST /v1/render` takes: its parameters, written once, are copied
    /// where the jobs' list says `- RENDER_PARAMETERS`.
    static func withRenderParameters(_ text: String) -> String {
        guard let render = text.range(of: "  /v1/render:\n"),
            let start = text.range(of: "      parameters:\n", range: render.upperBound..<text.endIndex),
            let end = text.range(of: "      requestBody:\n", range: start.upperBound..<text.endIndex)
        else { return text }
        let parameters = text[start.upperBound..<end.lowerBound]
        return text.replacingOccurrences(of: "        - RENDER_PARAMETERS\n", with: String(parameters))
    }

    /// The schema as a component of this document: without `$schema` and `$id`
    /// (the document's dialect is 2020-12 already), its `#/$defs/…` references
    /// pointing to where its definitions now are, on one line. The schema file is
    /// written one member a line (a test reads this document with two OpenAPI
    /// checkers), and a JSON string holds no line break, so lines are members.
    static var embeddedSchema: String {
        CheckedTrip.schema.split(separator: "\n")
            .filter { line in !["  \"$schema\":", "  \"$id\":"].contains { line.hasPrefix($0) } }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined()
            .replacingOccurrences(of: "\"#/$defs/", with: "\"#/components/schemas/Itinerary/$defs/")
    }
}
