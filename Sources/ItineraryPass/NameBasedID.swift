import ItineraryModel

/// Name-based UUIDs (RFC 9562, version 5: SHA-1 in a namespace of the passes' own), for
/// serial numbers that are the same whenever the same name is given.
enum NameBasedID {
    /// The passes' namespace, a version-4 UUID fixed once: 3d9b6a52-8c1e-4f07-b2a4-6e5d0c9f1a38.
    private static let namespace: [UInt8] = [
        0x3D, 0x9B, 0x6A, 0x52, 0x8C, 0x1E, 0x4F, 0x07,
        0xB2, 0xA4, 0x6E, 0x5D, 0x0C, 0x9F, 0x1A, 0x38,
    ]

    /// The UUID of a name, lowercase 8-4-4-4-12.
    static func make(_ name: String) -> String { UUIDText.nameBased(name, in: namespace) }
}
