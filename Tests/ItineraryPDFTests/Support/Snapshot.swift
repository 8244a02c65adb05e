import Foundation
import Testing
import TestSupport

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
