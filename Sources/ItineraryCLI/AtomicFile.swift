import Foundation

/// Writes a file so that a failure never leaves half of it: the bytes go to a
/// temporary file beside the target, which is then renamed over it.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)." }
    }

    /// Writes several files together: every one goes to a temporary file first,
    /// and only when all of them are written are they renamed into place, so a
    /// failure leaves none of them (a PNG preview is one file a page).
    static func write(_ files: [(path: String, bytes: [UInt8])]) throws(Failure) {
        var staged: [(temporary: String, path: String)] = []
        do {
            for file in files {
                staged.append((try stage(file.bytes, for: file.path), file.path))
            }
            for file in staged {
                try commit(file.temporary, to: file.path)
            }
        } catch {
            for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) }
            throw error
        }
    }

    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
        let temporary = try stage(bytes, for: path)
        do {
            try commit(temporary, to: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Writes the bytes to a temporary file beside `path` and returns its path.
    private static func stage(_ bytes: some Collection<UInt8>, for path: String) throws(Failure) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(path: path, reason: "the folder \(directory.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Failure(path: path, reason: "it is a folder")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw Failure(path: path, reason: "permission denied or the disk is full")
        }
        return temporary.path
    }

    private static func commit(_ temporary: String, to path: String) throws(Failure) {
        guard rename(temporary, path) == 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
    }
}
