extension JSONValue {
    /// Parses JSON text (a leading byte-order mark is ignored), keeping member
    /// order and number literals; for files beside an itinerary, such as a game catalogue.
    package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        self = try JSONParser.parse(bytes)
    }
}
