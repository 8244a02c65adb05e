import Foundation
import TestSupport
import Testing

/// `itinerary render --format pkpass` (issue #53): files named as PNG pages are, and every refusal one
/// sentence with nothing written: 64 for what cannot sign a pass, 1 for a trip without a game.
@Suite struct PassCommandTests {
    static let certificates: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-passes-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = Fixtures.packageRoot.appendingPathComponent(
            "Tests/ItineraryPassTests/Scripts/make_certificates.sh")
        _ = try? runProcess(URL(fileURLWithPath: "/bin/bash"), [script.path, folder.path])
        return folder
    }()

    static func path(_ name: String) -> String { certificates.appendingPathComponent(name).path }

    @Test func onePassAGameNamedAsPNGPagesAre() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("trip.pkpass").path
        let result = try runItinerary([
            "render", "-f", "pkpass", "-o", base, "--pass-certificate", Self.path("pass.pem"), "--pass-key",
            Self.path("pass.key"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            written == [
                "trip-mlb-2026-03-06-lad-chc.pkpass", "trip-nba-2026-03-08-orl-mil.pkpass",
                "trip-nba-2026-03-10-atl-chi.pkpass", "trip-nhl-2026-03-07-bos-det.pkpass",
            ])
        let one = try runItinerary([
            "render", "-f", "pkpasses", "--game", "nhl-2026-03-07-bos-det", "-o", "-", "--pass-certificate",
            Self.path("pass.pem"), "--pass-key", Self.path("encrypted.key"), "--pass-key-password-file",
            Self.path("password.txt"),
        ])
        #expect(one.status == 0 && one.stdoutData.starts(with: [0x50, 0x4B]), "\(one.stderr)")
    }

    /// No certificate, a key that is not the certificate's, an expired certificate, one without UID and OU:
    /// exit 64, one sentence, no file.
    @Test(arguments: [
        ([] as [String], "a Wallet pass is signed"),
        (["--pass-certificate", "pass.pem", "--pass-key", "other.key"], "is not the key of the certificate"),
        (["--pass-certificate", "expired.pem", "--pass-key", "pass.key"], "expired"),
        (["--pass-certificate", "plain.pem", "--pass-key", "pass.key"], "not a Pass Type ID certificate"),
        (["--pass-certificate", "pass.pem"], "go together"),
    ])
    func whatCannotSignIsRefused(_ flags: [String], _ sentence: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = flags.map { $0.hasPrefix("--") ? $0 : Self.path($0) }
        let result = try runItinerary(
            ["render", "-f", "pkpass", "-o", folder.appendingPathComponent("t").path] + paths)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(sentence), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aTripWithoutGamesWritesNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trip = folder.appendingPathComponent("quiet.json")
        let json = """
            {"format": "itinerary/v1", "trip": {"id": "t", "name": "Quiet", "startDate": "2026-03-06", \
            "dayCount": 1}, "games": [], "items": []}
            """
        try Data(json.utf8).write(to: trip)
        let out = folder.appendingPathComponent("out")
        let result = try runItinerary([
            "render", trip.path, "-f", "pkpass", "-o", out.path + "/", "--pass-certificate", Self.path("pass.pem"),
            "--pass-key", Self.path("pass.key"),
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no game"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test func aGameWithoutAPassFormatIsAWrongCall() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("trip.pdf")
        let result = try runItinerary(["render", "-f", "pdf", "--game", "nope", "-o", pdf.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--game picks a Wallet pass: it goes with --format pkpass or pkpasses."))
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        let blank = try runItinerary(["render", "-f", "pkpass", "--game", " ", "-o", folder.path + "/"])
        #expect(blank.status == 64, "\(blank.stderr)")
        #expect(blank.stderr.contains("game takes the id of one of the trip's games."))
    }
}
