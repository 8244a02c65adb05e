import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ItineraryKit
import TestSupport
import Testing
@testable import ItineraryService

/// Issue #50's limits of jobs, in memory: submissions never wait for a render worker, a queued job waits its
/// turn instead of failing, what jobs hold is bounded, passwords are sealed, and a claim that lost its lease
/// writes nothing.
@Suite struct JobLimitsTests {
    static func settings() throws -> ServiceSettings {
        var settings = Harness.settings
        settings.webhookSecret = try WebhookSecret.parse("whsec_" + Data(repeating: 9, count: 32).base64EncodedString())
        return settings
    }

    static func status(_ client: some TestClientProtocol, _ id: String) async throws -> [String: Any] {
        try await client.execute(uri: "/v1/jobs/\(id)", method: .get) { response in
            try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
        }
    }

    static func submit(
        _ client: some TestClientProtocol, _ query: String, headers: HTTPFields = ServiceRoutesTests.json
    ) async throws -> (HTTPResponse.Status, [String: Any]) {
        try await client.execute(
            uri: "/v1/jobs?" + query, method: .post, headers: headers, body: ByteBuffer(bytes: Fixtures.sampleBytes)
        ) { response in
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return (response.status, object ?? [:])
        }
    }

    @Test func aFloodOfRendersNeitherRefusesNorFailsAJob() async throws {
        var settings = try Self.settings()
        settings.workers = 1
        settings.queue = 0
        settings.timeout = 1
        let harness = Harness(settings)
        let runner = Task { await harness.service.jobs?.run() }
        defer { runner.cancel() }
        // Every worker busy for three times the time limit, and no room in the queue.
        let busy = Task {
            await harness.service.gate.run(until: .now + .seconds(10)) { Thread.sleep(forTimeInterval: 3) }
        }
        try await Task.sleep(for: .milliseconds(200))
        try await harness.test { client in
            try await client.execute(
                uri: "/v1/render?format=md", method: .post, headers: ServiceRoutesTests.json,
                body: ByteBuffer(bytes: Fixtures.sampleBytes)
            ) { #expect($0.status == .tooManyRequests) }
            let (status, job) = try await Self.submit(client, "format=md")
            #expect(status == .accepted)
            let id = try #require(job["id"] as? String)
            var last: [String: Any] = [:]
            for _ in 0..<100 {
                last = try await Self.status(client, id)
                if last["status"] as? String == "delivered" || last["status"] as? String == "failed" { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(last["status"] as? String == "delivered", "\(last)")
        }
        _ = await busy.value
    }

    @Test func whatJobsHoldIsBoundedAndAStatusPollReadsNoDocument() async throws {
        var settings = try Self.settings()
        settings.maxJobStorage = Fixtures.sampleBytes.count + 10
        let harness = Harness(settings)
        let store = try #require(harness.service.jobs?.store)
        try await harness.test { client in
            // The jobs' loops start once both are submitted: the first job holds its trip while the second comes.
            let (first, job) = try await Self.submit(client, "format=pdf")
            #expect(first == .accepted)
            let (second, problem) = try await Self.submit(client, "format=md")
            #expect(second == .tooManyRequests)
            #expect(problem["type"] as? String == "urn:itinerary:problem:jobs-storage-full")
            let runner = Task { await harness.service.jobs?.run() }
            defer { runner.cancel() }
            let id = try #require(job["id"] as? String)
            var last: [String: Any] = [:]
            for _ in 0..<100 {
                last = try await Self.status(client, id)
                if last["status"] as? String == "failed" || last["status"] as? String == "delivered" { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            // The PDF is larger than the room left: not kept, and the job says why.
            #expect(last["status"] as? String == "failed", "\(last)")
            #expect((last["error"] as? String)?.contains("--max-job-storage") == true, "\(last)")
            #expect(try await store.storedBytes() == 0)
            let (third, made) = try await Self.submit(client, "format=md")
            #expect(third == .accepted)
            let small = try #require(made["id"] as? String)
            for _ in 0..<100 {
                if try await Self.status(client, small)["status"] as? String == "delivered" { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let polled = try #require(try await store.job(small, owner: ""))
            #expect(polled.document == nil && polled.trip.isEmpty)
            let held = try await store.storedBytes()
            let fetched = try #require(try await store.jobWithDocument(small, owner: "")?.document)
            #expect(held == fetched.count)
        }
    }

    @Test func passwordsAreSealedAndOpenedOnlyForTheirJob() throws {
        let secrets = JobSecrets(
            webhookSecret: try WebhookSecret.parse("whsec_" + Data(repeating: 9, count: 32).base64EncodedString()))
        let order = RenderOrder(query: [["format", "pdf"]], password: "open sesame", ownerPassword: "owner")
        let sealed = try secrets.seal(order, job: "job_1")
        #expect(sealed.order.password == nil && sealed.order.ownerPassword == nil)
        let stored = try #require(sealed.sealed)
        let encoded = try JSONEncoder().encode(sealed.order)
        #expect(!Data(stored).containsText("open sesame") && !encoded.containsText("open"))
        var job = JobRecord(
            id: "job_1", owner: "", order: sealed.order, trip: [], sealedPasswords: stored, callback: nil,
            created: Date(),
            expires: Date())
        #expect(try secrets.open(job).password == "open sesame")
        // Moved to another job, or sealed under another secret, it does not open.
        job = JobRecord(
            id: "job_2", owner: "", order: sealed.order, trip: [], sealedPasswords: stored, callback: nil,
            created: Date(),
            expires: Date())
        #expect(throws: JobSecretProblem.self) { try secrets.open(job) }
        let fingerprint = secrets.fingerprint(order: order, callback: nil, trip: [1, 2])
        #expect(fingerprint.count == 64)
        var other = order
        other.password = "another"
        #expect(secrets.fingerprint(order: other, callback: nil, trip: [1, 2]) != fingerprint)
    }

    @Test func aClaimThatLostItsLeaseWritesNothing() async throws {
        let store = MemoryJobStore()
        let job = JobRecord(
            id: "job_1", owner: "", order: RenderOrder(query: [["format", "md"]]), trip: [1, 2, 3],
            sealedPasswords: nil,
            callback: "http://example.com/", created: Date(), expires: Date().addingTimeInterval(60))
        _ = await store.submit(job, idempotency: nil, storageLimit: 1 << 20)
        let claim = try #require(await store.claimRender(lease: 60))
        let header = RenderedDocument.Header(pages: nil, name: "a.md", language: "en")
        #expect(
            await store.rendered(
                "job_1", token: "another", result: .document(header, mediaType: "text/markdown"), document: [1],
                storageLimit: 1 << 20) == false)
        #expect(await store.renew("job_1", token: "another", lease: 60) == false)
        #expect(await store.renew("job_1", token: claim.token, lease: 60))
        #expect(
            await store.rendered(
                "job_1", token: claim.token, result: .document(header, mediaType: "text/markdown"), document: [1],
                storageLimit: 1 << 20))
        let first = try #require(await store.claimDelivery(lease: 0))
        // Its lease ran out: another worker claims it, and the first one's late answer is dropped.
        let second = try #require(await store.claimDelivery(lease: 60))
        #expect(second.token != first.token)
        #expect(await store.attempted("job_1", token: first.token, outcome: .failed(error: "late")) == false)
        #expect(await store.attempted("job_1", token: second.token, outcome: .delivered(at: Date())))
        #expect(await store.job("job_1", owner: "")?.status == .delivered)
    }
}

extension Data {
    fileprivate func containsText(_ text: String) -> Bool {
        String(decoding: self, as: UTF8.self).contains(text)
    }
}
