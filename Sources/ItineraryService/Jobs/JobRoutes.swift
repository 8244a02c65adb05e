import Foundation
import HTTPTypes
import Hummingbird
import ItineraryKit
import NIOCore
import NIOPosix

/// `POST /v1/jobs`, `GET /v1/jobs/ID` and `GET /v1/jobs/ID/document` (issue #44).
extension Routes {
    /// A render queued: checked as `POST /v1/render` checks it, answered 202 with where to look. It
    /// never waits for a render worker: the trip is checked on a thread of its own.
    func submitJob(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let jobs = try jobRunner()
        try refuseWhenDraining()
        var parameters = request.uri.queryParameters.map { [String($0.key), String($0.value)] }
        let callbacks = parameters.filter { $0[0] == "callback" }
        guard callbacks.count <= 1 else { throw ServiceProblem.badParameter("the parameter callback is given twice.") }
        parameters.removeAll { $0[0] == "callback" }
        let callback = callbacks.first?[1]
        let order = try self.order(request, context: context, query: parameters)
        if let callback {
            if case .failure(let refusal) = await jobs.sender.policy.check(callback) {
                throw ServiceProblem.badParameter(refusal.sentence)
            }
        }
        let key = request.headers[HTTPField.Name("Idempotency-Key")!]
        if let key, key.isEmpty || key.count > 255 {
            throw ServiceProblem.badParameter("an Idempotency-Key has 1 to 255 characters.")
        }
        let bytes = try await body(of: request, forJob: true)
        // The trip is read and checked now: a bad one is refused as /v1/render refuses it, and no job is made.
        let checked: ServiceProblem? = try await NIOThreadPool.singleton.runIfActive {
            do throws(Problems) {
                _ = try CheckedTrip(bytes: bytes)
                return nil
            } catch {
                return ServiceProblem(error)
            }
        }
        if let checked { throw checked }
        let now = Date(), id = JobID.make()
        let sealed = try jobs.secrets.seal(order, job: id)
        let job = JobRecord(
            id: id, owner: context.owner, order: sealed.order, trip: bytes, sealedPasswords: sealed.sealed,
            callback: callback, created: now, expires: now.addingTimeInterval(settings.jobExpiry))
        let idempotency = key.map { ($0, jobs.secrets.fingerprint(order: order, callback: callback, trip: bytes)) }
        let submission = try await Self.stored {
            try await jobs.store.submit(job, idempotency: idempotency, storageLimit: settings.maxJobStorage)
        }
        switch submission {
        case .created(let job), .repeated(let job):
            var response = Self.json(.accepted, JobAnswer(job))
            response.headers[.location] = link("/v1/jobs/\(job.id)")
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
        case .storageFull:
            service.metrics.rejection("jobs-storage-full")
            throw ServiceProblem(
                status: .tooManyRequests, name: "jobs-storage-full", title: "The jobs' storage is full",
                detail: "the jobs kept hold as many bytes as this service keeps (--max-job-storage); try again "
                    + "once some have been fetched or have expired.", retryAfter: 60)
        }
    }

    /// `GET /v1/jobs/ID`: where the job is. Reads neither its trip nor its document.
    func jobStatus(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let job = try await knownJob(context, withDocument: false)
        return Self.json(.ok, JobAnswer(job))
    }

    /// `GET /v1/jobs/ID/document`: the document, for a client that polls.
    func jobDocument(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let job = try await knownJob(context, withDocument: true)
        guard case .document(let document, let mediaType) = job.result, let bytes = job.document else {
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
            .contentLength: String(bytes.count),
            .contentLanguage: document.language,
            // A job's document is for the key that made it: no shared cache keeps it.
            .cacheControl: "private, no-store",
        ]
        if let pages = document.pages { headers[.pageCount] = String(pages) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The caller's job: another key's is answered as if it did not exist.
    private func knownJob(_ context: ServiceRequestContext, withDocument: Bool) async throws -> JobRecord {
        let jobs = try jobRunner()
        let id = context.parameters.get("id") ?? ""
        let owner = context.owner
        let found = try await Self.stored {
            withDocument
                ? try await jobs.store.jobWithDocument(id, owner: owner) : try await jobs.store.job(id, owner: owner)
        }
        guard let job = found else {
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

extension ServiceProblem {
    /// Too many submissions being received at once.
    static let jobIntakeFull = ServiceProblem(
        status: .tooManyRequests, name: "jobs-intake-full", title: "Too many submissions at once",
        detail: "the service is receiving as many job submissions as it takes at once; try again shortly.",
        retryAfter: 1)

    /// A drawn document the jobs' storage has no room for: the job fails with it.
    static let storageFull = ServiceProblem(
        status: HTTPResponse.Status(code: 507), name: "jobs-storage-full", title: "The jobs' storage is full",
        detail: "the document was drawn, but the jobs kept hold as many bytes as this service keeps "
            + "(--max-job-storage); it was not kept.")
}
