import Foundation

/// One entry of the itinerary, as the user placed it.
package struct Item: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case game(gameID: String)
        case travel(Travel)
        case custom(Custom)
    }

    package var id: String
    package var day: Int
    /// nil where the file leaves it out; ordering gives such items their place.
    package var sortOrder: Double?
    package var modifiedAt: Instant?
    package var kind: Kind
    package var notes: String?
    package var confirmation: String?

    package init(
        id: String, day: Int, sortOrder: Double?, modifiedAt: Instant? = nil, kind: Kind, notes: String? = nil,
        confirmation: String? = nil
    ) {
        self.id = id
        self.day = day
        self.sortOrder = sortOrder
        self.modifiedAt = modifiedAt
        self.kind = kind
        self.notes = notes
        self.confirmation = confirmation
    }

    package var isGame: Bool { if case .game = kind { true } else { false } }
    package var travel: Travel? { if case .travel(let travel) = kind { travel } else { nil } }
    package var custom: Custom? { if case .custom(let custom) = kind { custom } else { nil } }
    package var gameID: String? { if case .game(let id) = kind { id } else { nil } }

    /// The word the format uses for the kind: `game`, `travel` or `custom`.
    package var kindName: String {
        switch kind {
        case .game: "game"
        case .travel: "travel"
        case .custom: "custom"
        }
    }
}

/// Getting from one city to the next.
package struct Travel: Sendable, Hashable {
    package enum Mode: String, Sendable, Hashable, CaseIterable {
        case drive, flight, train, bus, other
    }

    package var fromCity: String
    package var toCity: String
    package var distanceMiles: Double?
    package var durationMinutes: Double?
    package var mode: Mode

    package init(
        fromCity: String, toCity: String, distanceMiles: Double? = nil, durationMinutes: Double? = nil,
        mode: Mode = .drive
    ) {
        self.fromCity = fromCity
        self.toCity = toCity
        self.distanceMiles = distanceMiles
        self.durationMinutes = durationMinutes
        self.mode = mode
    }

    /// "Chicago → Detroit".
    package var route: String { "\(fromCity) → \(toCity)" }
}

/// A restaurant, hotel, activity or note of the user's own.
package struct Custom: Sendable, Hashable {
    package enum Category: String, Sendable, Hashable, CaseIterable {
        case restaurant, hotel, activity, note
    }

    package var category: Category
    package var title: String
    package var time: LocalTime?
    package var location: Place?

    package init(category: Category, title: String, time: LocalTime? = nil, location: Place? = nil) {
        self.category = category
        self.title = title
        self.time = time
        self.location = location
    }
}

/// A point on the map, with the address people read.
package struct Place: Sendable, Hashable {
    package var latitude: Double
    package var longitude: Double
    package var address: String?

    package init(latitude: Double, longitude: Double, address: String? = nil) {
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
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.string.hasSameCodePoints(as: rhs.string)
    }

    package func hash(into hasher: inout Hasher) {
        // The bytes, not the string: `String`'s own hash treats canonically equivalent strings as one.
        for byte in string.utf8 { hasher.combine(byte) }
        hasher.combine(string.utf8.count)
    }
}
