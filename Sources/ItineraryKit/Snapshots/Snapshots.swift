import Foundation
import ItineraryPDF
import ItinerarySnapshot

/// A trip to snapshot: how to name it in messages, and the trip, rendered
/// with the library's own pipeline for ItinerarySnapshot to record and compare.
package struct SnapshotTrip: Sendable, SnapshotSubject {
    package let label: String
    package let trip: CheckedTrip

    package init(label: String, trip: CheckedTrip) {
        self.label = label
        self.trip = trip
    }

    package var folder: String { trip.fileStem }

    /// The strings a trip's pages may set.
    package var texts: [String] {
        let itinerary = trip.itinerary
        var texts = [itinerary.trip.name]
        for game in itinerary.games {
            texts += [game.away.name, game.home.name, game.stadium.name, game.stadium.city, game.sport]
        }
        for item in itinerary.items {
            texts += [
                item.notes, item.confirmation, item.travel?.fromCity, item.travel?.toCity, item.custom?.title,
                item.custom?.location?.address,
            ].compactMap { $0 }
        }
        return texts
    }

    package func render(
        _ options: SnapshotOptions, _ body: (Int, SnapshotPage) throws(SnapshotProblem) -> Void
    ) throws(SnapshotProblem) -> Int {
        let renderOptions: RenderOptions
        do {
            renderOptions = try options.renderOptions()
        } catch {
            throw SnapshotProblem(description: error.message)
        }
        var count = 0
        var problem: SnapshotProblem?
        do {
            switch options.format {
            case .png:
                try trip.renderPixels(options: renderOptions) { width, height, rgba in
                    guard problem == nil else { return }
                    count += 1
                    do {
                        try body(count, .pixels(RasterImage(width: width, height: height, pixels: rgba)))
                    } catch {
                        problem = error as? SnapshotProblem ?? SnapshotProblem(description: "\(error)")
                    }
                }
            case .html, .md:
                for page in try trip.render(options.format == .html ? .html : .md, options: renderOptions) {
                    count += 1
                    try body(count, .text(page))
                }
            }
        } catch let failure as Problem {
            throw SnapshotProblem(description: "\(label): \(failure.message)")
        } catch let failure as SnapshotProblem {
            throw failure
        } catch {
            throw SnapshotProblem(description: "\(label): cannot render: \(error).")
        }
        if let problem { throw problem }
        return count
    }
}

extension SnapshotFormat: OptionChoices {
    package static var parameter: String { "format" }
    package static var noun: String { "snapshot format" }
}

extension SnapshotOptions {
    /// The render options the references are made with, the theme and templates read again.
    func renderOptions() throws(Problem) -> RenderOptions {
        var render = RenderOptions()
        render.document = self.render
        // A fixed stamp: references do not change with the clock.
        render.creationDate = 0
        if let theme { render.theme = try Theme(contentsOf: theme) }
        if let templates { render.templates = try TripTemplates(directory: templates) }
        render.subscribeURL = subscribeURL
        try render.check()
        return render
    }
}

/// Visual snapshot tests of trips: record reference pages once, check them on
/// every change, and see what moved.
///
/// ```swift
/// let trips = [(label: "spring", trip: try CheckedTrip(bytes: bytes))]
/// _ = try Snapshots.record(trips, references: "Tests/References")      // once
/// let check = try Snapshots.check(trips, references: "Tests/References") // on every change
/// #expect(check.passed, "\(check.messages)")
/// ```
public enum Snapshots {
    /// Renders every trip and writes its pages (or its HTML or Markdown) under
    /// `references/<trip-name>/`, and the manifest. Returns the paths written.
    package static func record(
        _ trips: [SnapshotTrip], references: String, options: SnapshotOptions
    ) throws(SnapshotProblem) -> [String] {
        try References.record(trips, references: references, options: options, version: itineraryVersion)
    }

    /// Renders every trip again with the manifest's options and compares it
    /// with its references; what differs goes to `references/__Failures__/<trip>/`.
    package static func check(
        _ trips: [SnapshotTrip], references: String, limits: SnapshotLimits
    ) throws(SnapshotProblem) -> SnapshotReport {
        try References.check(trips, references: references, limits: limits, version: itineraryVersion)
    }
}

extension Snapshots {
    /// The formats references are made of: `png` (pages compared as pictures), `html` and `md` (as text).
    public static var formats: [OutputFormat] {
        SnapshotFormat.allCases.compactMap { OutputFormat(rawValue: $0.rawValue) }
    }

    /// Renders every trip and writes its pages (PNG), or its HTML or Markdown,
    /// under `references/<label's file name>/`, with a manifest of the options
    /// and of the rendering libraries. Returns the paths written.
    /// - Parameters:
    ///   - trips: Each trip with the label its folder is named after (its file name, say).
    ///   - references: The folder the references go to.
    ///   - format: `.png` (pages compared as pictures), `.html` or `.md` (compared as text).
    ///   - options: Every option the pages are rendered with (a theme and templates as the file and
    ///     folder they were read from, a calendar feed's URL); `check` uses the same.
    /// - Throws: `Problem`: `badOption` for a format references are not made of
    ///   (`Snapshots.formats`), and for what does not change the pages: a password, or templates for
    ///   PNG pages; `badSnapshot` when a folder cannot be written or a trip cannot be rendered.
    public static func record(
        _ trips: [(label: String, trip: CheckedTrip)], references: String, format: OutputFormat = .png,
        options: RenderOptions = RenderOptions()
    ) throws(Problem) -> [String] {
        guard let snapshotFormat = SnapshotFormat(rawValue: format.rawValue) else {
            throw OptionProblems.unknown(SnapshotFormat.self, format.rawValue)
        }
        // What would not change the pages is refused rather than recorded and ignored.
        if options.password != nil { throw OptionProblems.passwordInSnapshot() }
        if options.templates != nil, snapshotFormat == .png { throw OptionProblems.templatesForPages() }
        var theme: String?
        if let chosen = options.theme {
            guard let file = chosen.file else {
                throw Problem(
                    code: .badSnapshot,
                    "the theme \(chosen.name) was not read from a file; a check reads the theme again from its file.")
            }
            theme = file
        }
        var templates: String?
        if let chosen = options.templates {
            guard let directory = chosen.directory else {
                throw Problem(
                    code: .badSnapshot,
                    "the templates were not read from a folder; a check reads them again from their folder.")
            }
            templates = directory
        }
        let settings = SnapshotOptions(
            format: snapshotFormat, render: options.document, theme: theme, templates: templates,
            subscribeURL: options.subscribeURL)
        do {
            return try record(
                trips.map { SnapshotTrip(label: $0.label, trip: $0.trip) }, references: references, options: settings)
        } catch {
            throw Problem(code: .badSnapshot, error.description)
        }
    }

    /// Renders every trip as its references were recorded and compares them:
    /// pages with pixelmatch (`threshold` per pixel, 0 to 1), texts line by line.
    /// A page passes with at most `maxDiffPixels` different pixels, or at most
    /// `maxDiffRatio` of its pixels when that is given; failures leave the
    /// actual page and a diff image beside the references, in `__Failures__`.
    /// - Throws: `Problem` (`badSnapshot`) when the references cannot be read.
    public static func check(
        _ trips: [(label: String, trip: CheckedTrip)], references: String, threshold: Double = 0.1,
        maxDiffPixels: Int = 0, maxDiffRatio: Double? = nil
    ) throws(Problem) -> SnapshotCheck {
        do {
            let limits = SnapshotLimits(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
            return SnapshotCheck(
                try check(
                    trips.map { SnapshotTrip(label: $0.label, trip: $0.trip) }, references: references, limits: limits))
        } catch {
            throw Problem(code: .badSnapshot, error.description)
        }
    }
}

/// What `Snapshots.check` found.
public struct SnapshotCheck: Sendable {
    /// Whether every page matches its reference.
    public let passed: Bool
    /// One sentence per page that does not match.
    public let messages: [String]
    /// One sentence per way the rendering environment (Cairo, Pango, fonts, the
    /// library) differs from the one the references were recorded in: why pages may differ.
    public let environment: [String]
    /// "12 pages match." or "2 of 12 pages differ."
    public let summary: String
    /// The whole result as JSON, as `itinerary snapshot check --report` writes it for CI systems.
    public let report: [UInt8]

    init(_ result: SnapshotReport) {
        passed = result.passed
        environment = result.environmentDifferences.map { "environment: \($0) since the references were recorded" }
        messages = result.trips.flatMap { $0.pages.filter { $0.status != .match }.map(\.message) }
        let pages = result.trips.reduce(0) { $0 + $1.pages.count }
        summary =
            messages.isEmpty
            ? "\(pages) \(pages == 1 ? "page matches" : "pages match")."
            : "\(messages.count) of \(pages) pages differ."
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        report = (try? encoder.encode(result)).map { Array($0) } ?? []
    }
}
