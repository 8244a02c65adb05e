import Crypto
import Foundation

/// Where a queued render is (issue #44).
enum JobStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting for a worker.
    case queued
    /// Claimed by a worker of some replica, until its lease runs out.
    case rendering
    /// Drawn (or failed to draw); its callback is being called, or waits for its next attempt.
    case delivering
    /// The callback took it (any 2xx); without a callback, the document is ready to fetch.
    case delivered
    /// The render failed, or the callback refused it or was tried as often as allowed.
    case failed
}

/// A job as it is kept: the order, what became of it and its delivery.
struct JobRecord: Sendable {
    let id: String
    /// The name of the key that made it ("" when the service has no keys): only that key sees it.
    let owner: String
    var status: JobStatus
    /// The query and headers of the submission, its passwords taken out (`sealedPasswords`).
    let order: RenderOrder
    /// The trip's bytes until the job is drawn; then empty (nothing needs them any more).
    var trip: [UInt8]
    /// The PDF passwords, sealed (`JobSecrets`): never kept in clear.
    var sealedPasswords: [UInt8]?
    let callback: String?
    let created: Date
    var updated: Date
    let expires: Date
    /// Delivery attempts made so far.
    var attempts = 0
    /// Why the last delivery attempt did not deliver, or why the render failed.
    var lastError: String?
    /// When the next delivery attempt is due.
    var nextAttempt: Date?
    /// When a claimed job is taken over by another worker.
    var leaseUntil: Date?
    /// Names the claim that holds the lease: a worker writes the job's state only while it holds it.
    var leaseToken: String?
    var deliveredAt: Date?
    /// What the render left; the document's bytes are in `document`.
    var result: JobResult?
    /// The document's bytes, read only by those who send or serve them (not by a status poll).
    var document: [UInt8]?

    /// The bytes the job holds, which `--max-job-storage` bounds: its trip, then its document.
    var storedBytes: Int { trip.count + (document?.count ?? 0) }

    init(
        id: String, owner: String, order: RenderOrder, trip: [UInt8], sealedPasswords: [UInt8]?, callback: String?,
        created: Date, expires: Date
    ) {
        self.id = id
        self.owner = owner
        status = .queued
        self.order = order
        self.trip = trip
        self.sealedPasswords = sealedPasswords
        self.callback = callback
        self.created = created
        updated = created
        self.expires = expires
    }
}

/// A claimed job and the token of its lease, which every later write names.
struct ClaimedJob: Sendable {
    var job: JobRecord
    let token: String
}

/// What a render left: the document (its bytes beside it), or the problem it met.
enum JobResult: Sendable {
    case document(RenderedDocument.Header, mediaType: String)
    case problem(ServiceProblem)

    /// The body a callback is sent, its media type and file name.
    func delivery(id: String, document: [UInt8]?) -> (body: [UInt8], mediaType: String, name: String?) {
        switch self {
        case .document(let header, let mediaType):
            return (document ?? [], mediaType, header.name)
        case .problem(let problem):
            let event = FailureEvent(
                type: "render.failed", timestamp: JobAnswer.timestamp(Date()),
                data: .init(id: id, status: JobStatus.failed.rawValue, problem: problem.wire))
            return (JSONBody.encode(event), "application/json", nil)
        }
    }
}

/// The event a callback receives when a job's document could not be drawn
/// (Standard Webhooks' recommended shape: type, timestamp, data).
struct FailureEvent: Encodable {
    struct Data: Encodable {
        let id: String
        let status: String
        let problem: ServiceProblem.Wire
    }
    let type: String
    let timestamp: String
    let data: Data
}

/// `GET /v1/jobs/ID` and the answer to `POST /v1/jobs`.
struct JobAnswer: Encodable {
    let id: String
    let status: String
    let attempts: Int
    let error: String?
    let callback: String?
    let created: String
    let updated: String
    let expires: String
    let nextAttempt: String?
    let deliveredAt: String?
    /// Where a polling client fetches the document, once there is one.
    let document: String?

    init(_ job: JobRecord) {
        id = job.id
        status = job.status.rawValue
        attempts = job.attempts
        error = job.lastError
        callback = job.callback
        created = Self.timestamp(job.created)
        updated = Self.timestamp(job.updated)
        expires = Self.timestamp(job.expires)
        nextAttempt = job.status == .delivering ? job.nextAttempt.map(Self.timestamp) : nil
        deliveredAt = job.deliveredAt.map(Self.timestamp)
        if case .document = job.result { document = "/v1/jobs/\(job.id)/document" } else { document = nil }
    }

    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}

/// A new job's id: `job_` and 32 hex digits of randomness.
enum JobID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
        return "job_" + digits.joined()
    }
}
