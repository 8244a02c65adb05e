import Foundation
import Testing

/// Where a test's snapshots live: `__Snapshots__/<File>/<test>[.<qualifier>].<ext>` beside the test file,
/// and where a failing comparison leaves what it saw: the same path under `__Failures__` (git-ignored).
package struct SnapshotPath {
    package let reference: URL
    package let failure: URL

    package init(filePath: String, function: String, qualifier: String?, pathExtension: String) {
        let fileURL = URL(fileURLWithPath: filePath)
        let testName = function.split(separator: "(").first.map(String.init) ?? function
        let name = [testName, qualifier, pathExtension].compactMap { $0 }.joined(separator: ".")
        let file = fileURL.deletingPathExtension().lastPathComponent
        let folder = fileURL.deletingLastPathComponent()
        reference = folder.appendingPathComponent("__Snapshots__").appendingPathComponent(file).appendingPathComponent(
            name)
        failure = folder.appendingPathComponent("__Failures__").appendingPathComponent(file).appendingPathComponent(
            name)
    }

    package static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Writes the reference when asked to or when it is missing (which fails the test);
    /// returns the reference otherwise.
    package func existing(orRecord bytes: [UInt8], sourceLocation: SourceLocation) -> [UInt8]? {
        let existing = FileManager.default.contents(atPath: reference.path).map { [UInt8]($0) }
        guard Self.recording || existing == nil else { return existing }
        try? FileManager.default.createDirectory(
            at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: reference.path, contents: Data(bytes))
        if existing == nil {
            Issue.record(
                "recorded a new snapshot at \(reference.path); check it and run again", sourceLocation: sourceLocation)
        }
        return nil
    }

    package func writeFailure(_ bytes: [UInt8], suffix: String) -> URL {
        let url = URL(
            fileURLWithPath: failure.path.replacingOccurrences(
                of: "." + failure.pathExtension, with: suffix + "." + failure.pathExtension,
                options: [.backwards, .anchored]))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url
    }
}
