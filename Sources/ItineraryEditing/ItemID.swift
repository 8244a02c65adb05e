import Foundation
import ItineraryModel

/// The ids the editing commands give items: UUIDs (RFC 9562), so that two
/// copies of a trip edited apart never give two different items one id.
enum ItemID {
    /// A time-ordered id (version 7): the instant's Unix milliseconds, then 74
    /// random bits. Ids made later sort later, so they read well in diffs.
    static func timeOrdered(at instant: Instant, using generator: inout some RandomNumberGenerator) -> String {
        let milliseconds =
            UInt64(clamping: max(0, instant.seconds)) &* 1000 + UInt64(min(999, max(0, instant.fraction * 1000)))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        let random = (generator.next() as UInt64, generator.next() as UInt64)
        for index in 6..<16 {
            let word = index < 8 ? random.0 : random.1
            bytes[index] = UInt8(truncatingIfNeeded: word >> (8 * (index % 8)))
        }
        return UUIDText.format(bytes, version: 7)
    }

    /// A name-based id (version 5, SHA-1 in the id's own namespace): the same
    /// content gives the same id, in whichever copy or order it is made.
    static func derived(from content: String) -> String { UUIDText.nameBased(content, in: namespace) }

    /// The namespace of ids derived from an item's canonical JSON (itself a
    /// version-4 UUID, fixed once: 6f1c2f4e-3b7a-4d0e-9a55-1c6b7d2e8f90).
    private static let namespace: [UInt8] = [
        0x6F, 0x1C, 0x2F, 0x4E, 0x3B, 0x7A, 0x4D, 0x0E,
        0x9A, 0x55, 0x1C, 0x6B, 0x7D, 0x2E, 0x8F, 0x90,
    ]
}
