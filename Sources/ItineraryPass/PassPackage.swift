import Crypto
import Foundation
import ZIPFoundation

/// A `.pkpass` file: `pass.json` and the pictures, `manifest.json` (each file's SHA-1, as
/// lowercase hex), `signature` (a detached PKCS #7 over the manifest, made by the issuer's
/// signer), in one zip. Entries are always in the same order with the same date, so the
/// same pass gives the same bytes but for the signature's signing time.
package enum PassPackage {
    /// Why a pass could not be made.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    /// A file of the pass: its name in the zip and its bytes.
    package typealias File = (name: String, bytes: [UInt8])

    /// Makes the signature over a manifest's bytes: DER, detached.
    package typealias Signer = ([UInt8]) throws(Failure) -> [UInt8]

    /// The date every entry carries: the zip format's first (1980-01-01 00:00 UTC).
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    /// The pass's files, signed and zipped: `files` (pass.json first), then the manifest and the signature.
    package static func pkpass(_ files: [File], sign: Signer) throws(Failure) -> [UInt8] {
        let manifest = manifest(files)
        let signature = try sign(manifest)
        return try zip(files + [("manifest.json", manifest), ("signature", signature)])
    }

    /// `{"icon.png": "<sha-1 hex>", …}`: every file's SHA-1, keys sorted.
    package static func manifest(_ files: [File]) -> [UInt8] {
        var hashes: [String: String] = [:]
        for file in files {
            hashes[file.name] = Insecure.SHA1.hash(data: file.bytes).map { String(format: "%02x", $0) }.joined()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(hashes))) ?? []
    }

    /// Files in a zip, in the order given, deflated, each with `entryDate`. A `.pkpasses`
    /// bundle is the same: a zip of `.pkpass` files.
    package static func zip(_ files: [File]) throws(Failure) -> [UInt8] {
        do {
            let archive = try Archive(accessMode: .create)
            for file in files {
                let data = Data(file.bytes)
                try archive.addEntry(
                    with: file.name, type: .file, uncompressedSize: Int64(data.count), modificationDate: entryDate,
                    permissions: 0o644, compressionMethod: .deflate
                ) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let bytes = archive.data else { throw Failure("the zip library kept no bytes") }
            return Array(bytes)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("cannot write the zip: \(error)")
        }
    }
}
