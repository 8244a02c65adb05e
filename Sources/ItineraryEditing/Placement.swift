/// Where `move` puts an item on its day, named by its new neighbours.
public enum Placement: Sendable, Hashable {
    /// First on the day.
    case start
    /// Last on the day.
    case end
    /// Just before the item with this id.
    case before(String)
    /// Just after the item with this id.
    case after(String)
}

/// A restaurant, hotel, activity or note for `add`, as the traveller typed it;
/// the format's rules (lengths, `HH:mm`, coordinate ranges) decide whether it fits.
public struct NewItem: Sendable, Hashable {
    /// `restaurant`, `hotel`, `activity` or `note`.
    package var category: String
    /// What it is, as people read it.
    package var title: String
    /// `HH:mm` in the trip's zone.
    package var time: String?
    /// Where it is, with `longitude`, for the map and the GPX.
    package var latitude: Double?
    /// Where it is, with `latitude`; west is negative.
    package var longitude: Double?
    /// The street address, with the coordinates.
    package var address: String?
    /// Free text.
    package var notes: String?
    /// A booking or confirmation number.
    package var confirmation: String?

    /// An item as typed; every field but the category and the title may be left out.
    public init(
        category: String, title: String, time: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
        address: String? = nil, notes: String? = nil, confirmation: String? = nil
    ) {
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
