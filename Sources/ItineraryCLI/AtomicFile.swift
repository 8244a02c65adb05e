import Foundation

/// Writes a file so that a failure never leaves half of it: the bytes go to a
/// temporary file beside the target, which is then renamed over it.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)." }
    }

    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
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
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(path: path, reason: reason)
        }
    }
}
