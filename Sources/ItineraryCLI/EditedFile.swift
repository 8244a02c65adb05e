import ArgumentParser
import Foundation
import ItineraryKit

/// The file a rewriting command reads and writes back: a real path (not `-`),
/// read as is (rules already broken are the edit's business, not a refusal),
/// and written atomically only when the edit is accepted.
struct EditedFile {
    let path: String
    /// An editor on the file, stamping `modifiedAt` with `now()`.
    let editor: TripEditor

    /// Reads the file; any problem of format prints as `FILE: location: message` and exits 1.
    static func load(_ path: String) throws -> EditedFile {
        guard path != "-" else {
            Console.error("-: a rewriting command needs a file to write back; standard input cannot be rewritten.")
            throw ExitCode(1)
        }
        return EditedFile(path: path, editor: try TripInput.editor(path, now: try now()))
    }

    /// The time an edit stamps (`modifiedAt`, a tombstone's `removedAt`): now, or
    /// `SOURCE_DATE_EPOCH` when set, so a scripted edit gives the same bytes.
    static func now() throws -> Date {
        do {
            if let seconds = try Render.creationDate(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]) {
                return Date(timeIntervalSince1970: TimeInterval(seconds))
            }
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
        return Date()
    }

    /// Runs an edit: a refusal prints one sentence and exits 1 with the file
    /// untouched; an accepted edit is written, then its changes go to standard
    /// output and its warnings to standard error.
    func apply(_ edit: (TripEditor) throws(Problem) -> Edit) throws {
        let result: Edit
        do {
            result = try edit(editor)
        } catch {
            // A problem of another file (the game schedule) is located in it; the rest is the trip's.
            Console.error(error.location.isEmpty ? "\(path): \(error.message)" : error.description)
            throw ExitCode(1)
        }
        do {
            try AtomicFile.write(result.bytes, to: path)
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
        for change in result.changes { Console.out(change) }
        for warning in result.warnings { Console.error("\(path): warning: \(warning)") }
        for violation in result.standingViolations { Console.error("\(path): \(violation.description)") }
    }
}
