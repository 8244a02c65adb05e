import ArgumentParser
import Foundation
import ItineraryKit

/// The file a rewriting command reads and writes back: a real path (not `-`),
/// read as is (rules already broken are the edit's business, not a refusal),
/// and written atomically only when the edit is accepted.
struct EditedFile {
    let path: String
    let itinerary: Itinerary

    /// Reads the file; any problem of format prints as `FILE: location: message` and exits 1.
    static func load(_ path: String) throws -> EditedFile {
        guard path != "-" else {
            Console.error("-: a rewriting command needs a file to write back; standard input cannot be rewritten.")
            throw ExitCode(1)
        }
        do {
            return EditedFile(path: path, itinerary: try ItineraryReader.read(bytes: try InputFile.read(path: path)))
        } catch {
            TripInput.report(error.problems, label: path)
            throw ExitCode(1)
        }
    }

    /// An editor on the file, stamping `modifiedAt` with the current time.
    /// The time an edit stamps (`modifiedAt`, a tombstone's `removedAt`): now, or
    /// `SOURCE_DATE_EPOCH` when set, so a scripted edit gives the same bytes.
    func now() throws -> Instant {
        do {
            if let seconds = try Render.creationDate(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]) {
                return Instant(seconds: Int64(seconds))
            }
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
        return Instant(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
    }

    /// Runs an edit: a refusal prints one sentence and exits 1 with the file
    /// untouched; an accepted edit is written, then its changes go to standard
    /// output and its warnings to standard error.
    func apply(_ edit: (TripEditor) throws(Problem) -> Edit) throws {
        let result: Edit
        let editor = TripEditor(itinerary, now: try now())
        do {
            result = try edit(editor)
        } catch {
            // A problem of the game schedule names the schedule's file itself.
            let aboutSchedule: Set<Problem.Code> = [.catalogueNotJSON, .catalogueShape, .catalogueGame]
            Console.error(aboutSchedule.contains(error.code) ? error.message : "\(path): \(error.message)")
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
