import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ItineraryKit
import TestSupport
import Testing
@testable import ItineraryService

/// Issue #50, played as an attacker would: no key, a wrong one, another scheme, a key out of its scope, a
/// revoked key, another key's job, and the keys file's every mistake.
@Suite struct AccessTests {
    /// Three callers: one that renders, one that queues jobs and mints feed links, and the operator's scraper.
    static let keys: [(name: String, scopes: Set<KeyScope>, key: String)] = [
        ("renderer", [.render], "itk_renderer-key-0000000000000000000000000000000"),
        ("jobber", [.jobs, .subscribe], "itk_jobber-key-00000000000000000000000000000000"),
        ("scraper", [.metrics], "itk_scraper-key-0000000000000000000000000000000"),
    ]

    static func file() -> String {
        keys.map { ApiKeyFile.line(name: $0.name, scopes: $0.scopes, key: $0.key) }.joined(separator: "\n")
    }

    static func settings() throws -> ServiceSettings {
        var settings = Harness.settings
        settings.apiKeys = try ApiKeyFile.parse("# the test's keys\n\n" + file() + "\n", path: "keys")
        settings.webhookSecret = try WebhookSecret.parse("whsec_" + Data(repeating: 9, count: 32).base64EncodedString())
        return settings
    }

    static func headers(_ key: String?, json: Bool = true) -> HTTPFields {
        var headers: HTTPFields = json ? ServiceRoutesTests.json : [:]
        if let key { headers[.authorization] = "Bearer " + key }
        return headers
    }

    static let sample = ByteBuffer(bytes: Fixtures.sampleBytes)

    @Test func everyRouteButThePublicOnesNeedsAKnownKeyWithItsScope() async throws {
        var settings = try Self.settings()
        settings.tripSource = "http://127.0.0.1:9/trips/{id}"
        settings.feedSecret = Array(repeating: 7, count: 32)
        let harness = Harness(settings)
        let (renderer, jobber, scraper) = (Self.keys[0].key, Self.keys[1].key, Self.keys[2].key)
        try await harness.test { client in
            // Probes, the contract and a feed's own token need no key.
            for path in ["/health", "/openapi.yaml"] {
                try await client.execute(uri: path, method: .get) { #expect($0.status == .ok, "\(path)") }
            }
            try await client.execute(uri: "/ready", method: .get) { #expect($0.status != .unauthorized) }
            try await client.execute(uri: "/v1/feeds/nothing.ics", method: .get) { #expect($0.status == .notFound) }
            // No key, another scheme, a malformed header and a key nobody was given: 401, with the challenge.
            let refused: [(String?, String)] = [
                (nil, "no-key"), ("Basic cmVuZGVyZXI6a2V5", "unknown-key"), ("Bearer", "unknown-key"),
                ("Bearer itk_guessed", "unknown-key"), ("Bearer \(renderer)x", "unknown-key"),
                ("Bearer " + renderer.dropLast(), "unknown-key"), ("Bearer \(renderer) \(renderer)", "unknown-key"),
            ]
            for (authorization, name) in refused {
                var headers = ServiceRoutesTests.json
                if let authorization { headers[.authorization] = authorization }
                try await client.execute(
                    uri: "/v1/render?format=md", method: .post, headers: headers, body: Self.sample
                ) {
                    response in
                    #expect(response.status == .unauthorized, "\(authorization ?? "none")")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer realm=\"itinerary\"") == true)
                    let problem = try ProblemAnswer(response)
                    #expect(problem.type == "urn:itinerary:problem:" + name)
                }
            }
            // The scheme's name in any case (RFC 9110), and the key's own scope.
            var lower = ServiceRoutesTests.json
            lower[.authorization] = "bearer " + renderer
            try await client.execute(uri: "/v1/render?format=md", method: .post, headers: lower, body: Self.sample) {
                #expect($0.status == .ok)
            }
            try await client.execute(
                uri: "/v1/validate", method: .post, headers: Self.headers(renderer), body: Self.sample
            ) { #expect($0.status == .ok) }
            // Known keys out of their scope: 403, naming the scope.
            let outOfScope: [(String, HTTPRequest.Method, String, String)] = [
                (jobber, .post, "/v1/render?format=md", "render"), (scraper, .post, "/v1/validate", "render"),
                (renderer, .post, "/v1/jobs?format=md", "jobs"), (renderer, .get, "/v1/jobs/job_1", "jobs"),
                (renderer, .get, "/metrics", "metrics"),
                (renderer, .post, "/v1/render?format=md&subscribe=spring-swing", "subscribe"),
            ]
            for (key, method, uri, scope) in outOfScope {
                try await client.execute(uri: uri, method: method, headers: Self.headers(key), body: Self.sample) {
                    response in
                    #expect(response.status == .forbidden, "\(uri)")
                    #expect(response.headers[.wwwAuthenticate]?.contains("scope=\"\(scope)\"") == true, "\(uri)")
                }
            }
            try await client.execute(uri: "/metrics", method: .get, headers: Self.headers(scraper)) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/v1/themes", method: .get, headers: Self.headers(scraper)) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/v1/themes", method: .get) { #expect($0.status == .unauthorized) }
            // subscribe= needs its own scope, on a job too.
            try await client.execute(
                uri: "/v1/jobs?format=md&subscribe=spring-swing", method: .post, headers: Self.headers(jobber),
                body: Self.sample
            ) { #expect($0.status == .accepted) }
        }
        await harness.service.source?.shutdown()
        // Logs name the key's name, never the key.
        let lines = harness.logLines().filter { $0["message"] as? String == "request" }
        #expect(lines.contains { $0["key"] as? String == "renderer" })
        #expect(!harness.allLogText.contains(renderer) && !harness.allLogText.contains(jobber))
    }

    @Test func aJobIsSeenOnlyByTheKeyThatMadeIt() async throws {
        var settings = try Self.settings()
        settings.apiKeys = try ApiKeyFile.parse(
            Self.file() + "\n" + ApiKeyFile.line(name: "other", scopes: [.jobs], key: "itk_other-key-000000000000000"),
            path: "keys")
        let harness = Harness(settings)
        let jobber = Self.keys[1].key, other = "itk_other-key-000000000000000"
        try await harness.test { client in
            var headers = Self.headers(jobber)
            headers[HTTPField.Name("Idempotency-Key")!] = "book-1"
            let id = try await client.execute(
                uri: "/v1/jobs?format=md", method: .post, headers: headers, body: Self.sample
            ) { response in
                #expect(response.status == .accepted)
                return try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])["id"]
                    as? String ?? ""
            }
            try await client.execute(uri: "/v1/jobs/\(id)", method: .get, headers: Self.headers(jobber)) {
                #expect($0.status == .ok)
            }
            for path in ["/v1/jobs/\(id)", "/v1/jobs/\(id)/document"] {
                try await client.execute(uri: path, method: .get, headers: Self.headers(other)) { response in
                    #expect(response.status == .notFound, "\(path)")
                }
            }
            // The same Idempotency-Key from another key is another key's: a job of its own, not the first.
            var otherHeaders = Self.headers(other)
            otherHeaders[HTTPField.Name("Idempotency-Key")!] = "book-1"
            try await client.execute(uri: "/v1/jobs?format=md", method: .post, headers: otherHeaders, body: Self.sample)
            { response in
                #expect(response.status == .accepted)
                #expect(!String(buffer: response.body).contains(id))
            }
            try await client.execute(uri: "/v1/jobs?format=md", method: .post, headers: headers, body: Self.sample) {
                response in
                #expect(response.status == .accepted)
                #expect(String(buffer: response.body).contains(id))
            }
        }
    }

    @Test func aRevokedKeyIsRefusedOnceTheFileIsReadAgainAndABrokenFileKeepsTheKeys() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("keys").path
        try Self.file().write(toFile: path, atomically: true, encoding: .utf8)
        var settings = try Self.settings()
        settings.apiKeys = try ApiKeyFile.read(path)
        settings.apiKeysPath = path
        let harness = Harness(settings)
        let renderer = Self.keys[0].key
        let keys = try #require(harness.service.keys)
        try await harness.test { client in
            func status() async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/v1/validate", method: .post, headers: Self.headers(renderer), body: Self.sample
                ) { $0.status }
            }
            #expect(try await status() == .ok)
            try "renderer render sha256:0000\n".write(toFile: path, atomically: true, encoding: .utf8)
            guard case .failure(let problem) = keys.reload() else {
                Issue.record("a broken file was taken")
                return
            }
            #expect(problem.line == 1)
            #expect(try await status() == .ok)
            try Self.keys.dropFirst().map { ApiKeyFile.line(name: $0.name, scopes: $0.scopes, key: $0.key) }
                .joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            guard case .success(let count) = keys.reload() else {
                Issue.record("a good file was refused")
                return
            }
            #expect(count == 2)
            #expect(try await status() == .unauthorized)
        }
    }

    @Test func theKeysFileSaysWhichLineIsWrong() throws {
        let good = ApiKeyFile.line(name: "app", scopes: [.render], key: "k")
        let hash = String(good.split(separator: " ")[2])
        let cases: [(String, Int, String)] = [
            ("app render", 1, "three fields"),
            ("# comment\n\napp render,nope \(hash)", 3, "\"nope\" is not a scope"),
            ("app render sha256:\(String(repeating: "A", count: 64))", 1, "64 lowercase hex digits"),
            ("app render \(hash.dropFirst(7))", 1, "sha256:"),
            ("app render sha256:abc", 1, "64 lowercase hex"),
            ("a/b render \(hash)", 1, "name"),
            ("\(good)\nother jobs \(hash)", 2, "already the key of app"),
        ]
        for (text, line, words) in cases {
            #expect(throws: KeyFileProblem.self) { try ApiKeyFile.parse(text, path: "keys.txt") }
            do {
                _ = try ApiKeyFile.parse(text, path: "keys.txt")
            } catch {
                #expect(error.line == line, "\(text)")
                #expect(error.description.hasPrefix("keys.txt:\(line): "), "\(error)")
                #expect(error.description.contains(words), "\(error)")
            }
        }
        let rotated = ApiKeyFile.line(name: "x", scopes: [.render], key: "k2").split(separator: " ")[2]
        let file = try ApiKeyFile.parse("  # keys\n\(good)\nrotated * \(rotated)\n", path: "k")
        #expect(file.keys.map(\.name) == ["app", "rotated"])
        #expect(file.keys[1].scopes == Set(KeyScope.allCases))
        let made = ApiKeyFile.newKey(name: "app", scopes: [.render, .jobs])
        #expect(made.key.hasPrefix("itk_") && made.key.utf8.count == 47)
        #expect(made.line.hasPrefix("app jobs,render sha256:"))
        #expect(ApiKeys(path: "", file: try ApiKeyFile.parse(made.line, path: "k")).key(for: made.key)?.name == "app")
    }

    @Test func theOwnerPasswordAloneIsRefusedAndPublicURLMakesTheLinks() async throws {
        var settings = Harness.settings
        settings.webhookSecret = try WebhookSecret.parse("whsec_" + Data(repeating: 9, count: 32).base64EncodedString())
        settings.tripSource = "http://127.0.0.1:9/trips/{id}"
        settings.feedSecret = Array(repeating: 7, count: 32)
        settings.publicURL = "https://trips.example.com/itinerary"
        let secret = settings.feedSecret ?? []
        let harness = Harness(settings)
        try await harness.test { client in
            var headers = ServiceRoutesTests.json
            headers[HTTPField.Name("Itinerary-PDF-Owner-Password")!] = "owner"
            try await client.execute(uri: "/v1/render?format=pdf", method: .post, headers: headers, body: Self.sample) {
                response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.contains("needs Itinerary-PDF-Password"))
            }
            // A forwarded host is not believed once the public URL is set.
            var forwarded = ServiceRoutesTests.json
            forwarded[HTTPField.Name("X-Forwarded-Host")!] = "evil.example"
            forwarded[HTTPField.Name("X-Forwarded-Proto")!] = "http"
            try await client.execute(
                uri: "/v1/render?format=html&subscribe=spring-swing", method: .post, headers: forwarded,
                body: Self.sample
            ) { response in
                let url = FeedToken.url(id: "spring-swing", secret: secret, base: "https://trips.example.com/itinerary")
                #expect(String(buffer: response.body).contains("href=\"\(url)\""))
                #expect(!String(buffer: response.body).contains("evil.example"))
            }
            try await client.execute(uri: "/v1/jobs?format=md", method: .post, headers: forwarded, body: Self.sample) {
                response in
                #expect(
                    response.headers[.location]?.hasPrefix("https://trips.example.com/itinerary/v1/jobs/job_") == true)
            }
        }
        await harness.service.source?.shutdown()
    }

    @Test func settingsThatWouldOpenTheDoorAreRefused() {
        #expect(ServiceSettings.isLoopback("127.0.0.1") && ServiceSettings.isLoopback("::1"))
        #expect(ServiceSettings.isLoopback("localhost") && ServiceSettings.isLoopback("127.9.9.9"))
        for host in ["0.0.0.0", "::", "10.0.0.1", "example.com", "::ffff:0.0.0.0"] {
            #expect(!ServiceSettings.isLoopback(host), "\(host)")
        }
        for url in ["ftp://x", "https://", "https://x/?q=1", "https://u:p@x", "x.example.com"] {
            #expect(ServiceSettings.publicURLProblem(url) != nil, "\(url)")
        }
        #expect(ServiceSettings.publicURLProblem("https://trips.example.com/itinerary") == nil)
        let jobs: [(String, String)] = [
            ("postgres://u:p@ss@db/jobs", "%40"), ("postgres:///jobs", "no host"), ("postgres://u:p%zz@db/jobs", "%25"),
            ("mysql://db/jobs", "postgres://"), ("postgres://db:99999/jobs", "port"),
            ("postgres://db/jobs?sslmode=maybe", "sslmode"),
        ]
        for (url, words) in jobs {
            let problem = ServiceSettings.jobsDatabaseProblem(url)
            #expect(problem?.contains(words) == true, "\(url): \(problem ?? "taken")")
        }
        #expect(ServiceSettings.jobsDatabaseProblem("postgres://u:p%40ss@db:5433/jobs?sslmode=disable") == nil)
        #expect(ServiceSettings.jobsDatabaseProblem("postgres://u@localhost/jobs?host=/run/postgresql") == nil)
    }
}

/// The start refuses what would open the door, with one sentence and exit 64, before it listens.
@Suite struct AccessStartTests {
    @Test func serveRefusesToStartOpenOrOnABrokenFile() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("keys.txt")
        try Data("# keys\napp render sha256:nothex\n".utf8).write(to: broken)
        let cases: [([String], String)] = [
            (["--host", "0.0.0.0"], "--api-keys"),
            (["--api-keys", broken.path], "\(broken.path):2: "),
            (["--api-keys", folder.appendingPathComponent("none").path], "cannot be read"),
            (["--jobs", "postgres://u:p@ss@db/jobs"], "%40"),
            (["--jobs", "postgres:///jobs"], "no host"),
            (["--public-url", "https://x.example/?a=1"], "--public-url"),
            (["--max-job-storage", "12X"], "--max-job-storage"), (["--max-job-storage=-1k"], "--max-job-storage"),
        ]
        for (arguments, words) in cases {
            let run = try runItinerary(["serve", "--port", "0"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("itinerary serve: ") && run.stderr.contains(words), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }
}

extension Harness {
    /// Every log line as text, to look for what must never be there.
    var allLogText: String {
        logLines().map { String(describing: $0) }.joined(separator: "\n")
    }
}
