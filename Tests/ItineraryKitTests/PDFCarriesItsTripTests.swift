import Foundation
import ItineraryKit
import Testing
import TestSupport
import TripGenerator

/// Issue #45: the PDF carries its trip (an attachment), can be locked with a password, and prints a
/// calendar feed's QR code; read back by qpdf, pikepdf, poppler, zbarimg and the PDF checkers.
@Suite(.serialized) struct PDFCarriesItsTripTests {
    static let feed = "https://trips.example.com/v1/feeds/c3ByaW5nLXN3aW5n.9f86d081884c7d659a2feaa0c55ad015.ics"

    static func tool(_ name: String, _ arguments: [String]) throws -> RunResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
    }

    static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// Every fixture and a generated trip come back from their PDF byte for byte, book and day sheets.
    @Test func importGivesBackEveryTripExactly() throws {
        let trips = [
            Fixtures.sampleBytes, Fixtures.bytes("emoji-titles.json"),
            TripGenerator.bytes(days: 14, items: 60, seed: 2026),
        ]
        for bytes in trips {
            let trip = try CheckedTrip(bytes: bytes)
            for layout in [DocumentStyle.book, .daySheets] {
                let pdf = try trip.render(.pdf, options: RenderOptions(layout: layout, creationDate: 1_772_800_000))[0]
                #expect(try CheckedTrip.tripJSON(inPDF: pdf) == bytes)
                #expect(try CheckedTrip(pdf: pdf).name == trip.name)
            }
        }
    }

    /// qpdf lists the attachment and gives back its bytes; pikepdf reads its relationship and type, and
    /// finds it in the catalogue's /AF; the same bytes on every run.
    @Test func theAttachmentIsWhatOtherReadersFind() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = RenderOptions(creationDate: 1_772_800_000)
        let pdf = try CheckedTrip(bytes: Fixtures.sampleBytes).render(.pdf, options: options)[0]
        #expect(try CheckedTrip(bytes: Fixtures.sampleBytes).render(.pdf, options: options)[0] == pdf)
        let file = try Self.write(pdf, "trip.pdf", in: folder)
        let list = try Self.tool("qpdf", ["--list-attachments", file.path])
        #expect(list.stdout.contains("spring-swing-2026.json"), "\(list.stdout)\(list.stderr)")
        let shown = try Self.tool("qpdf", ["--show-attachment=spring-swing-2026.json", file.path])
        #expect(Array(shown.stdout.utf8) == Fixtures.sampleBytes)
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            spec = pdf.Root.AF[0]
            stream = spec.EF.F
            print(spec.AFRelationship, stream.Subtype, spec.UF, len(pdf.attachments))
            """
        let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
        let read = try runProcess(python, ["-c", script, file.path])
        #expect(
            read.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "/Source /application/json spring-swing-2026.json 1", "\(read.stdout)\(read.stderr)")
    }

    /// A copy shared without confirmations and notes carries none anywhere; `source` leaves the trip out.
    @Test func omitAppliesToTheAttachment() throws {
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let shared = try trip.render(.pdf, options: RenderOptions(omit: [.confirmations, .notes]))[0]
        let carried = String(decoding: try CheckedTrip.tripJSON(inPDF: shared), as: UTF8.self)
        #expect(!carried.contains("\"confirmation\"") && !carried.contains("\"notes\""))
        #expect(try CheckedTrip(bytes: Array(carried.utf8)).name == trip.name)
        let bare = try trip.render(.pdf, options: RenderOptions(omit: [.source]))[0]
        #expect(throws: Problem.self) { try CheckedTrip.tripJSON(inPDF: bare) }
        do {
            _ = try CheckedTrip.tripJSON(inPDF: bare)
        } catch {
            #expect(error.code == .noTripInPDF)
            #expect(error.message.hasPrefix("the PDF carries no trip"))
        }
        #expect(throws: Problem.self) { try CheckedTrip.tripJSON(inPDF: Array("{}".utf8)) }
    }

    /// AES-256 (R6) with the accessibility permission; poppler reads the text with the password and
    /// not without; the decrypted copy is PDF/UA-1 to page-validation and outloud.
    @Test func aPasswordLocksThePDF() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.password = (user: Array("open sesame".utf8), owner: Array("owner only".utf8))
        let locked = try CheckedTrip(bytes: Fixtures.sampleBytes).render(.pdf, options: options)[0]
        let file = try Self.write(locked, "locked.pdf", in: folder)
        let encryption = try Self.tool("qpdf", ["--show-encryption", "--password=open sesame", file.path])
        for line in [
            "R = 6", "extract for accessibility: allowed", "print high resolution: allowed",
            "extract for any purpose: allowed", "stream encryption method: AESv3",
        ] {
            #expect(encryption.stdout.contains(line), "\(line): \(encryption.stdout)")
        }
        let owner = try Self.tool("qpdf", ["--show-encryption", "--password=owner only", file.path])
        #expect(owner.stdout.contains("Supplied password is owner password"))
        let text = try Self.tool("pdftotext", ["-upw", "open sesame", file.path, "-"])
        #expect(text.status == 0 && text.stdout.contains("Spring Swing 2026"))
        #expect(try Self.tool("pdftotext", [file.path, "-"]).status != 0)
        #expect(try CheckedTrip(pdf: locked, password: Array("open sesame".utf8)).name == "Spring Swing 2026")
        #expect(throws: Problems.self) { try CheckedTrip(pdf: locked) }
        let decrypted = folder.appendingPathComponent("decrypted.pdf")
        _ = try Self.tool("qpdf", ["--decrypt", "--password=open sesame", file.path, decrypted.path])
        try PDFAccessibilityTests.check([decrypted], pdfA: false)
        // PDF/A forbids encryption: one sentence.
        options.pdfA = true
        #expect(throws: Problem.self) { try options.check() }
    }

    /// With PDF/A the file carrying its trip is PDF/A-3a and PDF/UA-1; with the trip left out, PDF/A-2a.
    @Test func pdfAWithItsTripIsPDFA3a() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let three = try Self.write(try trip.render(.pdf, options: RenderOptions(pdfA: true))[0], "a3.pdf", in: folder)
        var options = RenderOptions(pdfA: true)
        options.omit = [.source]
        let two = try Self.write(try trip.render(.pdf, options: options)[0], "a2.pdf", in: folder)
        let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
        let parts = try runProcess(
            python,
            [
                "-c",
                "import sys, pikepdf\nfor f in sys.argv[1:]: print(pikepdf.open(f).open_metadata().get('pdfaid:part'))",
                three.path, two.path,
            ])
        #expect(parts.stdout.split(separator: "\n") == ["3", "2"], "\(parts.stdout)\(parts.stderr)")
        try PDFAccessibilityTests.check([three, two], pdfA: true)
    }

    /// The feed's QR code scans back from the 144 dpi PNG page, on the book's cover and on the first
    /// day sheet, in a left-to-right and a right-to-left language; in the PDF it is a Figure giving the URL.
    @Test func theQRCodeScansBack() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        for (layout, locale) in [(DocumentStyle.book, "en"), (.daySheets, "ar"), (.book, "ja")] {
            var options = RenderOptions(layout: layout, dpi: 144, locale: locale)
            options.subscribeURL = Self.feed
            let page = try #require(try trip.renderPNGPage(1, options: options).png)
            let file = try Self.write(page, "page-\(locale).png", in: folder)
            let scanned = try Self.tool("zbarimg", ["--quiet", "--raw", file.path])
            #expect(scanned.stdout.trimmingCharacters(in: .newlines) == Self.feed, "\(layout) \(locale): \(scanned)")
        }
        var options = RenderOptions()
        options.subscribeURL = Self.feed
        let alternatives = try PDFAccessibilityTests.figureAlternatives(trip.render(.pdf, options: options)[0])
        #expect(alternatives.first == "QR code of the calendar of this trip: \(Self.feed)", "\(alternatives)")
        let html = String(decoding: try trip.render(.html, options: options)[0], as: UTF8.self)
        #expect(html.contains("role=\"img\" aria-label=\"QR code of the calendar of this trip: \(Self.feed)\""))
        // A URL that is not one, or too long for a code: one sentence.
        options.subscribeURL = "javascript:alert(1)"
        #expect(throws: Problem.self) { try options.check() }
        options.subscribeURL = "https://example.com/" + String(repeating: "a", count: 3_000)
        #expect(throws: Problem.self) { try options.check() }
    }
}
