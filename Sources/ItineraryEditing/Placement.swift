/// Where on a day an item goes, named by its new neighbours.
public enum Placement: Sendable, Hashable {
    case start
    case end
    case before(String)
    case after(String)
}

/// A restaurant, hotel, activity or note to add, as the user typed it; the
/// reader's rules (lengths, `HH:mm`, coordinate ranges) decide whether it fits.
public struct NewItem: Sendable, Hashable {
    public var category: String
    public var title: String
    public var time: String?
    public var latitude: Double?
    public var longitude: Double?
    public var address: String?
    public var notes: String?
    public var confirmation: String?

    public init(category: String, title: String, time: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
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
