public import ItineraryModel

/// A kind of field a traveller may leave out of a trip they share.
public enum OmittedField: String, Sendable, CaseIterable, Hashable {
    /// Booking and confirmation numbers.
    case confirmations
    /// Free-text notes of travel and custom items.
    case notes
    /// Street addresses of custom items (their coordinates stay, for the map).
    case addresses
}

extension Itinerary {
    /// The same itinerary without the named fields, for a copy shared outside the trip.
    public func omitting(_ fields: Set<OmittedField>) -> Itinerary {
        guard !fields.isEmpty else { return self }
        var copy = self
        copy.items = items.map { item in
            var item = item
            if fields.contains(.confirmations) { item.confirmation = nil }
            if fields.contains(.notes) { item.notes = nil }
            if fields.contains(.addresses), case .custom(var custom) = item.kind, let place = custom.location {
                custom.location = Place(latitude: place.latitude, longitude: place.longitude, address: nil)
                item.kind = .custom(custom)
            }
            return item
        }
        return copy
    }
}
