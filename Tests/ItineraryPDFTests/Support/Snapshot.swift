import Foundation
import Testing

/// Where a test's snapshots live: `__Snapshots__/<File>/<test>[.<qualifier>].<ext>` beside the test file,
/// and where a failing comparison leaves what it saw: the same path under `__Failures__` (git-ignored).
struct SnapshotPath {
    let reference: URL
    let failure: URL

    init(filePath: String, function: String, qualifier: String?, pathExtension: String) {
        let fileURL = URL(fileURLWithPath: filePath)
        let testName = function.split(separator: "(").first.map(String.init) ?? function
        let name = [testName, qualifier, pathExtension].compactMap { $0 }.joined(separator: ".")
        let file = fileURL.deletingPathExtension().lastPathComponent
        let folder = fileURL.deletingLastPathComponent()
        reference = folder.appendingPathComponent("__Snapshots__").appendingPathComponent(file).appendingPathComponent(name)
        failure = folder.appendingPathComponent("__Failures__").appendingPathComponent(file).appendingPathComponent(name)
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Writes the reference when asked to or when it is missing (which fails the test); returns the reference otherwise.
    func existing(orRecord bytes: [UInt8], sourceLocation: SourceLocation) -> [UInt8]? {
        let existing = FileManager.default.contents(atPath: reference.path).map { [UInt8]($0) }
        guard Self.recording || existing == nil else { return existing }
        try? FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: reference.path, contents: Data(bytes))
        if existing == nil {
            Issue.record("recorded a new snapshot at \(reference.path); check it and run again", sourceLocation: sourceLocation)
        }
        return nil
    }

    func writeFailure(_ bytes: [UInt8], suffix: String) -> URL {
        let url = URL(fileURLWithPath: failure.path.replacingOccurrences(of: "." + failure.pathExtension, with: suffix + "." + failure.pathExtension,
                                                                        options: [.backwards, .anchored]))
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url
    }
}

/// Compares text with its snapshot; the first differing line is reported.
/// Re-record with RECORD_SNAPSHOTS=1.
func expectSnapshot(_ text: String, pathExtension: String, filePath: String = #filePath, function: String = #function,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: nil, pathExtension: pathExtension)
    guard let existing = path.existing(orRecord: Array(text.utf8), sourceLocation: sourceLocation) else { return }
    let old = String(decoding: existing, as: UTF8.self)
    guard old != text else { return }
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(oldLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(oldLines.count, newLines.count)
    let written = path.writeFailure(Array(text.utf8), suffix: "")
    Issue.record("""
        differs from \(path.reference.lastPathComponent) at line \(line + 1):
          snapshot: \(line < oldLines.count ? String(oldLines[line]) : "(end of snapshot)")
          output:   \(line < newLines.count ? String(newLines[line]) : "(end of output)")
        Output written to \(written.path). Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
        """, sourceLocation: sourceLocation)
}

/// Compares a PNG with its reference pixel by pixel within `ImageDiff`'s tolerances.
/// On a failure it writes the new image and a diff image under `__Failures__`.
func expectImageSnapshot(_ png: [UInt8], qualifier: String, filePath: String = #filePath, function: String = #function,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: qualifier, pathExtension: "png")
    #expect(png.count <= 20 * 1024, "\(path.reference.lastPathComponent) is \(png.count) bytes; keep references under 20 KiB",
            sourceLocation: sourceLocation)
    guard let existing = path.existing(orRecord: png, sourceLocation: sourceLocation) else { return }
    let reference = try PNGImage(png: existing), actual = try PNGImage(png: png)
    guard let diff = ImageDiff(reference: reference, actual: actual) else {
        let written = path.writeFailure(png, suffix: ".actual")
        let message = "\(path.reference.lastPathComponent) is \(reference.width)×\(reference.height), the page is \(actual.width)×\(actual.height); "
            + "wrote \(written.path). Re-record with RECORD_SNAPSHOTS=1 if the change is intended."
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    guard !diff.matches else { return }
    let written = path.writeFailure(png, suffix: ".actual")
    let diffURL = path.writeFailure(diff.image.png, suffix: ".diff")
    Issue.record("""
        \(diff.differing) of \(diff.total) pixels (\(String(format: "%.2f", diff.fraction * 100))%) differ from \(path.reference.lastPathComponent) \
        by more than \(ImageDiff.channelTolerance)/255; at most \(ImageDiff.pixelFraction * 100)% may.
        New image: \(written.path)
        Diff: \(diffURL.path)
        Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
        """, sourceLocation: sourceLocation)
}

/// A reference that should not be there (a page the document no longer has): removed when recording, a failure otherwise.
func expectNoSnapshot(qualifier: String, filePath: String = #filePath, function: String = #function,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: qualifier, pathExtension: "png")
    guard FileManager.default.fileExists(atPath: path.reference.path) else { return }
    if SnapshotPath.recording {
        try? FileManager.default.removeItem(at: path.reference)
    } else {
        Issue.record("\(path.reference.lastPathComponent) has no page any more; re-record with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    }
}
