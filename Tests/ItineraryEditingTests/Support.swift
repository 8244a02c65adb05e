import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import TestSupport

/// A fixed "now" so written `modifiedAt` values are known.
let testNow = Instant(seconds: 1_800_000_000)

func sampleEditor() throws -> Editor {
    Editor(try Fixtures.sample(), now: testNow)
}

/// Each day's item ids in reading order.
func dayIDs(_ itinerary: Itinerary) -> [[String]] {
    OrderedItinerary(itinerary).days.map { $0.entries.map(\.item.id) }
}

/// The item object with this id in a document.
func itemObject(_ document: JSONValue, _ id: String) -> JSONObject? {
    guard case .array(let items)? = document["items"] else { return nil }
    for case .object(let object) in items where object["id"] == .string(id) { return object }
    return nil
}

/// The object without the members an edit may set.
func withoutPosition(_ object: JSONObject) -> JSONObject {
    var copy = object
    for key in ["day", "sortOrder", "modifiedAt"] { copy[key] = nil }
    return copy
}

/// Runs an edit expected to be refused and returns the refusal's code.
func refusal(_ edit: () throws(EditProblem) -> EditResult) -> EditProblem? {
    do {
        _ = try edit()
        return nil
    } catch {
        return error
    }
}

/// Whether a text is a version-7 UUID in the lowercase 8-4-4-4-12 form, with RFC 9562's variant.
func isTimeOrderedUUID(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.map(\.count) == [8, 4, 4, 4, 12],
        parts.allSatisfy({ $0.allSatisfy { "0123456789abcdef".contains($0) } })
    else { return false }
    return parts[2].first == "7" && "89ab".contains(parts[3].first!)
}

extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
