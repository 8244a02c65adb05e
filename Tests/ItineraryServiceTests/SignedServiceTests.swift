import Foundation
import TestSupport
import Testing

/// `itinerary serve` with a signing identity (issue #51): every PDF it draws is signed, from
/// `/v1/render` and from jobs, in its render processes; an identity that cannot sign stops the start.
@Suite(.serialized) struct SignedServiceTests {
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/ItineraryCLITests/Scripts/signing.py")

    /// The test's own certificates (signing.py pki).
    static func pki() throws -> URL {
        let folder = try temporaryDirectory()
        let made = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "pki", folder.path])
        try #require(made.status == 0, "\(made.stderr)")
        return folder
    }

    /// A document fetched with curl into a file.
    static func fetch(_ arguments: [String], port: Int, path: String, to file: URL) throws -> Int {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-s", "--max-time", "60"] + arguments + [
                "-o", file.path, "-w", "%{http_code}", "http://127.0.0.1:\(port)\(path)",
            ])
        return Int(result.stdout) ?? 0
    }

    @Test func everyPDFTheServiceDrawsIsSigned() throws {
        let pki = try Self.pki()
        defer { try? FileManager.default.removeItem(at: pki) }
        let secret = pki.appendingPathComponent("webhook-secret"), trip = pki.appendingPathComponent("trip.json")
        try Data("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw".utf8).write(to: secret)
        try Data(Fixtures.sampleBytes).write(to: trip)
        // The identity from the environment, as a container would give it.
        let server = try Server(
            ["--workers", "1", "--webhook-secret", secret.path],
            environment: [
                "ITINERARY_SIGNING_CERTIFICATE": pki.appendingPathComponent("chain.pem").path,
                "ITINERARY_SIGNING_KEY": pki.appendingPathComponent("signer-encrypted.key").path,
                "ITINERARY_SIGNING_KEY_PASSWORD_FILE": pki.appendingPathComponent("key-password").path,
            ])
        defer { server.stop() }
        #expect(!server.children().isEmpty, "documents are drawn in render processes")
        let body = ["-H", "Content-Type: application/json", "--data-binary", "@" + trip.path]
        let rendered = pki.appendingPathComponent("rendered.pdf")
        #expect(try Self.fetch(body, port: server.port, path: "/v1/render?format=pdf", to: rendered) == 200)
        let submitted = try ServeProcessTests.postNow(
            port: server.port, path: "/v1/jobs?format=pdf&layout=day-sheets", body: Data(Fixtures.sampleBytes))
        #expect(submitted.status == 202, "\(submitted.body)")
        let job = try #require(
            (try JSONSerialization.jsonObject(with: Data(submitted.body.utf8)) as? [String: Any])?["id"] as? String)
        let queued = pki.appendingPathComponent("job.pdf")
        var status = 0
        for _ in 0..<300 where status != 200 {
            status = try Self.fetch([], port: server.port, path: "/v1/jobs/\(job)/document", to: queued)
            if status != 200 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(status == 200)
        for file in [rendered, queued] {
            let verified = try runItinerary(
                ["verify", file.path, "--trust", pki.appendingPathComponent("root.pem").path])
            #expect(verified.status == 0, "\(file.lastPathComponent): \(verified.stderr)")
            #expect(verified.stdout.contains("signer: Alpine Tours\nsigning time: 2026-01-01 00:00:00 UTC\n"))
        }
    }

    @Test func anIdentityThatCannotSignStopsTheStart() throws {
        let pki = try Self.pki()
        defer { try? FileManager.default.removeItem(at: pki) }
        let expired = try runItinerary([
            "serve", "--port", "0", "--signing-certificate", pki.appendingPathComponent("expired.pem").path,
            "--signing-key", pki.appendingPathComponent("expired.key").path,
        ])
        #expect(expired.status == 64)
        #expect(expired.stderr.hasPrefix(pki.appendingPathComponent("expired.pem").path + ": the certificate expired"))
        #expect(expired.stdout.isEmpty)
        let keyAlone = try runItinerary(
            ["serve", "--port", "0"],
            environment: ["ITINERARY_SIGNING_KEY": pki.appendingPathComponent("signer.key").path])
        #expect(keyAlone.status == 64, "\(keyAlone.stderr)")
    }
}
