import ItineraryPDF

/// What a references folder was recorded with: the options, and the renderer's
/// environment, so a check renders the same way and can say what changed.
package struct SnapshotManifest: Codable, Equatable {
    /// The manifest's own format; a newer one is refused rather than misread.
    static let currentVersion = 1

    var manifestVersion: Int
    var itinerary: String
    var options: SnapshotOptions
    var libraries: [String: String]
    var fonts: [String: String]
    /// Each trip's folder and its page count (1 for HTML and Markdown).
    var trips: [String: Int]

    /// The environment of this run, for these trips.
    static func current(options: SnapshotOptions, trips: [any SnapshotSubject], version: String) -> SnapshotManifest {
        SnapshotManifest(
            manifestVersion: currentVersion, itinerary: version, options: options,
            libraries: RenderingLibraries.versions,
            fonts: RenderingLibraries.fonts(for: trips.flatMap(\.texts)), trips: [:])
    }

    /// How this environment differs from the recorded one, one line each:
    /// "pango 1.50.12 → 1.52.0", "font Inter-Regular.otf changed".
    func differences(from recorded: SnapshotManifest) -> [String] {
        var lines: [String] = []
        if recorded.itinerary != itinerary { lines.append("itinerary \(recorded.itinerary) → \(itinerary)") }
        for name in Set(recorded.libraries.keys).union(libraries.keys).sorted()
        where recorded.libraries[name] != libraries[name] {
            lines.append("\(name) \(recorded.libraries[name] ?? "absent") → \(libraries[name] ?? "absent")")
        }
        for name in Set(recorded.fonts.keys).union(fonts.keys).sorted() where recorded.fonts[name] != fonts[name] {
            switch (recorded.fonts[name], fonts[name]) {
            case (nil, _): lines.append("font \(name) is new")
            case (_, nil): lines.append("font \(name) is missing")
            default: lines.append("font \(name) changed")
            }
        }
        return lines
    }
}
