import ItineraryModel

/// A path into a JSON document, as `Location` spells one.
typealias JSONPath = [Location.Component]

extension JSONValue {
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
