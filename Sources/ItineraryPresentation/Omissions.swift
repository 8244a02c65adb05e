import ItineraryModel

/// Fields a shared copy of the trip leaves out of every format; applied here,
/// once, so every renderer shows the same trip.
package struct Omissions: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Booking and confirmation numbers.
    package static let confirmations = Omissions(rawValue: 1)
    /// Free-text notes of travel and custom items.
    package static let notes = Omissions(rawValue: 2)
    /// Street addresses of custom items (their coordinates stay, for the map and the GPX).
    package static let addresses = Omissions(rawValue: 4)
}

extension OrderedItinerary {
    /// The same trip without the fields `omissions` names, in the same order.
    package func omitting(_ omissions: Omissions) -> OrderedItinerary {
        guard !omissions.isEmpty else { return self }
        return mappingItems { item in
            var item = item
            if omissions.contains(.confirmations) { item.confirmation = nil }
            if omissions.contains(.notes) { item.notes = nil }
            if omissions.contains(.addresses), case .custom(var custom) = item.kind, let place = custom.location {
                custom.location = Place(latitude: place.latitude, longitude: place.longitude, address: nil)
                item.kind = .custom(custom)
            }
            return item
        }
    }
}
