import ItineraryModel

/// A path into a JSON document, as `Location` spells one.
typealias JSONPath = [Location.Component]

extension JSONValue {
    /// The value with the element at `path` replaced, or removed when `value` is nil.
    func replacing(_ path: JSONPath, with value: JSONValue?) -> JSONValue {
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

    /// Every value in the document with its path, the document itself first.
    func allPaths(_ prefix: JSONPath = []) -> [(path: JSONPath, value: JSONValue)] {
        var found = [(prefix, self)]
        switch self {
        case .object(let object):
            for member in object.members {
                found += member.value.allPaths(prefix + [.key(member.key)])
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                found += element.allPaths(prefix + [.index(index)])
            }
        default:
            break
        }
        return found
    }
}
