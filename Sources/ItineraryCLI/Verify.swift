import ArgumentParser
import Foundation
import ItineraryKit

/// `itinerary verify`: whether a signed PDF is as its issuer signed it (issue #51).
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a signed PDF: who signed it, when, its PAdES level, and whether every byte is as signed.",
        discussion: """
            Exit 0 when every byte but the signature's own value is as signed (and, with --trust, when the \
            signer and any time-stamp authority chain to those certificates); exit 1 when the PDF was \
            changed or added to, is not signed, or is not from a trusted signer, with one sentence.
            """
    )

    @Argument(help: "The PDF, or - for standard input.")
    var file: String

    @Option(
        help: ArgumentHelp(
            "Certificates to trust (PEM: the signer's root, and the time-stamp authority's for B-T).",
            valueName: "file"))
    var trust: String?

    @OptionGroup var lockedPDF: LockedPDFPassword

    func run() throws {
        let label = TripInput.label(file)
        // The flags' files first: one that cannot be read is a wrong call (exit 64).
        var roots: [UInt8]?
        if let trust {
            guard let data = FileManager.default.contents(atPath: trust) else {
                Console.error("cannot read the certificates file \(trust): no such file, or no permission.")
                throw ExitCode.validationFailure
            }
            roots = Array(data)
        }
        let password = try lockedPDF.password()
        let signatures: [PDFSignature]
        do {
            // A signed PDF is checked whole, so it is not cut at a trip's limit: at most 256 MiB.
            let limit = 256 << 20
            let pdf = try InputFile.read(path: file, limit: limit)
            guard pdf.count <= limit else {
                Console.error("\(label): the PDF is larger than verify reads (256 MiB).")
                throw ExitCode(1)
            }
            signatures = try PDFSignature.check(pdf: pdf, password: password, trusting: roots)
        } catch let failure as InputFile.Failure {
            Console.error("\(label): \(failure.description)")
            throw ExitCode(1)
        } catch let problem as Problem where problem.code == .lockedPDF && password == nil {
            Console.error("\(label): the PDF is locked; give its password with --password-file FILE.")
            throw ExitCode(1)
        } catch let problem as Problem where problem.code == .badOption {
            Console.error("\(trust ?? ""): \(problem.message)")
            throw ExitCode.validationFailure
        } catch let problem as Problem {
            Console.error("\(label): \(problem.message)")
            throw ExitCode(1)
        }
        for signature in signatures {
            Console.out("signer: \(signature.signer)")
            Console.out("signing time: \(signature.signingTime.map(Self.shown) ?? "none given")")
            var level = "level: PAdES \(signature.level.rawValue)"
            if signature.level == .notBaseline { level = "level: CMS, not PAdES baseline" }
            if let stamp = signature.timeStamp {
                level += " (time-stamped \(Self.shown(stamp.time)) by \(stamp.authority))"
            }
            Console.out(level)
            Console.out("every byte is as signed" + (trust.map { "; the signer chains to \($0)" } ?? "") + ".")
        }
    }

    /// "2026-03-06 12:00:00 UTC".
    static func shown(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
                .time(includingFractionalSeconds: false).timeSeparator(.colon).dateTimeSeparator(.space)) + " UTC"
    }
}
