import ItineraryKit
import Foundation

/// The bytes of an input file, or of standard input for `-`, read no further than
/// one byte past the size an itinerary may have: the library refuses that many,
/// in its own sentence, and a huge file or an endless stream is never read whole.
enum InputFile {
    static let maximumBytes = CheckedTrip.maximumBytes

    /// Why a file cannot be read, in words: "no such file".
    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason + "." }
    }

    /// The bytes, at most `limit` and one more (a file that long is larger than allowed).
    static func read(path: String, limit: Int = maximumBytes) throws(Failure) -> [UInt8] {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(reason: "no such file")
            }
            guard !isDirectory.boolValue else {
                throw Failure(reason: "it is a directory")
            }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw Failure(reason: "permission denied")
            }
            handle = opened
        }
        defer { if path != "-" { try? handle.close() } }
        // A file, a pipe or an endless device is read a block at a time and stopped past the limit.
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let block: Data?
            do {
                block = try handle.read(upToCount: min(1 << 16, limit + 1 - bytes.count))
            } catch {
                throw Failure(reason: Self.reason(error))
            }
            guard let block, !block.isEmpty else { break }
            bytes.append(contentsOf: block)
        }
        return bytes
    }

    /// A system error in words: "is a directory", not a Foundation error code.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        return nsError.localizedDescription.lowercased()
    }
}
