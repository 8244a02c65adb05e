import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ItineraryKit
import TestSupport
import Testing
@testable import ItineraryService

/// Issue #53 in the service: `format=pkpass&game=ID` answers one Wallet pass, `format=pkpass` the bundle of
/// every game's, signed with the service's Pass Type ID identity (certificates made as the pass tests make them).
@Suite struct PassRouteTests {
    static func identity() throws -> SigningIdentity {
        let folder = try temporaryDirectory()
        let script = Fixtures.packageRoot.appendingPathComponent(
            "Tests/ItineraryPassTests/Scripts/make_certificates.sh")
        let made = try runProcess(URL(fileURLWithPath: "/bin/bash"), [script.path, folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        return try SigningIdentity(
            certificateFile: folder.appendingPathComponent("pass.pem").path,
            keyFile: folder.appendingPathComponent("pass.key").path)
    }

    @Test func onePassOrTheBundle() async throws {
        var settings = Harness.settings
        settings.passIdentity = try Self.identity()
        try await Harness(settings).test { client in
            try await client.execute(
                uri: "/v1/render?format=pkpass&game=nba-2026-03-08-orl-mil", method: .post,
                headers: ServiceRoutesTests.json, body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/vnd.apple.pkpass")
                #expect(
                    response.headers[.contentDisposition]
                        == "attachment; filename=\"spring-swing-2026-nba-2026-03-08-orl-mil.pkpass\"")
                #expect(Array(buffer: response.body).starts(with: [0x50, 0x4B, 0x03, 0x04]))
            }
            try await client.execute(
                uri: "/v1/render?format=pkpass", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/vnd.apple.pkpasses")
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"spring-swing-2026.pkpasses\"")
                let bundle = String(decoding: Array(buffer: response.body), as: UTF8.self)
                #expect(bundle.contains("spring-swing-2026-nhl-2026-03-07-bos-det.pkpass"))
            }
            try await client.execute(
                uri: "/v1/render?format=pkpass&game=nope", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.hasPrefix("the trip has no game \"nope\""))
            }
            let quiet = """
                {"format": "itinerary/v1", "trip": {"id": "t", "name": "Quiet", "startDate": "2026-03-06", \
                "dayCount": 1}, "games": [], "items": []}
                """
            try await client.execute(
                uri: "/v1/render?format=pkpass", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(string: quiet)
            ) { response in
                #expect(response.status == .unprocessableContent)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.contains("no game"))
            }
        }
    }

    @Test func withoutACertificateAPassIsABadRequest() async throws {
        try await Harness().test { client in
            try await client.execute(
                uri: "/v1/render?format=pkpass", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.hasPrefix("format=pkpass needs this service's Pass Type ID"))
            }
        }
    }

    /// A real `itinerary serve`: the identity from the environment's variables, read again by the render
    /// processes that draw the passes; one that cannot sign passes stops the start with exit 64.
    @Test func passesAreDrawnInRenderProcesses() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = Fixtures.packageRoot.appendingPathComponent(
            "Tests/ItineraryPassTests/Scripts/make_certificates.sh")
        #expect(try runProcess(URL(fileURLWithPath: "/bin/bash"), [script.path, folder.path]).status == 0)
        let file = { (name: String) in folder.appendingPathComponent(name).path }
        let server = try Server(
            ["--workers", "1"],
            environment: ["ITINERARY_PASS_CERTIFICATE": file("pass.pem"), "ITINERARY_PASS_KEY": file("pass.key")])
        defer { server.stop() }
        let workers = server.children()
        let command = workers.map { (try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? "" }
        // The pool's one worker; the identity reaches it with each order, never on its command line.
        #expect(
            command.count == 1 && command.allSatisfy { $0.contains("render-worker") && !$0.contains("pass.key") },
            "\(command)")
        let answer = try ServeProcessTests.postNow(
            port: server.port, path: "/v1/render?format=pkpass&game=mlb-2026-03-06-lad-chc",
            body: Data(Fixtures.sampleBytes))
        #expect(answer.status == 200 && answer.body.hasPrefix("PK"), "\(answer.status)")
        let refused = try runItinerary([
            "serve", "--port", "0", "--pass-certificate", file("plain.pem"), "--pass-key", file("pass.key"),
        ])
        #expect(refused.status == 64 && refused.stderr.contains("not a Pass Type ID certificate"), "\(refused.stderr)")
    }
}
