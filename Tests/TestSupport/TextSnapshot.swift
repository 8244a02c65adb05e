import Foundation
import Testing

/// Compares text with the snapshot beside the calling file, in
/// `__Snapshots__/<File>/<test>.<ext>` (see `SnapshotPath`); the first differing line is reported,
/// and the output is written to the same path under `__Failures__`. With RECORD_SNAPSHOTS=1
/// (or when the snapshot is missing) it writes the snapshot instead, and a missing one fails.
package func expectSnapshot(
    _ text: String, pathExtension: String, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: nil, pathExtension: pathExtension)
    guard let existing = path.existing(orRecord: Array(text.utf8), sourceLocation: sourceLocation) else { return }
    let old = String(decoding: existing, as: UTF8.self)
    guard old != text else { return }
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
        zip(oldLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(oldLines.count, newLines.count)
    let written = path.writeFailure(Array(text.utf8), suffix: "")
    Issue.record(
        """
        differs from \(path.reference.lastPathComponent) at line \(line + 1):
          snapshot: \(line < oldLines.count ? String(oldLines[line]) : "(end of snapshot)")
          output:   \(line < newLines.count ? String(newLines[line]) : "(end of output)")
        Output written to \(written.path). Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
        """, sourceLocation: sourceLocation)
}
