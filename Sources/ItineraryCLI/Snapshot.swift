import ArgumentParser
import Foundation
import ItineraryKit

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Visual snapshot tests: record reference pages of trips, then check that they did not change.",
        subcommands: [Record.self, Check.self]
    )

    static func trips(_ paths: [String]) throws -> [(label: String, trip: CheckedTrip)] {
        try paths.map { path in
            let input = try TripInput.load(path, takesPassword: false)  // its --password-file locks the PDFs it draws
            return (label: input.label, trip: input.trip)
        }
    }

    /// `--format`: one of the formats references are made of (`Snapshots.formats`).
    struct Format: ExpressibleByArgument {
        let choice: Choice<OutputFormat>
        init?(argument: String) { choice = Choice(argument: argument)! }
        static var allValueStrings: [String] { Snapshots.formats.map(\.rawValue) }
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
        var format: Format?

        @Option(
            help: ArgumentHelp(
                "A folder of Mustache templates laid out as Templates/ (html/, markdown/) to use instead of the "
                    + "built-in ones; with --format html or md.",
                valueName: "dir"))
        var templates: String?

        /// Every render option that changes the pages, as `render` takes them; a theme and templates are
        /// read again from the same paths by `check`.
        @OptionGroup var flags: RenderFlags

        /// Taken only to be refused in a sentence: a password locks the PDF and changes no page.
        @OptionGroup(visibility: .hidden) var passwords: PasswordFlags

        func validate() throws {
            guard !trips.isEmpty else { throw ValidationError("give at least one itinerary file to record.") }
        }

        func run() throws {
            var options: RenderOptions
            let chosen: OutputFormat
            do {
                chosen = try format?.choice.value() ?? .png
                options = try passwords.checked(try flags.options())
            } catch {
                Console.error(error.message)
                throw ExitCode.validationFailure
            }
            do {
                // The theme and templates are read now, so that a check reads them again from the same paths.
                if let theme = flags.theme { options.theme = try Theme(contentsOf: theme) }
                options.templates = try templates.map { path throws(Problem) in try TripTemplates(directory: path) }
                let trips = try Snapshot.trips(trips)
                for path in try Snapshots.record(trips, references: references, format: chosen, options: options) {
                    Console.out(path)
                }
            } catch let problem as Problem {
                // A format that references are not made of is a usage mistake; the rest is wrong input. The
                // message names its file, as `render`'s does.
                Console.error(problem.message)
                throw problem.code == .badOption ? ExitCode.validationFailure : ExitCode(1)
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
            let result: SnapshotCheck
            do {
                result = try Snapshots.check(
                    try Snapshot.trips(trips), references: references, threshold: threshold,
                    maxDiffPixels: maxDiffPixels ?? 0, maxDiffRatio: maxDiffRatio)
            } catch let problem as Problem {
                // A report from an earlier run would say this one passed.
                if let report { try? FileManager.default.removeItem(atPath: report) }
                Console.error(problem.description)
                throw ExitCode(1)
            }
            for difference in result.environment { Console.error(difference) }
            for message in result.messages { Console.out(message) }
            Console.out(result.summary)
            if let report {
                do {
                    try AtomicFile.write(result.report, to: report)
                } catch {
                    Console.error(error.description)
                    throw ExitCode(1)
                }
            }
            if !result.passed { throw ExitCode(1) }
        }
    }
}
