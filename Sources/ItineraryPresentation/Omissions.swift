import ItineraryModel

/// A kind of field a traveller may leave out of a trip they share; applied
/// when the trip is presented, once, so every format shows the same trip.
public enum OmittedField: String, Sendable, CaseIterable, Codable {
    /// Booking and confirmation numbers.
    case confirmations
    /// Free-text notes of travel and custom items.
    case notes
    /// Street addresses of custom items (their coordinates stay, for the map and the GPX).
    case addresses
    /// The trip's own JSON that every PDF carries as an attachment (the other fields
    /// left out are left out of it too).
    case source
}

extension JSONValue {
    /// A trip's JSON without the fields named, as the PDF of a shared copy carries it:
    /// items' `confirmation`, `notes` and their location's `address`.
    package func omitting(_ omitted: Set<OmittedField>) -> JSONValue {
        guard !omitted.subtracting([.source]).isEmpty, let items = self["items"]?.arrayValue else { return self }
        var document = self
        document["items"] = .array(
            items.map { item in
                var item = item
                if omitted.contains(.confirmations) { item["confirmation"] = nil }
                if omitted.contains(.notes) { item["notes"] = nil }
                if omitted.contains(.addresses), var location = item["location"], location["address"] != nil {
                    location["address"] = nil
                    item["location"] = location
                }
                return item
            })
        return document
    }
}

extension OrderedItinerary {
    /// The same trip without the fields named, in the same order.
    package func omitting(_ omitted: Set<OmittedField>) -> OrderedItinerary {
        guard !omitted.isEmpty else { return self }
        return mappingItems { item in
            var item = item
            if omitted.contains(.confirmations) { item.confirmation = nil }
            if omitted.contains(.notes) { item.notes = nil }
            if omitted.contains(.addresses), case .custom(var custom) = item.kind, let place = custom.location {
                custom.location = Place(latitude: place.latitude, longitude: place.longitude, address: nil)
                item.kind = .custom(custom)
            }
            return item
        }
    }
}
