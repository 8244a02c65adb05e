import Foundation
import TestSupport
import Testing

/// `itinerary import` and the PDF's flags (issue #45): the trip comes back byte for byte, a PDF
/// without one or a file that is not a PDF is one sentence and exit 1, a password with --pdf-a exit 64.
@Suite struct ImportCommandTests {
    @Test func aRenderedPDFGivesBackItsTrip() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trip = folder.appendingPathComponent("trip.json"), pdf = folder.appendingPathComponent("trip.pdf")
        try Data(Fixtures.sampleBytes).write(to: trip)
        #expect(try runItinerary(["render", trip.path, "-o", pdf.path]).status == 0)
        let back = folder.appendingPathComponent("back.json")
        let imported = try runItinerary(["import", pdf.path, "-o", back.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Data(contentsOf: back) == Data(Fixtures.sampleBytes))
        // validate and show take the PDF as they take its trip.
        let validated = try runItinerary(["validate", pdf.path])
        #expect(validated.status == 0 && validated.stdout.contains("valid · 5 days"), "\(validated.stderr)")
        #expect(try runItinerary(["show", pdf.path]).stdout.contains("Spring Swing 2026"))
    }

    /// Issue #50: a 1 MB PDF whose attached trip inflates to 1 GiB is refused as it is decoded, in well under
    /// 100 MB and a second (it once peaked at 2.1 GB and took 6.6 s).
    @Test func aTripThatInflatesWithoutEndIsRefusedWithinBoundedMemory() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bomb = folder.appendingPathComponent("bomb.pdf")
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/ItineraryCLITests/Scripts/inflating_pdf.py")
        let made = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, bomb.path, "1024"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try Data(contentsOf: bomb).count < 1_200_000)
        for command in ["validate", "show", "import"] {
            let start = Date()
            let run = try runProcess(
                URL(fileURLWithPath: "/usr/bin/time"), ["-f", "peak %M", Fixtures.executable.path, command, bomb.path])
            let seconds = Date().timeIntervalSince(start)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("the PDF's trip is larger than an itinerary may be (32 MiB)"), "\(run.stderr)")
            let peak = run.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
            #expect((peak ?? .max) < 100_000, "\(command) peaked at \(peak ?? -1) KB")
            #expect(seconds < 5, "\(command) took \(seconds) s")
        }
    }

    @Test func aLockedPDFOpensWithItsPasswordFile() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let password = folder.appendingPathComponent("password"), pdf = folder.appendingPathComponent("locked.pdf")
        try Data("open sesame\n".utf8).write(to: password)
        #expect(try runItinerary(["render", "-o", pdf.path, "--password-file", password.path]).status == 0)
        let without = try runItinerary(["import", pdf.path])
        #expect(without.status == 1)
        #expect(without.stderr == "\(pdf.path): the PDF is locked; give its password with --password-file FILE.\n")
        try Data("not it\n".utf8).write(to: folder.appendingPathComponent("wrong"))
        let wrong = try runItinerary([
            "import", pdf.path, "--password-file", folder.appendingPathComponent("wrong").path,
        ])
        #expect(wrong.stderr == "\(pdf.path): the PDF is locked, and this is not its password.\n")
        let with = try runItinerary(["import", pdf.path, "--password-file", password.path])
        #expect(with.status == 0 && with.stdout.contains("\"Spring Swing 2026\""), "\(with.stderr)")
        // PDF/A forbids encryption: a wrong call, nothing written.
        let archived = folder.appendingPathComponent("archived.pdf")
        let refused = try runItinerary(["render", "-o", archived.path, "--password-file", password.path, "--pdf-a"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "a PDF/A file cannot have a password, as PDF/A forbids encryption; leave out one or the other.\n")
        #expect(!FileManager.default.fileExists(atPath: archived.path))
        let missing = try runItinerary(["render", "-o", archived.path, "--password-file", "/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "cannot read the password file /nonexistent: no such file, or no permission.\n")
    }

    @Test func wrongFilesAreOneSentence() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bare = folder.appendingPathComponent("bare.pdf"), text = folder.appendingPathComponent("notes.txt")
        #expect(try runItinerary(["render", "-o", bare.path, "--omit", "source"]).status == 0)
        try Data("hello".utf8).write(to: text)
        let none = try runItinerary(["import", bare.path])
        #expect(none.status == 1)
        #expect(
            none.stderr == "\(bare.path): the PDF carries no trip (it was made without one, or with --omit source).\n")
        let notPDF = try runItinerary(["import", text.path])
        #expect(notPDF.status == 1)
        #expect(notPDF.stderr == "\(text.path): it is not a PDF file.\n")
    }
}
