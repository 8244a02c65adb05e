import ItineraryKit
import Foundation

/// The bytes of an input file, or of standard input for `-`, refused past
/// the size an itinerary may have before more is read.
enum InputFile {
    static let maximumBytes = ItineraryReader.maximumBytes

    static func read(path: String) throws(InputProblems) -> [UInt8] {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputProblems([.unreadable(reason: "no such file")])
            }
            guard !isDirectory.boolValue else {
                throw InputProblems([.unreadable(reason: "it is a directory")])
            }
            guard let opened = FileHandle(forReadingAtPath: path) else {
                throw InputProblems([.unreadable(reason: "permission denied")])
            }
            handle = opened
            // A regular file's size is known: a huge one is refused before reading.
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > maximumBytes {
                try? handle.close()
                throw InputProblems([.tooLarge(bytes: size, limit: maximumBytes)])
            }
        }
        defer { if path != "-" { try? handle.close() } }
        // A pipe or an endless device is read a block at a time and stopped at the limit.
        var bytes: [UInt8] = []
        while true {
            let block: Data?
            do {
                block = try handle.read(upToCount: 1 << 16)
            } catch {
                throw InputProblems([.unreadable(reason: Self.reason(error))])
            }
            guard let block, !block.isEmpty else { break }
            bytes.append(contentsOf: block)
            if bytes.count > maximumBytes {
                throw InputProblems([.tooLarge(bytes: bytes.count, limit: maximumBytes)])
            }
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
