import Foundation
import Testing

/// Compares text with the snapshot beside this file, in
/// `__Snapshots__/<File>/<test>.<ext>`. With RECORD_SNAPSHOTS=1 (or when the
/// snapshot is missing) it writes the snapshot instead, and a missing one fails.
public func expectSnapshot(_ text: String, pathExtension: String, filePath: String = #filePath, function: String = #function,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let fileURL = URL(fileURLWithPath: filePath)
    let testName = function.split(separator: "(").first.map(String.init) ?? function
    let folder = fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(fileURL.deletingPathExtension().lastPathComponent)
    let url = folder.appendingPathComponent(testName + "." + pathExtension)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    if recording || existing == nil {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
        if existing == nil {
            Issue.record("recorded a new snapshot at \(url.path); check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    guard let existing, existing != text else { return }
    let old = existing.split(separator: "\n", omittingEmptySubsequences: false)
    let new = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    let expected = line < old.count ? String(old[line]) : "(end of snapshot)"
    let actual = line < new.count ? String(new[line]) : "(end of output)"
    Issue.record("""
        differs from \(url.lastPathComponent) at line \(line + 1):
          snapshot: \(expected)
          output:   \(actual)
        Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
        """, sourceLocation: sourceLocation)
}
