import Foundation
import ItineraryPDF
import ItinerarySnapshot
import Testing
import TestSupport

/// Compares a PNG with its reference as `itinerary snapshot check` does (pixelmatch).
/// On a failure it writes the new image and a diff image under `__Failures__`.
func expectImageSnapshot(
    _ page: [UInt8], qualifier: String, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: qualifier, pathExtension: "png")
    let png = page
    // A page with a route map holds its shores and borders too: 32 KiB.
    #expect(
        png.count <= 32 * 1024,
        "\(path.reference.lastPathComponent) is \(png.count) bytes; keep references under 32 KiB",
        sourceLocation: sourceLocation)
    guard let existing = path.existing(orRecord: png, sourceLocation: sourceLocation) else { return }
    // The comparison `itinerary snapshot check` makes: pixelmatch, anti-aliasing not counted.
    let reference = try PNGFile.decode(existing), actual = try PNGFile.decode(png)
    guard reference.width == actual.width, reference.height == actual.height else {
        let written = path.writeFailure(png, suffix: ".actual")
        let message =
            "\(path.reference.lastPathComponent) is \(reference.width)×\(reference.height), "
            + "the page is \(actual.width)×\(actual.height); "
            + "wrote \(written.path). Re-record with RECORD_SNAPSHOTS=1 if the change is intended."
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    let result = PixelMatch.compare(
        RasterImage(width: reference.width, height: reference.height, pixels: reference.rgba),
        RasterImage(width: actual.width, height: actual.height, pixels: actual.rgba))
    let ratio = Double(result.differentPixels) / Double(max(1, reference.width * reference.height))
    guard ratio > allowedRatio else { return }
    let written = path.writeFailure(png, suffix: ".actual")
    let diffURL = path.writeFailure(
        try PNGFile.encode(width: result.diff.width, height: result.diff.height, rgba: result.diff.pixels),
        suffix: ".diff")
    Issue.record(
        """
        \(result.differentPixels) pixels (\(String(format: "%.2f", ratio * 100))%) differ from \
        \(path.reference.lastPathComponent) beyond anti-aliasing; at most \(allowedRatio * 100)% may.
        New image: \(written.path)
        Diff: \(diffURL.path)
        Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
        """, sourceLocation: sourceLocation)
}

/// The fraction of a small reference's pixels that may differ beyond anti-aliasing:
/// glyph edges at 30 dpi shift with FreeType versions.
let allowedRatio = 0.004

/// A reference that should not be there (a page the document no longer has): removed
/// when recording, a failure otherwise.
func expectNoSnapshot(
    qualifier: String, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let path = SnapshotPath(filePath: filePath, function: function, qualifier: qualifier, pathExtension: "png")
    guard FileManager.default.fileExists(atPath: path.reference.path) else { return }
    if SnapshotPath.recording {
        try? FileManager.default.removeItem(at: path.reference)
    } else {
        Issue.record(
            "\(path.reference.lastPathComponent) has no page any more; re-record with RECORD_SNAPSHOTS=1",
            sourceLocation: sourceLocation)
    }
}
