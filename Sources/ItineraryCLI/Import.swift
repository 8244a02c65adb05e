import ArgumentParser
import Foundation
import ItineraryKit

/// `itinerary import`: the trip a PDF carries, written out as the JSON it was made from (issue #45).
struct ImportTrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write out the trip a PDF made by this tool carries (itinerary/v1 JSON).",
        discussion: """
            Every PDF carries the trip it was made from, without what --omit left out (unless --omit \
            source). For a PDF made without --omit, the bytes are the trip file's own. The trip is \
            checked before anything is written; validate, show and render also take such a PDF directly.
            """
    )

    @Argument(help: "The PDF, or - for standard input.")
    var file: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The file to write (default: standard output).", valueName: "path"))
    var output: String?

    @OptionGroup var lockedPDF: LockedPDFPassword

    func run() throws {
        let label = TripInput.label(file)
        let password = try lockedPDF.password()
        do {
            let pdf = try InputFile.read(path: file)
            let bytes = try CheckedTrip.tripJSON(inPDF: pdf, password: password)
            _ = try CheckedTrip(bytes: bytes)  // nothing is written for a trip that does not check
            if let output, output != "-" {
                try AtomicFile.write(bytes, to: output)
                Console.out(output)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
        } catch let failure as InputFile.Failure {
            Console.error("\(label): \(failure.description)")
            throw ExitCode(1)
        } catch let problem as Problem where problem.code == .lockedPDF && password == nil {
            Console.error("\(label): the PDF is locked; give its password with --password-file FILE.")
            throw ExitCode(1)
        } catch let problem as Problem {
            Console.error("\(label): \(problem.message)")
            throw ExitCode(1)
        } catch let problems as Problems {
            TripInput.report(TripInput.Sentences(problems.problems.map(\.description)), label: label)
            throw ExitCode(1)
        } catch let failure as AtomicFile.Failure {
            Console.error(failure.description)
            throw ExitCode(1)
        }
    }
}
