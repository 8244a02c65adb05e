import Crypto
import Foundation

/// UUIDs as text, lowercase 8-4-4-4-12 (RFC 9562): the ids of items and the serial numbers of passes.
package enum UUIDText {
    /// A name-based UUID (version 5: SHA-1 of the namespace's 16 bytes and the name's UTF-8): the same name
    /// in the same namespace gives the same UUID.
    package static func nameBased(_ name: String, in namespace: [UInt8]) -> String {
        var hash = Insecure.SHA1()
        hash.update(data: namespace)
        hash.update(data: Array(name.utf8))
        return format(Array(hash.finalize().prefix(16)), version: 5)
    }

    /// 16 bytes as a UUID, with the version and RFC 9562 variant bits set.
    package static func format(_ raw: [UInt8], version: UInt8) -> String {
        var b = raw
        b[6] = (b[6] & 0x0F) | (version << 4)
        b[8] = (b[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
        return uuid.uuidString.lowercased()
    }
}
