import ArgumentParser
import Foundation
import ItineraryKit

/// An input file read and checked, as every command needs it before doing anything.
struct TripInput {
    /// How the file is named in messages: its path, or `<stdin>`.
    let label: String
    /// The trip, read and checked.
    let trip: CheckedTrip

    /// Reads and checks a file (`-` for standard input; nil for the built-in
    /// sample; a PDF this tool made, opened with `password` when it is locked);
    /// on any problem prints each as `FILE: location: message` and exits 1. A locked PDF
    /// without a password is told to give `--password-file` when the command `takesPassword`.
    static func load(_ path: String?, password: [UInt8]? = nil, takesPassword: Bool = true) throws -> TripInput {
        let label = path.map(Self.label) ?? "<sample>"
        switch read(path, password: password, takesPassword: takesPassword) {
        case .success(let trip):
            return TripInput(label: label, trip: trip)
        case .failure(let sentences):
            report(sentences, label: label)
            throw ExitCode(1)
        }
    }

    /// How a file is named in messages: its path, or `<stdin>` for `-`.
    static func label(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads and checks without printing: every problem of the file, or the itinerary.
    static func read(
        _ path: String?, password: [UInt8]? = nil, takesPassword: Bool = true
    ) -> Result<CheckedTrip, Sentences> {
        guard let path else { return .success(.sample) }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: path)
        } catch {
            return .failure(Sentences([error.description]))
        }
        do {
            // A PDF this tool made carries its trip (issue #45): taken wherever a trip file is.
            if bytes.starts(with: Array("%PDF-".utf8)) {
                return .success(try CheckedTrip(pdf: bytes, password: password))
            }
            return .success(try CheckedTrip(bytes: bytes))
        } catch {
            let lines = error.problems.map { problem in
                // A locked PDF: how the command line takes its password.
                problem.code == .lockedPDF && password == nil && takesPassword
                    ? "the PDF is locked; give its password with --password-file FILE." : problem.description
            }
            return .failure(Sentences(lines, problems: error.problems))
        }
    }

    /// The password a `--password-file` holds (its first line); nil without one. A file that cannot be read
    /// is one sentence and exit 1.
    static func password(_ path: String?) throws -> [UInt8]? {
        guard let path else { return nil }
        do {
            return try PasswordFlags.password(path)
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
    }

    /// What is wrong with a file, one sentence a problem (`location: message`).
    struct Sentences: Error {
        let lines: [String]
        /// The trip's problems, when the file was read.
        var problems: [Problem] = []
        init(_ lines: [String], problems: [Problem] = []) {
            self.lines = lines
            self.problems = problems
        }
    }

    static func report(_ sentences: Sentences, label: String) {
        for line in sentences.lines {
            Console.error(label + ": " + line)
        }
    }

    /// Reads a file for an editor, which takes a file breaking the trip's rules as it is;
    /// any problem of reading prints as `FILE: location: message` and exits 1.
    static func editor(_ path: String, now: Date) throws -> TripEditor {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: path)
        } catch {
            report(Sentences([error.description]), label: label(path))
            throw ExitCode(1)
        }
        do {
            return try TripEditor(bytes: bytes, now: now)
        } catch {
            report(Sentences(error.problems.map(\.description)), label: label(path))
            throw ExitCode(1)
        }
    }
}

/// `--password-file` of the commands that read a PDF this tool made (validate, show, import, verify): the password
/// of a locked PDF, its file's first line.
struct LockedPDFPassword: ParsableArguments {
    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("The password of a locked PDF, from this file (its first line).", valueName: "file"))
    var passwordFile: String?

    /// The password; nil without the flag. A file that cannot be read is one sentence and exit 1.
    func password() throws -> [UInt8]? { try TripInput.password(passwordFile) }
}
