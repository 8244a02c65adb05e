/// A removed item's id and when it was removed, kept so that merging two
/// copies of the trip does not bring the item back. Never rendered.
public struct Tombstone: Sendable, Hashable {
    public var id: String
    public var removedAt: Instant

    public init(id: String, removedAt: Instant) {
        self.id = id
        self.removedAt = removedAt
    }
}
