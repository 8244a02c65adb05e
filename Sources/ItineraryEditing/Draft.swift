import ItineraryModel

/// The document being rewritten: its root object and its `items`, changed
/// member by member so everything an edit does not touch stays as read.
struct Draft {
    var root: JSONObject
    var items: [JSONValue]

    /// The reader has accepted the document, so it is an object with an `items` array.
    init(_ document: JSONValue) {
        guard case .object(let root) = document, case .array(let items)? = root["items"] else {
            preconditionFailure("a read itinerary has an items array")
        }
        self.root = root
        self.items = items
    }

    var document: JSONValue {
        var root = self.root
        root["items"] = .array(items)
        return .object(root)
    }

    /// Sets a member of an item: in place when it is there; otherwise a new
    /// `sortOrder` goes after `day` and anything else at the end.
    mutating func set(_ key: String, _ value: JSONValue, ofItem index: Int) {
        guard case .object(var object) = items[index] else { return }
        if object[key] != nil || key != "sortOrder" {
            object[key] = value
        } else {
            var members = object.members
            let at = members.lastIndex(where: { $0.key == "day" }).map { $0 + 1 } ?? members.count
            members.insert((key, value), at: at)
            object = JSONObject(members)
        }
        items[index] = .object(object)
    }

    mutating func setSortOrder(_ sortOrder: Double, ofItem index: Int) {
        set("sortOrder", .number(JSONNumber(sortOrder)), ofItem: index)
    }

    /// Records an item's removal in `removed`: a new tombstone, or the time of
    /// the one the item already had (it had been added again since).
    mutating func markRemoved(_ id: String, at time: Instant) {
        var tombstones: [JSONValue] = []
        if case .array(let elements)? = root["removed"] { tombstones = elements }
        let stamp = JSONValue.string(time.isoUTC)
        if let index = tombstones.firstIndex(where: {
            if case .string(let other)? = $0["id"] { other.hasSameCodePoints(as: id) } else { false }
        }) {
            tombstones[index]["removedAt"] = stamp
        } else {
            tombstones.append(.object(JSONObject([("id", .string(id)), ("removedAt", stamp)])))
        }
        root["removed"] = .array(tombstones)
    }
}
