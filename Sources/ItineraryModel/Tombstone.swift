/// A removed item's id and when it was removed, kept so that merging two
/// copies of the trip does not bring the item back. Never rendered.
package struct Tombstone: Sendable, Hashable {
    package var id: String
    package var removedAt: Instant

    package init(id: String, removedAt: Instant) {
        self.id = id
        self.removedAt = removedAt
    }
}
