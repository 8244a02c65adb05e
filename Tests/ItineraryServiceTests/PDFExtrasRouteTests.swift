import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ItineraryKit
import TestSupport
import Testing
@testable import ItineraryService

/// Issue #45 in the service: the PDF carries the posted trip, `Itinerary-PDF-Password` locks it,
/// and `subscribe=ID` prints the QR code of the trip's signed feed URL.
@Suite struct PDFExtrasRouteTests {
    @Test func thePDFCarriesTheTripAndAHeaderLocksIt() async throws {
        let harness = Harness()
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=pdf", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                let carried = try CheckedTrip.tripJSON(inPDF: Array(buffer: response.body))
                #expect(carried == Fixtures.sampleBytes)
            }
            var headers = ServiceRoutesTests.json
            headers[HTTPField.Name("Itinerary-PDF-Password")!] = "open sesame"
            try await client.execute(
                uri: "/v1/render?format=pdf", method: .post, headers: headers,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                let pdf = Array(buffer: response.body)
                #expect(throws: Problems.self) { try CheckedTrip(pdf: pdf) }
                let opened = try CheckedTrip(pdf: pdf, password: Array("open sesame".utf8))
                #expect(opened.name == "Spring Swing 2026")
            }
            try await client.execute(
                uri: "/v1/render?format=pdf&pdfA=true", method: .post, headers: headers,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.contains("PDF/A forbids encryption"))
            }
        }
    }

    @Test func subscribeMakesTheSignedFeedURL() async throws {
        var settings = Harness.settings
        settings.tripSource = "http://127.0.0.1:9/trips/{id}"
        settings.feedSecret = Array(repeating: 7, count: 32)
        let secret = settings.feedSecret ?? []
        let feeds = Harness(settings)
        try await feeds.test { client in
            var headers = ServiceRoutesTests.json
            headers[HTTPField.Name("X-Forwarded-Proto")!] = "https"
            headers[HTTPField.Name("X-Forwarded-Host")!] = "trips.example.com"
            try await client.execute(
                uri: "/v1/render?format=html&subscribe=spring-swing", method: .post, headers: headers,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .ok)
                let url = FeedToken.url(id: "spring-swing", secret: secret, base: "https://trips.example.com")
                #expect(String(buffer: response.body).contains("href=\"\(url)\""))
            }
        }
        await feeds.service.source?.shutdown()
        try await Harness().test { client in
            try await client.execute(
                uri: "/v1/render?format=pdf&subscribe=spring-swing", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { response in
                #expect(response.status == .badRequest)
                let problem = try ProblemAnswer(response)
                #expect(problem.detail.hasPrefix("subscribe needs this service's calendar feeds"))
            }
        }
    }
}
