import ArgumentParser
import Foundation
import ItineraryKit

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Visual snapshot tests: record reference pages of trips, then check that they did not change.",
        subcommands: [Record.self, Check.self]
    )

    static func trips(_ paths: [String]) throws -> [SnapshotTrip] {
        try paths.map { path in
            let input = try TripInput.load(path)
            return SnapshotTrip(label: input.label, trip: input.trip)
        }
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract:
                "Render each trip and write its pages under DIR/<trip-name>/, with a manifest of the "
                + "options and the renderer's environment."
        )

        @Argument(help: "The itinerary files.")
        var trips: [String]

        @Option(help: ArgumentHelp("The references folder.", valueName: "dir"))
        var references: String

        @Option(
            help: ArgumentHelp(
                "Pages compared as pictures (png, the default), or the HTML or Markdown compared as text.",
                valueName: "format"))
        var format: Choice<SnapshotFormat>?

        /// Every render option, as `render` takes them; a theme is read again from the same path by `check`.
        @OptionGroup var flags: RenderFlags

        func validate() throws {
            guard !trips.isEmpty else { throw ValidationError("give at least one itinerary file to record.") }
        }

        func run() throws {
            let options: SnapshotOptions
            do {
                options = SnapshotOptions(
                    format: try format?.value() ?? .png, render: try flags.options(), theme: flags.theme)
            } catch {
                Console.error(error.message)
                throw ExitCode.validationFailure
            }
            do {
                for path in try Snapshots.record(try Snapshot.trips(trips), references: references, options: options) {
                    Console.out(path)
                }
            } catch let problem as SnapshotProblem {
                Console.error(problem.description)
                throw ExitCode(1)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract:
                "Render each trip again as it was recorded and compare: exit 0 when every page matches, 1 "
                + "when any differs.",
            discussion: """
                Pages compare as pixelmatch does (colour distance in YIQ space against --threshold; \
                anti-aliased pixels are not counted). For each page that differs, the new page and a \
                diff image (changes red, anti-aliasing yellow, the rest faded) go to \
                DIR/__Failures__/<trip-name>/, apart from the references, for CI to keep.
                """
        )

        @Argument(help: "The itinerary files.")
        var trips: [String]

        @Option(help: ArgumentHelp("The references folder.", valueName: "dir"))
        var references: String

        @Option(help: ArgumentHelp("Write a JSON report here, for CI systems to show.", valueName: "file.json"))
        var report: String?

        @Option(
            help: ArgumentHelp(
                "Colour distance from 0 (exact) to 1 below which two pixels are the same.", valueName: "t"))
        var threshold = 0.1

        @Option(
            name: .customLong("max-diff-pixels"),
            help: ArgumentHelp("Pixels a page may have changed (default 0).", valueName: "n"))
        var maxDiffPixels: Int?

        @Option(
            name: .customLong("max-diff-ratio"),
            help: ArgumentHelp("Or: the fraction of a page's pixels that may change.", valueName: "r"))
        var maxDiffRatio: Double?

        func validate() throws {
            guard !trips.isEmpty else { throw ValidationError("give at least one itinerary file to check.") }
            guard threshold.isFinite, (0...1).contains(threshold) else {
                throw ValidationError("--threshold must be a number from 0 to 1.")
            }
            guard maxDiffPixels == nil || maxDiffRatio == nil else {
                throw ValidationError("give --max-diff-pixels or --max-diff-ratio, not both.")
            }
            if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be 0 or more.") }
            if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
                throw ValidationError("--max-diff-ratio must be a number from 0 to 1.")
            }
        }

        func run() throws {
            let result: SnapshotReport
            do {
                let limits = SnapshotLimits(
                    threshold: threshold, maxDiffPixels: maxDiffPixels ?? 0, maxDiffRatio: maxDiffRatio)
                result = try Snapshots.check(try Snapshot.trips(trips), references: references, limits: limits)
            } catch let problem as SnapshotProblem {
                // A report from an earlier run would say this one passed.
                if let report { try? FileManager.default.removeItem(atPath: report) }
                Console.error(problem.description)
                throw ExitCode(1)
            }
            for difference in result.environmentDifferences {
                Console.error("environment: \(difference) since the references were recorded")
            }
            for trip in result.trips {
                for page in trip.pages where page.status != "match" { Console.out(page.message) }
            }
            let pages = result.trips.reduce(0) { $0 + $1.pages.count }
            let failing = result.trips.reduce(0) { $0 + $1.pages.filter { $0.status != "match" }.count }
            Console.out(
                failing == 0
                    ? "\(pages) \(pages == 1 ? "page matches" : "pages match")."
                    : "\(failing) of \(pages) pages differ.")
            if let report {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                do {
                    try AtomicFile.write(Array(try encoder.encode(result)), to: report)
                } catch let failure as AtomicFile.Failure {
                    Console.error(failure.description)
                    throw ExitCode(1)
                }
            }
            if !result.passed { throw ExitCode(1) }
        }
    }
}
