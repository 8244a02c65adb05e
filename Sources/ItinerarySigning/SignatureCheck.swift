internal import CSigning
import Foundation

/// What the check of a detached CMS signature found (OpenSSL's CMS_verify, its TS API for a time stamp, and
/// X509_verify_cert for the chains).
package struct SignatureCheck: Sendable {
    package enum Verdict: Sendable, Equatable {
        /// Every byte as signed (and, with roots, the signer and any time-stamp authority chain to them).
        case intact
        /// Not a CMS SignedData with one signer whose certificate it carries.
        case unreadable
        /// The content or the signed attributes are not what was signed.
        case changed
        /// A time stamp that is not of this signature, or not intact.
        case badTimestamp
        /// Intact, but the signer does not chain to the roots.
        case untrusted
        /// Intact, but the time-stamp authority does not chain to the roots.
        case untrustedTimestamp
    }

    package var verdict: Verdict
    /// The signer as people read it: the common name, else the organisation, else the whole subject.
    package var signer: String
    /// Signing-certificate-v2 present and no signing-time: a PAdES baseline signature.
    package var isBaseline: Bool
    /// The time stamp's time and its authority's name, when the signature has one.
    package var timestamp: (time: Date, authority: String)?
    /// OpenSSL's reason for a verdict other than `intact`.
    package var reason: String

    /// Checks `signature` (DER) over `content` but the bytes of `gap` (a PDF's /Contents); with `roots` (PEM), the
    /// chains too.
    package init(
        signature: [UInt8], of content: UnsafeRawBufferPointer, skipping gap: Range<Int> = 0..<0, roots: [UInt8]?,
        now: Date = Date()
    ) {
        var report = itinerary_signing_report()
        _ = itinerary_signing_verify(
            signature, signature.count, content.baseAddress, content.count, gap.lowerBound, gap.upperBound, roots,
            roots?.count ?? 0, Int64(now.timeIntervalSince1970), &report)
        // The report's texts are C arrays of a fixed size (char[256]), NUL-terminated: read as the bytes they are.
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        verdict =
            switch report.verdict {
            case ITINERARY_SIGNING_INTACT: .intact
            case ITINERARY_SIGNING_CHANGED: .changed
            case ITINERARY_SIGNING_BAD_TIMESTAMP: .badTimestamp
            case ITINERARY_SIGNING_UNTRUSTED: .untrusted
            case ITINERARY_SIGNING_UNTRUSTED_TIMESTAMP: .untrustedTimestamp
            default: .unreadable
            }
        signer = text(report.signer)
        isBaseline = report.cades != 0
        timestamp =
            report.has_timestamp != 0 && report.verdict != ITINERARY_SIGNING_BAD_TIMESTAMP
            ? (SigningIdentity.date(report.timestamp_time), text(report.timestamp_authority)) : nil
        reason = text(report.reason)
    }

    /// Whether PEM bytes hold at least one certificate.
    package static func holdsCertificates(_ pem: [UInt8]) -> Bool {
        itinerary_signing_has_certificates(pem, pem.count) != 0
    }
}
