/// Where on a day an item goes, named by its new neighbours.
package enum Placement: Sendable, Hashable {
    case start
    case end
    case before(String)
    case after(String)
}

/// A restaurant, hotel, activity or note to add, as the user typed it; the
/// reader's rules (lengths, `HH:mm`, coordinate ranges) decide whether it fits.
package struct NewItem: Sendable, Hashable {
    package var category: String
    package var title: String
    package var time: String?
    package var latitude: Double?
    package var longitude: Double?
    package var address: String?
    package var notes: String?
    package var confirmation: String?

    package init(category: String, title: String, time: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
                address: String? = nil, notes: String? = nil, confirmation: String? = nil) {
        self.category = category
        self.title = title
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
        self.notes = notes
        self.confirmation = confirmation
    }
}
