import Testing
import ItineraryModel
import TestSupport

/// `removed[]`: read, one tombstone per id, and a live item with a
/// tombstone's id only when it was modified after the removal.
@Suite struct TombstoneTests {
    static func document(_ removed: JSONValue, modifiedAt: String? = nil) throws -> JSONValue {
        var document = try Fixtures.sampleDocument().replacing([.key("removed")], with: removed)
        if let modifiedAt { document = document.replacing(item: 0, "modifiedAt", with: .string(modifiedAt)) }
        return document
    }

    static func tombstone(_ id: String, _ removedAt: String) -> JSONValue {
        object(["id": .string(id), "removedAt": .string(removedAt)])
    }

    @Test func tombstonesAreRead() throws {
        let itinerary = try ItineraryReader.read(
            document: Self.document(.array([Self.tombstone("gone", "2026-01-02T03:04:05Z")])))
        #expect(itinerary.removed == [Tombstone(id: "gone", removedAt: Instant(iso: "2026-01-02T03:04:05Z")!)])
    }

    @Test func oneTombstonePerID() throws {
        let found = problems(
            reading: try Self.document(
                .array([Self.tombstone("gone", "2026-01-02T03:04:05Z"), Self.tombstone("gone", "2026-01-03T03:04:05Z")])
            ))
        #expect(found.map(\.code) == [.duplicateTombstone])
        #expect(found.first?.description.hasPrefix(#"removed[1] (id "gone").id: "#) == true)
    }

    @Test func aLiveItemRemovedAfterItsLastEditIsRefused() throws {
        let sample = try ItineraryReader.read(document: Fixtures.sampleDocument())
        let id = sample.items[0].id
        let found = problems(
            reading: try Self.document(
                .array([Self.tombstone(id, "2026-02-01T00:00:00Z")]), modifiedAt: "2026-01-01T00:00:00Z"))
        #expect(found.map(\.code) == [.removedItemIsLive])
        #expect(found.first?.description.contains("removed[0]") == true)
        // Edited after the removal: it was added again, and that is fine.
        #expect(
            problems(
                reading: try Self.document(
                    .array([Self.tombstone(id, "2026-02-01T00:00:00Z")]), modifiedAt: "2026-03-01T00:00:00Z")
            ).isEmpty)
    }

    @Test(arguments: [
        (JSONValue.string("x"), InputProblem.Code.wrongType),
        (.array([.number(JSONNumber(1))]), .wrongType),
        (.array([object(["id": .string("a")])]), .missingField),
        (.array([object(["id": .string("a"), "removedAt": .string("yesterday")])]), .badDateTime),
        (.array([object(["removedAt": .string("2026-01-01T00:00:00Z")])]), .missingField),
    ])
    func badTombstonesAreNamed(_ removed: JSONValue, _ code: InputProblem.Code) throws {
        let found = problems(reading: try Self.document(removed))
        #expect(found.map(\.code) == [code])
        #expect(found.first?.location.path.first == .key("removed"))
    }
}
