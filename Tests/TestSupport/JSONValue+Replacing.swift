import ItineraryModel

extension JSONValue {
    /// The value with the element at `path` replaced, or removed when `value` is nil.
    package func replacing(_ path: [Location.Component], with value: JSONValue?) -> JSONValue {
        guard let first = path.first else { return value ?? .null }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var object), .key(let key)):
            if rest.isEmpty {
                object[key] = value
            } else if let child = object[key] {
                object[key] = child.replacing(rest, with: value)
            }
            return .object(object)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if rest.isEmpty {
                if let value { elements[index] = value } else { elements.remove(at: index) }
            } else {
                elements[index] = elements[index].replacing(rest, with: value)
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// `replacing` for the common case of one item's field.
    package func replacing(item index: Int, _ key: String, with value: JSONValue?) -> JSONValue {
        replacing([.key("items"), .index(index), .key(key)], with: value)
    }

    /// The document as formatted JSON text, ready for `ItineraryReader.read(bytes:)`.
    package var bytes: [UInt8] { Array(formatted.utf8) }
}

/// An object with these members in this order; a `nil` value leaves its member out.
package func object(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
    .object(JSONObject(members.compactMap { member in member.value.map { (member.key, $0) } }))
}
