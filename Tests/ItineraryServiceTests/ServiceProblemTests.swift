import Foundation
import HTTPTypes
import ItineraryKit
import TestSupport
import Testing
@testable import ItineraryService

/// A refused itinerary's problems are the library's `Problem`, written in the members the
/// service has always answered with (the OpenAPI schema's), and read back equal from the
/// `ServiceProblem.Wire` a render process sends; every request is labelled by its `ServiceRoute`.
@Suite struct ServiceProblemTests {
    /// The problems of a document the library refuses, or nil when it reads it.
    static func problems(_ bytes: [UInt8]) -> Problems? {
        do throws(Problems) {
            _ = try CheckedTrip(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    static let refused: [[UInt8]] = [
        Array("{\n  \"format\": ".utf8), Fixtures.bytes("malformed/day-zero.json"),
        Fixtures.bytes("invalid/duplicate-id.json"),
    ]

    @Test(arguments: ServiceProblemTests.refused)
    func problemsAnswerTheSameMembers(_ bytes: [UInt8]) throws {
        let failure = try #require(Self.problems(bytes))
        for problem in failure.problems {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(JSONBody.encode(problem))) as? [String: Any])
            var members: Set<String> = ["code", "location", "detail", "message"]
            if problem.pointer != nil { members.insert("pointer") }
            if problem.line != nil { members.insert("line") }
            if problem.column != nil { members.insert("column") }
            #expect(Set(object.keys) == members)
            #expect(object["code"] as? String == problem.code.rawValue)
            #expect(object["location"] as? String == problem.location)
            #expect(object["pointer"] as? String == problem.pointer)
            #expect(object["detail"] as? String == problem.message)
            #expect(object["message"] as? String == problem.description)
        }
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(ServiceProblem(failure).json())) as? [String: Any])
        #expect((answer["problems"] as? [[String: Any]])?.count == failure.problems.count)
    }

    @Test(arguments: ServiceProblemTests.refused)
    func aRenderProcessSendsTheProblemsBackEqual(_ bytes: [UInt8]) throws {
        let failure = ServiceProblem(try #require(Self.problems(bytes)))
        #expect(!failure.problems.isEmpty)
        let wire = try JSONDecoder().decode(ServiceProblem.Wire.self, from: JSONEncoder().encode(failure.wire))
        #expect(ServiceProblem(wire) == failure)
        let problem = try #require(failure.problems.first)
        #expect(try JSONDecoder().decode(Problem.self, from: JSONEncoder().encode(problem)) == problem)
        #expect(try JSONDecoder().decode(Problem.Code.self, from: Data("\"notJSON\"".utf8)) == .notJSON)
    }

    @Test func routesAreLabelledAsTheLogAndMetricsShowThem() {
        let paths: [(path: String, feeds: Bool, label: String)] = [
            ("/v1/render", false, "/v1/render"), ("/v1/validate", false, "/v1/validate"),
            ("/openapi.yaml", false, "/openapi.yaml"), ("/health", true, "/health"), ("/v1/jobs", false, "/v1/jobs"),
            ("/v1/jobs/job_1", false, "/v1/jobs/{id}"), ("/v1/jobs/job_1/document", false, "/v1/jobs/{id}/document"),
            ("/v1/jobs/job_1/other", false, "unmatched"), ("/v1/jobs/", false, "unmatched"),
            ("/v1/feeds/abc.ics", true, "/v1/feeds/{token}.ics"), ("/v1/feeds/abc.ics", false, "unmatched"),
            ("/v1/render/", false, "unmatched"), ("/nowhere", true, "unmatched"),
        ]
        for (path, feeds, label) in paths {
            #expect(ServiceRoute(path: path, feeds: feeds).rawValue == label, "\(path), feeds \(feeds)")
        }
        #expect(ServiceRoute.render.checkedMethod == .post && ServiceRoute.jobs.checkedMethod == .post)
        #expect(ServiceRoute.feed.checkedMethod == .get && ServiceRoute.metrics.checkedMethod == .get)
        #expect(ServiceRoute.job.checkedMethod == nil && ServiceRoute.unmatched.checkedMethod == nil)
    }
}
