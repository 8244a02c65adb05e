internal import CSigning
import Foundation

extension SigningIdentity {
    /// A Wallet pass's issuer as its Pass Type ID certificate names it: the pass type identifier is the
    /// subject's UID, the team identifier its OU (issue #53); nil when either is missing or blank.
    package var passIssuer: (passTypeIdentifier: String, teamIdentifier: String)? {
        guard let userID = userID?.trimmingCharacters(in: .whitespaces), !userID.isEmpty,
            let team = organizationalUnit?.trimmingCharacters(in: .whitespaces), !team.isEmpty
        else { return nil }
        return (userID, team)
    }

    /// A Wallet pass's signature over its manifest: PKCS #7, detached, binary, with the chain (Apple's WWDR
    /// intermediate) and a signing time, as Apple's pass tools make it. The certificate must be valid now.
    package func passSignature(of manifest: [UInt8], now: Date = Date()) throws(SigningFailure) -> [UInt8] {
        guard validity.contains(now) else { throw .certificateNotValid(name: name, validity: validity) }
        // The DER OpenSSL allocates (i2d), copied out once and freed.
        var der: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = itinerary_signing_pass_sign(
            key.pointer, manifest, manifest.count, &der, &size, &error, error.count)
        defer { itinerary_signing_free(der) }
        guard status == ITINERARY_SIGNING_SIGNED, let der else {
            throw .failed(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: der, count: size))
    }
}
