import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ItineraryKit
import Logging
import Synchronization
import TestSupport
import Testing
@testable import ItineraryService

/// The routes in process, through Hummingbird's router test client: what a
/// client sends and what it gets back, byte for byte where it matters.
@Suite struct ServiceRoutesTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test func rendersTheSameBytesAsTheLibrary() async throws {
        let harness = Harness()
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let options = RenderOptions(creationDate: Harness.epoch)
        try await harness.test { client in
            for format in [OutputFormat.pdf, .html, .md, .ics, .gpx] {
                try await client.execute(
                    uri: "/v1/render?format=\(format.rawValue)", method: .post, headers: Self.json,
                    body: ByteBuffer(bytes: Fixtures.sampleBytes)
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == format.mediaType)
                    #expect(
                        response.headers[.contentDisposition]
                            == "attachment; filename=\"spring-swing-2026.\(format.rawValue)\"")
                    let expected = try trip.render(format, options: options)[0]
                    #expect(Array(buffer: response.body) == expected, "\(format)")
                }
            }
        }
    }

    @Test func pngIsOnePageWithThePageCount() async throws {
        let harness = Harness()
        let pages = try CheckedTrip(bytes: Fixtures.sampleBytes).render(
            .png, options: RenderOptions(dpi: 36, creationDate: Harness.epoch))
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=png&dpi=36&page=2", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.pageCount] == String(pages.count))
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"spring-swing-2026-2.png\"")
                #expect(Array(buffer: response.body) == pages[1])
            }
            try await client.execute(
                uri: "/v1/render?format=png&page=99", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail == "page 99 is past the last page (\(pages.count)).")
            }
        }
    }

    @Test func optionsReachTheDocument() async throws {
        let harness = Harness()
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let options = RenderOptions(
            layout: .daySheets, pageSize: .a4, creationDate: Harness.epoch, omit: [.notes, .confirmations])
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=html&layout=day-sheets&pageSize=a4&omit=notes,confirmations", method: .post,
                headers: Self.json, body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                let expected = try trip.render(.html, options: options)[0]
                #expect(Array(buffer: response.body) == expected)
            }
        }
    }

    @Test func theLanguageIsTheQuerysThenAcceptLanguagesThenTheTrips() async throws {
        let harness = Harness()
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        let cases: [(query: String, accept: String?, language: String)] = [
            ("locale=de-AT", "ja", "de-AT"),
            ("", "fr-CH;q=0.8, ja, *;q=0.1", "ja"),
            ("", "sw, he;q=0.3, pl;q=0.6", "pl"),
            ("", "xx, ;;q=oops, *", "en-US"),
            ("", nil, "en-US"),
        ]
        try await harness.test { client in
            for (query, accept, language) in cases {
                var headers = Self.json
                if let accept { headers[.acceptLanguage] = accept }
                try await client.execute(
                    uri: "/v1/render?format=md&" + query, method: .post, headers: headers,
                    body: ByteBuffer(bytes: Fixtures.sampleBytes)
                ) { response in
                    #expect(response.status == .ok, "\(query) \(accept ?? "")")
                    #expect(response.headers[.contentLanguage] == language)
                    let expected = try trip.render(
                        .md, options: RenderOptions(creationDate: Harness.epoch, locale: language))[0]
                    #expect(Array(buffer: response.body) == expected, "\(language)")
                }
            }
            try await client.execute(
                uri: "/v1/render?locale=sw", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("the languages are ar, de, en"))
            }
        }
    }

    @Test func servesTwoThemesAtOnce() async throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/themes").path
        let themes = [
            "northwind": try Theme(contentsOf: folder + "/northwind.json"),
            "harbor": try Theme(contentsOf: folder + "/harbor.json"),
        ]
        var settings = Harness.settings
        settings.themes = themes
        let harness = Harness(settings)
        let trip = try CheckedTrip(bytes: Fixtures.sampleBytes)
        try await harness.test { client in
            try await client.execute(uri: "/v1/themes", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains("\"id\":\"harbor\"") && body.contains("\"name\":\"Northwind Trips\""), "\(body)")
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for name in ["northwind", "harbor", "northwind", "harbor"] {
                    group.addTask {
                        try await client.execute(
                            uri: "/v1/render?format=html&theme=\(name)", method: .post, headers: Self.json,
                            body: ByteBuffer(bytes: Fixtures.sampleBytes)
                        ) { response in
                            #expect(response.status == .ok)
                            let expected = try trip.render(
                                .html, options: RenderOptions(creationDate: Harness.epoch, theme: themes[name]))[0]
                            #expect(Array(buffer: response.body) == expected, "\(name)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await client.execute(
                uri: "/v1/render?theme=../../etc/passwd", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("the themes are harbor, northwind."))
            }
        }
    }

    @Test func validateGivesTheCountsOfTheCommandLine() async throws {
        let harness = Harness()
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/validate", method: .post, headers: Self.json, body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                let summary = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(summary["summary"] as? String == "5 days, 4 games, 3 travel, 9 custom items, 3 cities, 755 mi")
                #expect(
                    summary["games"] as? Int == 4 && summary["days"] as? Int == 5 && summary["valid"] as? Bool == true)
            }
        }
    }

    /// Every file the command line refuses gets a 4xx problem+json with the
    /// command line's sentences, and the server goes on answering.
    @Test func refusedFilesGetTheCommandLinesSentences() async throws {
        let harness = Harness()
        let files =
            Fixtures.invalidNames.map { "invalid/\($0).json" }
            + (try FileManager.default.contentsOfDirectory(
                atPath: Fixtures.directory.appendingPathComponent("malformed").path
            )
            .filter { $0.hasSuffix(".json") }.map { "malformed/" + $0 })
        #expect(files.count > 20)
        try await harness.test { client in
            for file in files.sorted() {
                let path = Fixtures.directory.appendingPathComponent(file).path
                let cli = try runItinerary(["validate", path])
                #expect(cli.status == 1, "\(file)")
                let sentences = cli.stderr.split(separator: "\n").map { String($0.dropFirst(path.count + 2)) }
                for route in ["/v1/validate", "/v1/render?format=pdf"] {
                    try await client.execute(
                        uri: route, method: .post, headers: Self.json, body: ByteBuffer(bytes: Fixtures.bytes(file))
                    ) { response in
                        #expect([400, 422].contains(response.status.code), "\(file) \(route)")
                        #expect(response.headers[.contentType] == "application/problem+json")
                        let problem = try ProblemAnswer(response)
                        #expect(problem.messages == sentences, "\(file) \(route)")
                        #expect(problem.status == Int(response.status.code))
                    }
                }
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func wrongRequestsGetAProblemEach() async throws {
        let harness = Harness()
        let body = ByteBuffer(bytes: Fixtures.sampleBytes)
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render", method: .post, headers: [.contentType: "text/plain"], body: body
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail == "the body must be application/json, not text/plain.")
            }
            try await client.execute(uri: "/v1/render", method: .post, body: body) { response in
                #expect(response.status == .unsupportedMediaType)
            }
            try await client.execute(
                uri: "/v1/render", method: .post, headers: [.contentType: "application/json; charset=utf-8"], body: body
            ) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/v1/render?format=docx", method: .post, headers: Self.json, body: body) {
                response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(
                    problem.detail == "unknown format \"docx\"; choose pdf, png, html, md, ics, gpx, kml or geojson.")
            }
            try await client.execute(
                uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(string: "{\"format\": ")
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.type == "urn:itinerary:problem:not-json")
            }
            try await client.execute(uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer()) {
                response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/v1/validate?format=pdf", method: .post, headers: Self.json, body: body) {
                response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/v1/render", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            try await client.execute(uri: "/v2/render", method: .post, headers: Self.json, body: body) { response in
                #expect(response.status == .notFound)
                let problem = try ProblemAnswer(response)
                #expect(problem.status == 404)
            }
        }
    }

    @Test func aBodyOverTheLimitIsRefused() async throws {
        var settings = Harness.settings
        settings.maxBody = 1000
        let harness = Harness(settings)
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.headers[.connection] == "close")
                let problem = try ProblemAnswer(response)
                #expect(problem.detail == "the body is larger than the limit of 1000 bytes.")
            }
        }
        #expect(
            harness.service.metrics.exposition(load: .init()).containsText(
                "itinerary_rejections_total{reason=\"body-too-large\"} 1"))
    }

    @Test func requestIDsAreKeptOrMadeAndLogged() async throws {
        let harness = Harness()
        let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=md", method: .post,
                headers: [
                    .contentType: "application/json", .requestID: "trip-export-42",
                    HTTPField.Name("traceparent")!: trace,
                ],
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.headers[.requestID] == "trip-export-42")
            }
            try await client.execute(
                uri: "/health", method: .get, headers: [.requestID: String(repeating: "x", count: 300)]
            ) { response in
                let made = response.headers[.requestID] ?? ""
                #expect(made.count == 36 && made != String(repeating: "x", count: 300))
            }
        }
        let lines = harness.logLines()
        let render = try #require(lines.first { $0["request_id"] as? String == "trip-export-42" })
        #expect(render["message"] as? String == "request")
        #expect(render["route"] as? String == "/v1/render")
        #expect(render["format"] as? String == "md")
        #expect(render["status"] as? Int == 200)
        #expect((render["bytes"] as? Int ?? 0) > 1000)
        #expect(render["ms"] is Double || render["ms"] is Int)
        #expect(render["traceparent"] as? String == trace)
        #expect(render["trace_id"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(render["method"] as? String == "POST")
    }

    @Test func metricsCountRequestsByRouteFormatAndStatus() async throws {
        let harness = Harness()
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=ics", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { _ in }
            try await client.execute(
                uri: "/v1/render?format=ics", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { _ in }
            try await client.execute(
                uri: "/v1/validate", method: .post, headers: Self.json,
                body: ByteBuffer(bytes: Fixtures.bytes("invalid/duplicate-id.json"))
            ) { _ in }
            // Issue #34: a GET of /v1/render is a 405 with no format, not a PDF render.
            try await client.execute(uri: "/v1/render", method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(
                    text.contains(
                        "itinerary_http_requests_total{route=\"/v1/render\",format=\"none\",status=\"405\"} 1"),
                    "\(text)")
                #expect(!text.contains("format=\"pdf\",status=\"405\""))
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                #expect(
                    text.contains("itinerary_http_requests_total{route=\"/v1/render\",format=\"ics\",status=\"200\"} 2")
                )
                #expect(
                    text.contains(
                        "itinerary_http_requests_total{route=\"/v1/validate\",format=\"none\",status=\"422\"} 1"))
                #expect(
                    text.contains(
                        "itinerary_http_request_duration_seconds_bucket"
                            + "{route=\"/v1/render\",format=\"ics\",le=\"+Inf\"} 2"))
                #expect(text.contains("itinerary_renders_in_flight 0"))
                #expect(text.contains("itinerary_render_queue_depth 0"))
                #expect(text.contains("process_resident_memory_bytes "))
            }
        }
    }

    @Test func readyOnlyAfterTheWarmUpAndUntilTheDrain() async throws {
        let harness = Harness()
        try await harness.test { client in
            try await client.execute(uri: "/ready", method: .get) { #expect($0.status == .serviceUnavailable) }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            await harness.service.warmUp()
            try await client.execute(uri: "/ready", method: .get) { #expect($0.status == .ok) }
            harness.service.gate.drain()
            try await client.execute(uri: "/ready", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let problem = try ProblemAnswer(response)
                #expect(problem.type == "urn:itinerary:problem:draining")
            }
            try await client.execute(
                uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func openAPIDocumentHoldsTheSchema() async throws {
        let harness = Harness()
        try await harness.test { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/yaml")
                let text = String(buffer: response.body)
                #expect(text.hasPrefix("openapi: 3.1.0\n"))
                #expect(text.contains("\n    Itinerary: {\""))
                #expect(text.contains("\"$ref\": \"#/components/schemas/Itinerary/$defs/trip\""))
                #expect(!text.contains("\"$id\"") && !text.contains("\"$schema\""))
                #expect(!text.contains("ITINERARY_"))
            }
        }
    }
}

// MARK: Support

/// A service with a capturing log, and the settings tests use.
struct Harness {
    static let epoch = 1_767_225_600
    static var settings: ServiceSettings {
        var settings = ServiceSettings()
        settings.port = 0
        settings.creationDate = epoch
        return settings
    }

    let service: RenderService
    private let lines: LineCollector

    init(_ settings: ServiceSettings = Harness.settings) {
        let lines = LineCollector()
        self.lines = lines
        let sink = JSONLogHandler.Sink { lines.append($0) }
        service = RenderService(
            settings: settings, logger: Logger(label: "test") { JSONLogHandler(label: $0, sink: sink) }, store: nil)
    }

    func test(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await service.application().test(.router, body)
    }

    func logLines() -> [[String: Any]] {
        lines.all.compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
    }
}

final class LineCollector: Sendable {
    private let lines = Mutex<[[UInt8]]>([])
    func append(_ line: [UInt8]) { lines.withLock { $0.append(line) } }
    var all: [[UInt8]] { lines.withLock { $0 } }
}

/// A problem+json answer, read.
struct ProblemAnswer {
    let type: String
    let status: Int
    let detail: String
    let messages: [String]

    init(_ response: TestResponse) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        type = object["type"] as? String ?? ""
        status = object["status"] as? Int ?? 0
        detail = object["detail"] as? String ?? ""
        messages = (object["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }
}

extension Array where Element == UInt8 {
    init(buffer: ByteBuffer) { self = Array(buffer.readableBytesView) }

    func containsText(_ text: String) -> Bool {
        String(decoding: self, as: UTF8.self).contains(text)
    }
}

extension Data {
    init(buffer: ByteBuffer) { self.init(buffer.readableBytesView) }
}
