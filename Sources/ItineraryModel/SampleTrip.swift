/// The built-in sample: the spring-swing fixture, compiled into the binary.
package enum SampleTrip {
    package static var bytes: [UInt8] { PackageResources.spring_swing_json }

    package static var json: String { String(decoding: bytes, as: UTF8.self) }

    package static func itinerary() -> Itinerary {
        // The sample is checked by the test suite; failing here is a build defect.
        do {
            return try ItineraryReader.read(bytes: bytes)
        } catch {
            fatalError("the built-in sample trip does not read: \(error)")
        }
    }
}
