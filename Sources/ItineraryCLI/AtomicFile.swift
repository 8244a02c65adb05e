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
    /// failure to write (a full disk, a missing permission) leaves none of them
    /// (a PNG preview is one file a page). A rename within its folder fails only
    /// if the folder changes meanwhile; files renamed before it stay new.
    static func write(_ files: [(path: String, bytes: [UInt8])]) throws(Failure) {
        var staged: [(temporary: String, destination: String, path: String)] = []
        do {
            for file in files {
                let (temporary, destination) = try stage(file.bytes, for: file.path)
                staged.append((temporary, destination, file.path))
            }
            for file in staged {
                try commit(file.temporary, to: file.destination, named: file.path)
            }
        } catch {
            for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) }
            throw error
        }
    }

    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
        let (temporary, destination) = try stage(bytes, for: path)
        do {
            try commit(temporary, to: destination, named: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Writes the bytes to a temporary file beside the file `path` names and
    /// returns both paths. A symbolic link is followed, so the file it points
    /// to is replaced and the link stays; an existing file's permissions carry over.
    /// A path part as the user wrote it when it is a prefix of what they wrote (`trip.json`), else as resolved.
    private static func shown(_ url: URL, as written: String) -> String {
        var part = written
        while !part.isEmpty {
            if URL(fileURLWithPath: part).standardizedFileURL.path == url.standardizedFileURL.path { return part }
            guard let slash = part.lastIndex(of: "/") else { break }
            part = String(part[..<slash])
        }
        return url.path
    }

    private static func stage(
        _ bytes: some Collection<UInt8>, for path: String
    ) throws(Failure) -> (temporary: String, destination: String) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            // The nearest part of the path that exists says which: a file in the way, or a missing folder.
            var existing = directory
            while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory),
                existing.path != "/"
            {
                existing = existing.deletingLastPathComponent()
            }
            if !isDirectory.boolValue {
                throw Failure(path: path, reason: "\(Self.shown(existing, as: path)) is a file, not a folder")
            }
            throw Failure(path: path, reason: "the folder \(directory.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Failure(path: path, reason: "it is a folder")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
        guard writeFile(temporary.path, bytes, permissions: permissions) else {
            try? FileManager.default.removeItem(atPath: temporary.path)
            throw Failure(path: path, reason: "permission denied or the disk is full")
        }
        return (temporary.path, url.path)
    }

    /// Writes a new file with plain system calls (Foundation's `createFile`
    /// copies the bytes and writes through a temporary file of its own).
    private static func writeFile(_ path: String, _ bytes: some Collection<UInt8>, permissions: Int?) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let permitted = permissions.map { fchmod(descriptor, mode_t($0)) == 0 } ?? true
        let written =
            bytes.withContiguousStorageIfAvailable { writeAll(descriptor, $0) }
            ?? Array(bytes).withUnsafeBufferPointer { writeAll(descriptor, $0) }
        return close(descriptor) == 0 && permitted && written
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func commit(_ temporary: String, to destination: String, named path: String) throws(Failure) {
        guard rename(temporary, destination) == 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
    }
}
