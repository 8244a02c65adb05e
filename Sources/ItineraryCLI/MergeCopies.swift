import ArgumentParser
import Foundation
import ItineraryKit

struct MergeCopies: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-copies",
        abstract: "Merge two copies of a trip edited apart, item by item, last write wins.",
        discussion: """
            Per item, the version with the later modifiedAt wins, content and position; a removal \
            (a tombstone in "removed") wins over versions edited before it; equal instants go by the \
            items' canonical JSON, so the result does not depend on which copy is MINE. Two \
            different items that share an id (made by older versions, which numbered new items) \
            are both kept, the later under a new id. The trip fields follow the same rule by \
            trip.modifiedAt; copies whose trip fields differ with neither stamped are refused. MINE \
            is rewritten in place unless -o says where the result goes. The copies must be of one \
            trip (trip.id) with equal game catalogues. Prints one line per change to MINE and a \
            summary; a result that would break a rule neither copy breaks is refused and nothing \
            is written.
            """
    )

    @Argument(help: "Your copy, rewritten with the result unless -o is given.")
    var mine: String

    @Argument(help: "The other copy.")
    var theirs: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the result here (- for standard output) instead of over MINE.", valueName: "path"))
    var output: String?

    func run() throws {
        if output == nil { _ = try EditedFile.load(mine) }
        let mineCopy = try Self.read(mine), theirCopy = try Self.read(theirs)
        let merge: Edit
        do {
            merge = try mineCopy.merge(theirCopy)
        } catch {
            Console.error("\(mine): \(error.message)")
            throw ExitCode(1)
        }
        let destination = output ?? mine
        if destination == "-" {
            FileHandle.standardOutput.write(Data(merge.bytes))
        } else {
            do {
                try AtomicFile.write(merge.bytes, to: destination)
            } catch {
                Console.error(error.description)
                throw ExitCode(1)
            }
        }
        // With the result on standard output, the report goes to standard error.
        let report: (String) -> Void = destination == "-" ? { Console.error($0) } : { Console.out($0) }
        for change in merge.changes { report(change) }
        for warning in merge.warnings { Console.error("\(mine): warning: \(warning)") }
        let label = destination == "-" ? mine : destination
        for violation in merge.standingViolations { Console.error("\(label): \(violation.description)") }
    }

    private static func read(_ path: String) throws -> TripEditor {
        try TripInput.editor(path, now: Date(timeIntervalSince1970: 0))
    }
}
