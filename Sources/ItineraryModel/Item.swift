import Foundation

/// One entry of the itinerary, as the user placed it.
public struct Item: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case game(gameID: String)
        case travel(Travel)
        case custom(Custom)
    }

    public var id: String
    public var day: Int
    /// nil where the file leaves it out; ordering gives such items their place.
    public var sortOrder: Double?
    public var modifiedAt: Instant?
    public var kind: Kind
    public var notes: String?
    public var confirmation: String?

    public init(id: String, day: Int, sortOrder: Double?, modifiedAt: Instant? = nil, kind: Kind, notes: String? = nil, confirmation: String? = nil) {
        self.id = id
        self.day = day
        self.sortOrder = sortOrder
        self.modifiedAt = modifiedAt
        self.kind = kind
        self.notes = notes
        self.confirmation = confirmation
    }

    public var isGame: Bool { if case .game = kind { true } else { false } }
    public var travel: Travel? { if case .travel(let travel) = kind { travel } else { nil } }
    public var custom: Custom? { if case .custom(let custom) = kind { custom } else { nil } }
    public var gameID: String? { if case .game(let id) = kind { id } else { nil } }

    /// The word the format uses for the kind: `game`, `travel` or `custom`.
    public var kindName: String {
        switch kind {
        case .game: "game"
        case .travel: "travel"
        case .custom: "custom"
        }
    }
}

/// Getting from one city to the next.
public struct Travel: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case drive, flight, train, bus, other
    }

    public var fromCity: String
    public var toCity: String
    public var distanceMiles: Double?
    public var durationMinutes: Double?
    public var mode: Mode

    public init(fromCity: String, toCity: String, distanceMiles: Double? = nil, durationMinutes: Double? = nil, mode: Mode = .drive) {
        self.fromCity = fromCity
        self.toCity = toCity
        self.distanceMiles = distanceMiles
        self.durationMinutes = durationMinutes
        self.mode = mode
    }

    /// "Chicago → Detroit".
    public var route: String { "\(fromCity) → \(toCity)" }
}

/// A restaurant, hotel, activity or note of the user's own.
public struct Custom: Sendable, Hashable {
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case restaurant, hotel, activity, note
    }

    public var category: Category
    public var title: String
    public var time: LocalTime?
    public var location: Place?

    public init(category: Category, title: String, time: LocalTime? = nil, location: Place? = nil) {
        self.category = category
        self.title = title
        self.time = time
        self.location = location
    }
}

/// A point on the map, with the address people read.
public struct Place: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var address: String?

    public init(latitude: Double, longitude: Double, address: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
    }
}

extension String {
    /// Compares by Unicode code points, as the format orders ids; UTF-8 byte
    /// order is code point order.
    package func precedesByCodePoints(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// True when both strings have the same code points (not merely canonically equivalent).
    @inline(__always)
    package func hasSameCodePoints(as other: String) -> Bool {
        // Lengths first: they are stored, and most strings compared differ in length.
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { x in
            other.utf8.withContiguousStorageIfAvailable { y in
                x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    var codePointCount: Int { unicodeScalars.count }
}

/// A string as a dictionary key that compares by code points (UTF-8 bytes),
/// as the format compares ids: canonically equivalent ids are different ids.
package struct CodePointKey: Hashable, Sendable {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.hasSameCodePoints(as: rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        // The bytes, not the string: `String`'s own hash treats canonically equivalent strings as one.
        for byte in string.utf8 { hasher.combine(byte) }
        hasher.combine(string.utf8.count)
    }
}
