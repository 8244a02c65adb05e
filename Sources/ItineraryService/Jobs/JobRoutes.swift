import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import NIOCore

/// `POST /v1/jobs`, `GET /v1/jobs/ID` and `GET /v1/jobs/ID/document` (issue #44).
extension Routes {
    /// A render queued: checked as `POST /v1/render` checks it, answered 202 with where to look.
    func submitJob(_ request: Request, context: some RequestContext) async throws -> Response {
        let start = ContinuousClock.now
        let jobs = try jobRunner()
        try refuseWhenDraining()
        var parameters = request.uri.queryParameters.map { [String($0.key), String($0.value)] }
        let callbacks = parameters.filter { $0[0] == "callback" }
        guard callbacks.count <= 1 else { throw ServiceProblem.badParameter("the parameter callback is given twice.") }
        parameters.removeAll { $0[0] == "callback" }
        let callback = callbacks.first?[1]
        let order = try self.order(request, query: parameters)
        if let callback {
            if case .failure(let refusal) = await jobs.sender.policy.check(callback) {
                throw ServiceProblem.badParameter(refusal.sentence)
            }
        }
        let key = request.headers[HTTPField.Name("Idempotency-Key")!]
        if let key, key.isEmpty || key.count > 255 {
            throw ServiceProblem.badParameter("an Idempotency-Key has 1 to 255 characters.")
        }
        let bytes = try await body(of: request)
        // The trip is read and checked now: a bad one is refused as /v1/render refuses it, and no job is made.
        _ = try await work(from: start) { () throws(ServiceProblem) -> Bool in
            do throws(Problems) { _ = try CheckedTrip(bytes: bytes) } catch { throw ServiceProblem(error) }
            return true
        }
        let now = Date()
        let job = JobRecord(
            id: JobID.make(), status: .queued, order: order, trip: bytes, callback: callback, created: now,
            updated: now, expires: now.addingTimeInterval(settings.jobExpiry))
        let idempotency = key.map { ($0, JobID.fingerprint(order: order, callback: callback, trip: bytes)) }
        switch try await Self.stored({ try await jobs.store.submit(job, idempotency: idempotency) }) {
        case .created(let job), .repeated(let job):
            var response = Self.json(.accepted, JobAnswer(job))
            response.headers[.location] = "/v1/jobs/\(job.id)"
            return response
        case .conflicting:
            throw ServiceProblem(
                status: .unprocessableContent, name: "idempotency-key-reused", title: "The Idempotency-Key is taken",
                detail: "this Idempotency-Key was used for another request; use a new key for a new job.")
        case .full:
            service.metrics.rejection("jobs-full")
            throw ServiceProblem(
                status: .tooManyRequests, name: "jobs-full", title: "Too many jobs",
                detail: "the service holds as many unfinished jobs as it takes; try again later.", retryAfter: 30)
        }
    }

    /// `GET /v1/jobs/ID`: where the job is.
    func jobStatus(_ request: Request, context: some RequestContext) async throws -> Response {
        let job = try await knownJob(context)
        return Self.json(.ok, JobAnswer(job))
    }

    /// `GET /v1/jobs/ID/document`: the document, for a client that polls.
    func jobDocument(_ request: Request, context: some RequestContext) async throws -> Response {
        let job = try await knownJob(context)
        guard case .document(let document, let mediaType) = job.result else {
            let why =
                job.status == .failed
                ? "the job failed: \(job.lastError ?? "no document was drawn.")"
                : "the job's document is not drawn yet (it is \(job.status.rawValue))."
            throw ServiceProblem(
                status: .conflict, name: "no-document", title: "The job has no document", detail: why)
        }
        var headers: HTTPFields = [
            .contentType: mediaType,
            .contentDisposition: "attachment; filename=\"\(document.name)\"",
            .contentLength: String(document.bytes.count),
            .contentLanguage: document.language,
        ]
        if job.order.password != nil { headers[.cacheControl] = "no-store" }
        if let pages = document.pages { headers[.pageCount] = String(pages) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: document.bytes)))
    }

    private func knownJob(_ context: some RequestContext) async throws -> JobRecord {
        let jobs = try jobRunner()
        let id = context.parameters.get("id") ?? ""
        guard let job = try await Self.stored({ try await jobs.store.job(id) }) else {
            throw ServiceProblem(
                status: .notFound, name: "not-found", title: "No such job",
                detail: "there is no job \(id.quoted), or it expired.")
        }
        return job
    }

    /// A store that fails (its database gone) is a 503, not the server's failure.
    private static func stored<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let problem as ServiceProblem {
            throw problem
        } catch {
            throw ServiceProblem(
                status: .serviceUnavailable, name: "jobs-unreachable", title: "The job store does not answer",
                detail: "the job database does not answer; try again shortly.", retryAfter: 5)
        }
    }

    private func jobRunner() throws -> JobRunner {
        guard let jobs = service.jobs else {
            throw ServiceProblem(
                status: .notImplemented, name: "jobs-off", title: "Jobs are off",
                detail: "this service takes no jobs: it has no webhook secret (itinerary serve --webhook-secret).")
        }
        return jobs
    }
}
