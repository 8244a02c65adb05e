import Crypto
import Foundation

/// Keeps a job's PDF passwords out of the store (issue #50): sealed with AES-GCM under a key every replica
/// derives from the webhook secret they share (HKDF-SHA256, a label of its own), bound to the job's id, and
/// opened only by the worker that draws the job. The Idempotency-Key's fingerprint is an HMAC under another
/// key so derived: it tells requests apart without holding a password that could be guessed back.
struct JobSecrets: Sendable {
    private let sealing: SymmetricKey
    private let fingerprinting: SymmetricKey

    init(webhookSecret: WebhookSecret) {
        sealing = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: webhookSecret.key, info: Array("itinerary job passwords v1".utf8), outputByteCount: 32)
        fingerprinting = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: webhookSecret.key, info: Array("itinerary idempotency v1".utf8), outputByteCount: 32)
    }

    private struct Passwords: Codable {
        var user: String?
        var owner: String?
    }

    /// The order with its passwords taken out, and the passwords sealed for the job (nil when it has none).
    func seal(_ order: RenderOrder, job id: String) throws -> (order: RenderOrder, sealed: [UInt8]?) {
        var stripped = order
        stripped.password = nil
        stripped.ownerPassword = nil
        guard order.password != nil || order.ownerPassword != nil else { return (stripped, nil) }
        let plain = try JSONEncoder().encode(Passwords(user: order.password, owner: order.ownerPassword))
        let box = try AES.GCM.seal(plain, using: sealing, authenticating: Array(id.utf8))
        guard let combined = box.combined else { throw JobSecretProblem.cannotSeal }
        return (stripped, Array(combined))
    }

    /// The job's order with its passwords back in, for its render.
    func open(_ job: JobRecord) throws(JobSecretProblem) -> RenderOrder {
        var order = job.order
        guard let sealed = job.sealedPasswords else { return order }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            let plain = try AES.GCM.open(box, using: sealing, authenticating: Array(job.id.utf8))
            let passwords = try JSONDecoder().decode(Passwords.self, from: plain)
            order.password = passwords.user
            order.ownerPassword = passwords.owner
            return order
        } catch {
            throw .cannotOpen
        }
    }

    /// What an Idempotency-Key promises the same answer for: the query, the headers that choose the
    /// document (passwords included), the callback and the body, as an HMAC under the service's key.
    func fingerprint(order: RenderOrder, callback: String?, trip: [UInt8]) -> String {
        var mac = HMAC<SHA256>(key: fingerprinting)
        for pair in order.query { mac.update(data: Array((pair.joined(separator: "=") + "&").utf8)) }
        for header in [order.acceptLanguage, order.password, order.ownerPassword, order.subscribeURL, callback] {
            mac.update(data: Array(((header ?? "-") + "\n").utf8))
        }
        mac.update(data: trip)
        return mac.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// A job's sealed passwords cannot be used.
enum JobSecretProblem: Error {
    case cannotSeal
    /// Sealed under another webhook secret (it was changed while the job waited), or tampered with.
    case cannotOpen

    var sentence: String {
        switch self {
        case .cannotSeal: "the job's passwords could not be sealed."
        case .cannotOpen:
            "the job's PDF passwords cannot be opened: they were sealed under another webhook secret (it was "
                + "changed while the job waited); submit the job again."
        }
    }
}
