import ArgumentParser
import Foundation
import ItineraryKit

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Render the itinerary as a PDF, PNG pages, an HTML page, Markdown, an iCalendar file, GPX, KML, GeoJSON "
            + "or Apple Wallet passes.",
        discussion: """
            Without a file, renders the built-in sample trip; the file may also be a PDF this tool made, \
            whose trip it carries. Files go to Output/<trip-name>.<ext> \
            in the current folder (PNG: one file per page, <trip-name>-1.png, …; pkpass: one Wallet pass per game, \
            <trip-name>-<game-id>.pkpass, signed with --pass-certificate and --pass-key). Several formats \
            come from one read of the file; nothing is written unless the file is valid. Every PDF \
            carries the trip it was made from (--omit source leaves it out).
            """
    )

    @Argument(help: "The itinerary file, or - for standard input; the sample trip when left out.")
    var file: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The formats (default: pdf); repeat the option or separate formats with commas.", valueName: "format"))
    var format: [Choices<OutputFormat>] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The file to write, or - for standard output. With several formats, a name without extension: "
                + "each format adds its own.",
            valueName: "path"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "A folder of Mustache templates laid out as Templates/ (html/, markdown/) to use instead of the "
                + "built-in ones.",
            valueName: "dir"))
    var templates: String?

    @OptionGroup var flags: RenderFlags

    @OptionGroup var passwords: PasswordFlags
    @Option(
        help: ArgumentHelp(
            "Only this game's Wallet pass (its id in the trip), with --format pkpass or pkpasses.", valueName: "id"))
    var game: String?

    @OptionGroup(title: "Wallet passes") var passFlags: PassFlags

    @OptionGroup(title: "Signing") var signingFlags: SigningFlags

    /// The formats asked for, in order, each once; PDF when none is.
    func formats() throws(Problem) -> [OutputFormat] {
        var formats: [OutputFormat] = []
        for list in format {
            for value in try list.values() where !formats.contains(value) { formats.append(value) }
        }
        return formats.isEmpty ? [.pdf] : formats
    }

    func validate() throws {
        // A wrong format or option is said by run(), in the library's words.
        guard let formats = try? formats() else { return }
        if game != nil && !formats.contains(.pkpass) && !formats.contains(.pkpasses) {
            throw ValidationError("--game picks a Wallet pass: it goes with --format pkpass or pkpasses.")
        }
        if let output {
            if output == "-" && formats.count > 1 {
                throw ValidationError(RenderProblem.stdoutWithSeveralFormats.description)
            }
            if output == "-" && formats == [.png] { throw ValidationError(RenderProblem.pngToStdout.description) }
            if output == "-" && formats == [.pkpass] && game == nil {
                throw ValidationError(RenderProblem.passesToStdout.description)
            }
            if formats.count > 1,
                let known = OutputFormat.allCases.first(where: { output.lowercased().hasSuffix("." + $0.rawValue) }
                )
            {
                throw ValidationError(RenderProblem.extensionWithSeveralFormats(output, known).description)
            }
            if output.isEmpty { throw ValidationError(RenderProblem.emptyOutput.description) }
        }
    }

    func run() throws {
        let formats: [OutputFormat]
        do {
            formats = try self.formats()
            var options = try flags.options()
            if let game { try options.set("game", to: game) }  // a blank id is a wrong call too
            _ = try passwords.checked(options)
        } catch {
            Console.error(error.message)
            throw ExitCode.validationFailure
        }
        // Read and checked before anything is drawn: a file that cannot sign writes nothing (exit 64).
        let passIdentity = try passFlags.identity(needed: formats.contains(.pkpass) || formats.contains(.pkpasses))
        let signing = try signingFlags.signing()
        do {
            var options = try flags.optionsWithTheme()
            options.passIdentity = passIdentity
            options.signing = signing
            if let game { try options.set("game", to: game) }
            options.password = try passwords.passwords()
            // A --templates folder is always read, so a wrong one is reported even when unused.
            let custom = try self.templates.map { path throws(Problem) in try TripTemplates(directory: path) }
            let creationDate = try Self.creationDate(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
            // A locked PDF given as the input opens with the same password the output is locked with.
            let input = try TripInput.load(file, password: options.password?.user)
            options.creationDate = creationDate
            options.templates = custom
            if formats.contains(.gpx), !input.trip.hasCoordinates {
                Console.error(
                    "\(input.label): warning: no item has coordinates; the GPX holds no waypoint and no route.")
            }
            let mapData = CheckedTrip.mapData
            if input.trip.hasCoordinates, formats.contains(where: { [.pdf, .png, .html].contains($0) }),
                !mapData.isAvailable
            {
                Console.error(
                    "warning: no map data in \(mapData.folder); route maps show no land, water or borders "
                        + "(make setup installs it, ITINERARY_MAP_DATA names another folder)."
                )
            }
            // Everything is made before anything is written, so one failing format writes nothing.
            let documents = zip(formats, try input.trip.render(formats, options: options)).map {
                (format: $0, pages: $1)
            }
            if output == "-" {
                for document in documents { FileHandle.standardOutput.write(Data(document.pages.joined())) }
                return
            }
            let base = try destinationBase(for: input.trip.fileStem)
            let passNames = input.trip.passNames.filter { game == nil || $0.game == game }.map(\.name)
            let files = documents.flatMap { document in
                Self.paths(
                    base: base, format: document.format, pages: document.pages, several: formats.count > 1,
                    passNames: passNames
                ).map { (path: $0.0, bytes: $0.1) }
            }
            try AtomicFile.write(files)
            // Pages left from an earlier, longer preview would read as part of this one.
            for document in documents where document.format == .png {
                guard let first = Self.paths(base: base, format: .png, pages: [[]], several: formats.count > 1).first?.0
                else { continue }
                let stem = String(first.dropLast("-1.png".count))
                var page = document.pages.count + 1
                while FileManager.default.fileExists(atPath: "\(stem)-\(page).png") {
                    try? FileManager.default.removeItem(atPath: "\(stem)-\(page).png")
                    page += 1
                }
            }
            for file in files { Console.out(file.path) }
        } catch let failure as AtomicFile.Failure {
            Console.error(failure.description)
            throw ExitCode(1)
        } catch let problem as Problem {
            Console.error(problem.message)
            throw ExitCode(1)
        } catch let failure as RenderProblem {
            Console.error(failure.description)
            throw ExitCode(1)
        } catch let failure as PasswordFileProblem {
            Console.error(failure.description)
            throw ExitCode(1)
        }
    }

    /// The path each format's file is named from: `--output` as given, or `Output/<stem>` (created when missing).
    private func destinationBase(for stem: String) throws(RenderProblem) -> (path: String, isGiven: Bool) {
        var folder = "Output"
        if let output {
            // A folder, given as one (`out/`) or existing: the files go into it under the trip's name.
            var isDirectory: ObjCBool = false
            let isFolder =
                output.hasSuffix("/") || output == "." || output == ".."
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
            guard isFolder else { return (output, true) }
            folder = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            if let reason = Self.makeFolder(folder) { throw .cannotCreateFolder(folder, reason) }
        } else if !isDirectory.boolValue {
            throw .cannotCreateFolder(folder, "a file of that name is in the way")
        }
        return (folder + "/" + stem, false)
    }

    /// Makes a folder and the folders above it that are missing; nil when it
    /// exists at the end, else the system's reason ("not a directory",
    /// "permission denied"), which Foundation's messages bury in an error code.
    static func makeFolder(_ path: String) -> String? {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o777) != 0 && errno != EEXIST {
                return String(cString: strerror(errno)).lowercased()
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "a file of that name is in the way"
        }
        return nil
    }

    /// The files of one format. A given single-format path is used as is; PNG pages are numbered `-1`, `-2`, …;
    /// Wallet passes are named by their games (`passNames`, in the passes' order): `trip-GAMEID.pkpass`.
    static func paths(
        base: (path: String, isGiven: Bool), format: OutputFormat, pages: [[UInt8]], several: Bool,
        passNames: [String] = []
    ) -> [(String, [UInt8])] {
        let addsExtension = !base.isGiven || several
        if format == .pkpass {
            var stem = base.path
            if !addsExtension, stem.lowercased().hasSuffix(".pkpass") { stem = String(stem.dropLast(7)) }
            return zip(passNames, pages).map { name, bytes in ("\(stem)-\(name).pkpass", bytes) }
        }
        if format == .png {
            var stem = base.path
            if !addsExtension, stem.lowercased().hasSuffix(".png") { stem = String(stem.dropLast(4)) }
            return pages.enumerated().map { index, bytes in ("\(stem)-\(index + 1).png", bytes) }
        }
        let path = addsExtension ? base.path + "." + format.rawValue : base.path
        return [(path, pages.first ?? [])]
    }

    /// SOURCE_DATE_EPOCH as whole seconds, for reproducible documents.
    static func creationDate(_ value: String?) throws(RenderProblem) -> Int? {
        guard let value, !value.isEmpty else { return nil }
        guard let seconds = Int(value), seconds >= 0 else { throw .badSourceDateEpoch(value) }
        return seconds
    }
}

/// Every sentence `render` says about a problem of its own.
/// What `render` refuses before or after rendering, in words.
enum RenderProblem: Error, CustomStringConvertible {
    case stdoutWithSeveralFormats
    case pngToStdout
    case passesToStdout
    case extensionWithSeveralFormats(String, OutputFormat)
    case emptyOutput
    case badSourceDateEpoch(String)
    case cannotCreateFolder(String, String)

    var description: String {
        switch self {
        case .stdoutWithSeveralFormats:
            "-o - writes one format to standard output; ask for one format, or give -o a file name without extension."
        case .pngToStdout:
            "PNG makes one file per page and cannot go to standard output; give -o a file name."
        case .passesToStdout:
            "pkpass makes one file per game and cannot go to standard output; give -o a file name, --game, "
                + "or ask for pkpasses (every pass in one bundle)."
        case .extensionWithSeveralFormats(let path, let format):
            "with several formats, -o takes a name without extension (each format adds its own); "
                + "\"\(path)\" ends in .\(format.rawValue)."
        case .emptyOutput:
            "-o needs a file name, or - for standard output."
        case .badSourceDateEpoch(let value):
            "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not \"\(value)\"."
        case .cannotCreateFolder(let folder, let reason):
            "cannot create the folder \(folder): \(reason)."
        }
    }
}
