internal import CSigning
import Foundation

/// An RFC 3161 time-stamp authority: where B-T signatures get their time stamp.
package struct TimestampAuthority: Sendable, Equatable {
    /// Its `http://` or `https://` URL.
    package var url: String
    /// Seconds it has to answer; past them nothing is signed.
    package var timeout: Int

    /// The seconds an authority has to answer: a render waits for it.
    package static let defaultTimeout = 10

    package init(url: String, timeout: Int = TimestampAuthority.defaultTimeout) {
        self.url = url
        self.timeout = timeout
    }

    /// Why a URL cannot name an authority, in one sentence; nil when it can: http or https, with a host.
    package static func problem(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let host = URLComponents(string: url)?.host, !host.isEmpty
        else {
            return "the time-stamp authority's URL must be an http:// or https:// URL with a host, not \"\(url)\"."
        }
        return nil
    }
}

extension SigningIdentity {
    /// A detached CMS signature (DER) of `content` but the bytes of `gap` (a PDF's /Contents): SHA-256, the
    /// certificates, and the signed attributes content-type, message-digest and ESS signing-certificate-v2,
    /// as CAdES and PAdES baseline want them, and no signing-time (PAdES forbids it); `timestamp` time-stamps
    /// the signature value (B-T). The certificate must be valid now.
    package func signature(
        of content: UnsafeRawBufferPointer, skipping gap: Range<Int> = 0..<0, timestamp: TimestampAuthority? = nil,
        now: Date = Date()
    ) throws(SigningFailure) -> [UInt8] {
        guard validity.contains(now) else { throw .certificateNotValid(name: name, validity: validity) }
        // The DER OpenSSL allocates (i2d), copied out once and freed.
        var der: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = itinerary_signing_sign(
            key.pointer, content.baseAddress, content.count, gap.lowerBound, gap.upperBound, timestamp?.url,
            Int32(timestamp?.timeout ?? 0), &der, &size, &error, error.count)
        defer { itinerary_signing_free(der) }
        let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case ITINERARY_SIGNING_SIGNED:
            guard let der else { throw .failed("OpenSSL gave no signature") }
            return Array(UnsafeBufferPointer(start: der, count: size))
        case ITINERARY_SIGNING_TIMESTAMP_FAILED: throw .timestamp(url: timestamp?.url ?? "", reason: reason)
        default: throw .failed(reason)
        }
    }

    /// The most bytes a signature of this identity takes without a time stamp, with room to spare: the key's
    /// largest signature, the certificates, and the structure around them.
    package var signatureSizeHint: Int { itinerary_signing_identity_size_hint(key.pointer) + 1024 }
}
