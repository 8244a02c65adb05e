import Foundation
import ItineraryPDF
import ItineraryPresentation

/// What references are made of: pages compared as pictures, or a document compared as text.
package enum SnapshotFormat: String, Codable, Sendable, CaseIterable {
    case png, html, md

    package init?(choice: String) {
        let name = choice.trimmingCharacters(in: .whitespaces).lowercased()
        self.init(rawValue: name == "markdown" ? "md" : name)
    }
}

/// How references are rendered: every option that changes the pages, recorded in the
/// manifest and reused by a check. A theme and a templates folder are kept as their paths:
/// `check` reads them again. The manifest's `options` object holds `format`, `theme`,
/// `templates`, `subscribeURL` and the render options' own keys side by side (`layout`,
/// `pageSize`, …), as before they were one type.
package struct SnapshotOptions: Codable, Sendable, Equatable {
    package var format: SnapshotFormat
    /// What every stage shares; its creation date is never recorded: references are stamped alike.
    package var render: DocumentOptions
    /// The theme file's path; nil: the built-in look.
    package var theme: String?
    /// The folder of HTML and Markdown templates; nil: the built-in ones.
    package var templates: String?
    /// The calendar feed whose QR code the pages print; nil: none.
    package var subscribeURL: String?

    package init(
        format: SnapshotFormat = .png, render: DocumentOptions = DocumentOptions(), theme: String? = nil,
        templates: String? = nil, subscribeURL: String? = nil
    ) {
        var render = render
        render.creationDate = nil
        self.format = format
        self.render = render
        self.theme = theme
        self.templates = templates
        self.subscribeURL = subscribeURL
    }

    enum CodingKeys: String, CodingKey { case format, theme, templates, subscribeURL }

    /// Manifests recorded before locale, omit, pdfA, templates and subscribeURL were kept have none of them.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(SnapshotFormat.self, forKey: .format)
        theme = try container.decodeIfPresent(String.self, forKey: .theme)
        templates = try container.decodeIfPresent(String.self, forKey: .templates)
        subscribeURL = try container.decodeIfPresent(String.self, forKey: .subscribeURL)
        render = try DocumentOptions(from: decoder)
    }

    /// One object: the render options' keys beside `format`, `theme`, `templates` and `subscribeURL`.
    package func encode(to encoder: any Encoder) throws {
        try render.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(theme, forKey: .theme)
        try container.encodeIfPresent(templates, forKey: .templates)
        try container.encodeIfPresent(subscribeURL, forKey: .subscribeURL)
    }
}

/// When two pages count as the same.
package struct SnapshotLimits: Sendable {
    /// pixelmatch's colour threshold, 0 (exact) to 1.
    package var threshold: Double
    /// Counted differences a page may have (anti-aliasing is never counted).
    package var maxDiffPixels: Int
    /// Or, when given, the fraction of a page's pixels that may differ.
    package var maxDiffRatio: Double?

    package init(threshold: Double = 0.1, maxDiffPixels: Int = 0, maxDiffRatio: Double? = nil) {
        self.threshold = threshold
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }
}

/// Why snapshots could not be recorded or checked: one sentence.
package struct SnapshotProblem: Error, Sendable, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// The result of a check, as `--report` writes it for CI systems.
package struct SnapshotReport: Codable, Sendable {
    package struct Page: Codable, Sendable {
        /// What the check found for the page, as the report writes it.
        package enum Status: String, Codable, Sendable {
            /// The same within the limits.
            case match
            /// Different past the limits.
            case differs
            /// Another size than its reference.
            case size
            /// A page (or text) with no reference.
            case added
            /// A reference with no page.
            case missing
        }

        package var status: Status
        /// The page number (1 for an HTML or Markdown file).
        package var page: Int
        package var differentPixels: Int?
        package var antialiasedPixels: Int?
        package var ratio: Double?
        /// The smallest rectangle holding every counted difference, x, y, width, height in pixels.
        package var area: [Int]?
        package var referenceSize: [Int]?
        package var actualSize: [Int]?
        package var reference: String?
        package var actual: String?
        package var diff: String?
        /// The line `check` prints for it.
        package var message: String
    }

    package struct Trip: Codable, Sendable {
        package var trip: String
        package var folder: String
        package var pages: [Page]
    }

    /// How this environment differs from the one the references were recorded in.
    package var environmentDifferences: [String]
    package var trips: [Trip]
    package var passed: Bool { trips.allSatisfy { $0.pages.allSatisfy { $0.status == .match } } }

    enum CodingKeys: String, CodingKey { case environmentDifferences, trips, passed }

    package init(environmentDifferences: [String], trips: [Trip]) {
        self.environmentDifferences = environmentDifferences
        self.trips = trips
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        environmentDifferences = try container.decode([String].self, forKey: .environmentDifferences)
        trips = try container.decode([Trip].self, forKey: .trips)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(environmentDifferences, forKey: .environmentDifferences)
        try container.encode(trips, forKey: .trips)
        try container.encode(passed, forKey: .passed)
    }
}

/// Something to snapshot: a trip as the library renders it (`SnapshotTrip` in
/// ItineraryKit); this module records and compares what it renders.
package protocol SnapshotSubject {
    /// How it is named in messages: its file's path.
    var label: String { get }
    /// The folder its references are kept in, under the references folder.
    var folder: String { get }
    /// The strings its pages may set: the fonts they need are hashed into the manifest.
    var texts: [String] { get }
    /// Renders it and hands each page to `body` in order, one at a time (a
    /// year's pages at 144 dpi would not fit in memory at once); returns the
    /// page count. The first problem `body` throws stops the rest.
    func render(
        _ options: SnapshotOptions, _ body: (Int, SnapshotPage) throws(SnapshotProblem) -> Void
    ) throws(SnapshotProblem) -> Int
}

/// A page as rendered: pixels for PNG references, text for HTML and Markdown.
package enum SnapshotPage {
    case pixels(RasterImage)
    case text([UInt8])

    /// The file's bytes; a page's PNG is encoded only when it is written.
    package func bytes() throws(SnapshotProblem) -> [UInt8] {
        switch self {
        case .text(let bytes): return bytes
        case .pixels(let image):
            do {
                return try PNGFile.encode(width: image.width, height: image.height, rgba: image.pixels)
            } catch {
                throw SnapshotProblem(description: "cannot encode a page as PNG: \(error.description).")
            }
        }
    }
}

/// Recording and checking references: the files, the manifest and the
/// comparisons. What is rendered comes from each `SnapshotSubject`.
package enum References {
    static let manifestName = "manifest.json"

    /// Renders every trip and writes its pages (or its HTML or Markdown) under
    /// `references/<trip-name>/`, and the manifest. Returns the paths written.
    package static func record(
        _ trips: [any SnapshotSubject], references: String, options: SnapshotOptions, version: String
    ) throws(SnapshotProblem) -> [String] {
        try refuseSharedFolders(trips)
        var manifest = SnapshotManifest.current(options: options, trips: trips, version: version)
        let root = URL(fileURLWithPath: references)
        var written: [String] = []
        // Every trip is recorded into a folder of its own beside the references
        // first; only when all are, they replace the old ones, so a failure
        // leaves the references and their manifest as they were.
        var recorded: [(staging: URL, directory: URL)] = []
        defer { for folder in recorded { try? FileManager.default.removeItem(at: folder.staging) } }
        for entry in trips {
            let folder = entry.folder
            let staging = root.appendingPathComponent(".\(folder).recording")
            try? FileManager.default.removeItem(at: staging)
            try make(staging)
            recorded.append((staging, root.appendingPathComponent(folder)))
            let count = try entry.render(options) { number, page throws(SnapshotProblem) in
                let name = fileName(page: number, format: options.format)
                try write(try page.bytes(), to: staging.appendingPathComponent(name))
                written.append(root.appendingPathComponent(folder).appendingPathComponent(name).path)
            }
            manifest.trips[folder] = count
        }
        for folder in recorded {
            // The old folder goes whole: pages of an earlier, longer recording would read as part of this one.
            try? FileManager.default.removeItem(at: folder.directory)
            do {
                try FileManager.default.moveItem(at: folder.staging, to: folder.directory)
            } catch {
                throw SnapshotProblem(description: "cannot put the new references in \(folder.directory.path).")
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let manifestURL = root.appendingPathComponent(manifestName)
        do {
            try write(Array(try encoder.encode(manifest)), to: manifestURL)
        } catch let problem as SnapshotProblem {
            throw problem
        } catch {
            throw SnapshotProblem(description: "cannot write \(manifestURL.path): \(error.localizedDescription)")
        }
        return written + [manifestURL.path]
    }

    /// Renders every trip again with the manifest's options and compares it
    /// with its references; each differing page's new rendering and a diff
    /// image (or unified diff) are written to `references/__Failures__/<trip>/`.
    package static func check(
        _ trips: [any SnapshotSubject], references: String, limits: SnapshotLimits, version: String
    ) throws(SnapshotProblem) -> SnapshotReport {
        let root = URL(fileURLWithPath: references)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SnapshotProblem(
                description:
                    "there is no references folder \(references); record one first with itinerary snapshot record.")
        }
        try refuseSharedFolders(trips)
        let recorded = try readManifest(root)
        let current = SnapshotManifest.current(options: recorded.options, trips: trips, version: version)
        var report = SnapshotReport(environmentDifferences: current.differences(from: recorded), trips: [])
        for entry in trips {
            let folder = entry.folder
            let directory = root.appendingPathComponent(folder)
            guard let recordedPages = recorded.trips[folder] else {
                report.trips.append(
                    .init(
                        trip: entry.label, folder: folder,
                        pages: [
                            .init(
                                status: .added, page: 1,
                                message:
                                    "\(entry.label): no references for \(folder) in \(references); record them first.")
                        ]))
                continue
            }
            var pages: [SnapshotReport.Page] = []
            let count = try entry.render(recorded.options) { number, page throws(SnapshotProblem) in
                let name = fileName(page: number, format: recorded.options.format)
                let referenceURL = directory.appendingPathComponent(name)
                removeLeftovers(of: referenceURL)
                let referenceBytes = number <= recordedPages ? try reference(referenceURL) : nil
                if number <= recordedPages, referenceBytes == nil {
                    pages.append(
                        .init(
                            status: .missing, page: number, reference: referenceURL.path,
                            message:
                                "\(entry.label): the reference \(referenceURL.path) is gone; "
                                + "record the references again."
                        ))
                    return
                }
                guard let reference = referenceBytes else {
                    let actual = failureURL(for: referenceURL, sibling(name, "actual"))
                    try writeFailure(try page.bytes(), to: actual)
                    pages.append(
                        .init(
                            status: .added, page: number, actual: actual.path,
                            message:
                                "\(entry.label): page \(number) is new: the references have \(recordedPages); "
                                + "wrote \(actual.path)."
                        ))
                    return
                }
                switch page {
                case .pixels(let image):
                    pages.append(
                        try comparePage(
                            reference, image, label: entry.label, page: number, referenceURL: referenceURL,
                            limits: limits))
                case .text(let text):
                    pages.append(try compareText(reference, text, label: entry.label, referenceURL: referenceURL))
                }
            }
            if count < recordedPages {
                for number in (count + 1)...recordedPages {
                    let referenceURL = directory.appendingPathComponent(
                        fileName(page: number, format: recorded.options.format))
                    removeLeftovers(of: referenceURL)
                    pages.append(
                        .init(
                            status: .missing, page: number, reference: referenceURL.path,
                            message:
                                "\(entry.label): page \(number) is missing: the trip now has \(count) "
                                + "\(count == 1 ? "page" : "pages"), the references \(recordedPages)."
                        ))
                }
            }
            report.trips.append(.init(trip: entry.label, folder: folder, pages: pages))
            removeEmptyFailureFolders(root, trip: folder)
        }
        return report
    }

    /// Two trips whose names make one folder would record over each other.
    private static func refuseSharedFolders(_ trips: [any SnapshotSubject]) throws(SnapshotProblem) {
        var seen: [String: String] = [:]
        for entry in trips {
            let folder = entry.folder
            if let other = seen[folder] {
                throw SnapshotProblem(
                    description:
                        "\(other) and \(entry.label) would both be kept in the folder \(folder); "
                        + "give one trip another name."
                )
            }
            seen[folder] = entry.label
        }
    }

    /// The largest reference file read: a page at 600 dpi is far smaller.
    static let maximumReferenceBytes = 256 << 20

    /// A reference file's bytes, or nil when there is none; a file that is no
    /// regular file or is too large is a problem, not a page.
    private static func reference(_ url: URL) throws(SnapshotProblem) -> [UInt8]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw SnapshotProblem(description: "\(url.path) is not a regular file; record the references again.")
        }
        guard let size = attributes[.size] as? Int, size <= maximumReferenceBytes else {
            throw SnapshotProblem(description: "\(url.path) is larger than a page can be; record the references again.")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SnapshotProblem(description: "cannot read \(url.path).")
        }
        return Array(data)
    }

    /// Leftovers of an earlier check beside a reference: they would describe another run.
    private static func removeLeftovers(of referenceURL: URL) {
        let name = referenceURL.lastPathComponent
        for leftover in [sibling(name, "actual"), sibling(name, "diff"), name + ".diff"] {
            try? FileManager.default.removeItem(at: failureURL(for: referenceURL, leftover))
        }
    }

    /// The folder a check leaves the pages that fail and their diffs in, apart
    /// from the references so that CI can keep it as an artifact: `references/__Failures__/<trip>/`.
    static let failuresFolder = "__Failures__"

    /// Where a check leaves `name` about the reference at `referenceURL`.
    static func failureURL(for referenceURL: URL, _ name: String) -> URL {
        let trip = referenceURL.deletingLastPathComponent()
        return trip.deletingLastPathComponent().appendingPathComponent(failuresFolder)
            .appendingPathComponent(trip.lastPathComponent).appendingPathComponent(name)
    }

    private static func writeFailure(_ bytes: [UInt8], to url: URL) throws(SnapshotProblem) {
        try make(url.deletingLastPathComponent())
        try write(bytes, to: url)
    }

    /// An empty failures folder (every page matched) is removed, the trip's and then the whole.
    private static func removeEmptyFailureFolders(_ root: URL, trip: String) {
        let failures = root.appendingPathComponent(failuresFolder)
        for folder in [failures.appendingPathComponent(trip), failures] {
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path), contents.isEmpty {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    // MARK: Comparing

    private static func comparePage(
        _ referenceBytes: [UInt8], _ actual: RasterImage, label: String, page: Int,
        referenceURL: URL, limits: SnapshotLimits
    ) throws(SnapshotProblem) -> SnapshotReport.Page {
        let actualURL = failureURL(for: referenceURL, sibling(referenceURL.lastPathComponent, "actual"))
        guard let size = PNGFile.size(referenceBytes) else {
            throw SnapshotProblem(description: "\(referenceURL.path) is not a PNG file; record the references again.")
        }
        // A page of another size cannot match: it is written for a look, and the sizes said.
        func sizeDifference(_ width: Int, _ height: Int) throws(SnapshotProblem) -> SnapshotReport.Page {
            try writeFailure(try SnapshotPage.pixels(actual).bytes(), to: actualURL)
            return .init(
                status: .size, page: page, referenceSize: [width, height], actualSize: [actual.width, actual.height],
                reference: referenceURL.path, actual: actualURL.path,
                message:
                    "\(label): page \(page) is \(actual.width)×\(actual.height) pixels, "
                    + "its reference \(width)×\(height); wrote \(actualURL.path)."
            )
        }
        // Another size is told from the header, without decoding a page that cannot match.
        guard size.width == actual.width, size.height == actual.height else {
            return try sizeDifference(size.width, size.height)
        }
        let reference: RasterImage
        do {
            let decoded = try PNGFile.decode(referenceBytes)
            reference = RasterImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
        } catch {
            throw SnapshotProblem(
                description: "\(referenceURL.path) is \(error.description); record the references again.")
        }
        let diffURL = failureURL(for: referenceURL, sibling(referenceURL.lastPathComponent, "diff"))
        guard reference.width == actual.width, reference.height == actual.height else {
            return try sizeDifference(reference.width, reference.height)
        }
        // The same pixels, the common case in CI: nothing to compare or draw.
        if reference.pixels == actual.pixels {
            try? FileManager.default.removeItem(at: actualURL)
            try? FileManager.default.removeItem(at: diffURL)
            return .init(
                status: .match, page: page, differentPixels: 0, antialiasedPixels: 0, ratio: 0,
                reference: referenceURL.path, message: "\(label): page \(page) matches.")
        }
        let result = PixelMatch.compare(reference, actual, options: PixelMatch.Options(threshold: limits.threshold))
        let total = max(1, reference.width * reference.height)
        let ratio = Double(result.differentPixels) / Double(total)
        let allowed = limits.maxDiffRatio.map { ratio <= $0 } ?? (result.differentPixels <= limits.maxDiffPixels)
        let area = result.changedArea.map { [$0.x, $0.y, $0.width, $0.height] }
        if allowed {
            // Stale output of an earlier failure would mislead.
            try? FileManager.default.removeItem(at: actualURL)
            try? FileManager.default.removeItem(at: diffURL)
            return .init(
                status: .match, page: page, differentPixels: result.differentPixels,
                antialiasedPixels: result.antialiasedPixels,
                ratio: ratio, area: area, reference: referenceURL.path, message: "\(label): page \(page) matches.")
        }
        try writeFailure(try SnapshotPage.pixels(actual).bytes(), to: actualURL)
        let diffBytes: [UInt8]
        do {
            diffBytes = try PNGFile.encode(
                width: result.diff.width, height: result.diff.height, rgba: result.diff.pixels)
        } catch {
            throw SnapshotProblem(
                description: "cannot draw the diff image of page \(page) of \(label): \(error.description).")
        }
        try writeFailure(diffBytes, to: diffURL)
        let place = result.changedArea.map { " in \($0.width)×\($0.height) at (\($0.x), \($0.y))" } ?? ""
        return .init(
            status: .differs, page: page, differentPixels: result.differentPixels,
            antialiasedPixels: result.antialiasedPixels,
            ratio: ratio, area: area, reference: referenceURL.path, actual: actualURL.path, diff: diffURL.path,
            message:
                "\(label): page \(page) differs: \(result.differentPixels) pixels "
                + "(\(String(format: "%.3f", ratio * 100)) %)\(place); diff \(diffURL.path)."
        )
    }

    private static func compareText(
        _ reference: [UInt8], _ actual: [UInt8], label: String, referenceURL: URL
    ) throws(SnapshotProblem) -> SnapshotReport.Page {
        let actualURL = failureURL(for: referenceURL, sibling(referenceURL.lastPathComponent, "actual"))
        let diffURL = failureURL(for: referenceURL, referenceURL.lastPathComponent + ".diff")
        guard reference != actual else {
            try? FileManager.default.removeItem(at: actualURL)
            try? FileManager.default.removeItem(at: diffURL)
            return .init(
                status: .match, page: 1, reference: referenceURL.path,
                message: "\(label): \(referenceURL.lastPathComponent) matches.")
        }
        let diff =
            TextDiff.unified(
                String(decoding: reference, as: UTF8.self), String(decoding: actual, as: UTF8.self),
                oldName: referenceURL.path, newName: actualURL.path) ?? (text: "", changed: 0)
        try writeFailure(actual, to: actualURL)
        try writeFailure(Array(diff.text.utf8), to: diffURL)
        let changed = diff.changed
        return .init(
            status: .differs, page: 1, reference: referenceURL.path, actual: actualURL.path, diff: diffURL.path,
            message:
                "\(label): \(referenceURL.lastPathComponent) differs: \(changed) changed "
                + "\(changed == 1 ? "line" : "lines"); diff \(diffURL.path)."
        )
    }

    // MARK: Files

    private static func readManifest(_ root: URL) throws(SnapshotProblem) -> SnapshotManifest {
        let url = root.appendingPathComponent(manifestName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SnapshotProblem(
                description:
                    "\(root.path) has no \(manifestName); record the references first with itinerary snapshot record.")
        }
        struct Version: Decodable { let manifestVersion: Int }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            throw SnapshotProblem(description: "\(url.path) is not a snapshot manifest; record the references again.")
        }
        guard version.manifestVersion <= SnapshotManifest.currentVersion else {
            throw SnapshotProblem(
                description:
                    "\(url.path) was written by a newer itinerary (manifest format \(version.manifestVersion)); "
                    + "this one reads format \(SnapshotManifest.currentVersion) and older."
            )
        }
        guard version.manifestVersion >= 1, let manifest = try? JSONDecoder().decode(SnapshotManifest.self, from: data),
            manifest.trips.values.allSatisfy({ (0...100_000).contains($0) })
        else {
            throw SnapshotProblem(description: "\(url.path) is not a snapshot manifest; record the references again.")
        }
        return manifest
    }

    static func fileName(page: Int, format: SnapshotFormat) -> String {
        "page-\(page).\(format.rawValue)"
    }

    /// "page-2.png" → "page-2.actual.png".
    static func sibling(_ name: String, _ kind: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + kind }
        return name[..<dot] + "." + kind + name[dot...]
    }

    private static func make(_ directory: URL) throws(SnapshotProblem) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SnapshotProblem(description: "cannot create the folder \(directory.path).")
        }
    }

    private static func write(_ bytes: [UInt8], to url: URL) throws(SnapshotProblem) {
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw SnapshotProblem(description: "cannot write \(url.path).")
        }
    }
}
