internal import CSigning
import Foundation

/// Who signs: a certificate, the chain above it and the private key that matches it, read from PEM and
/// checked before anything is signed (issue #51). The certificate must be valid now, allow signing
/// documents (key usage `digitalSignature` or `nonRepudiation`) and be the key's; the key is RSA or EC,
/// PKCS #8 or traditional, encrypted or not. The type is the signing stage's own
/// (`Sources/ItinerarySigning`), where every OpenSSL call is made in C (`Sources/CSigning`).
///
/// An identity is only read once made: one may sign many documents at once, on any threads.
public struct SigningIdentity: Sendable {
    /// The key and certificates as OpenSSL holds them, for the signing calls of this package.
    package let key: SigningKey
    /// The certificates in DER: the signer's first, then its chain as the file had them.
    public let certificateChain: [[UInt8]]
    /// The signer as people read it: the certificate's common name, else its organisation, else its whole subject.
    public let name: String
    /// The subject's user ID (UID, 0.9.2342.19200300.100.1.1), if it has one.
    public let userID: String?
    /// The subject's organisational unit (OU), if it has one.
    public let organizationalUnit: String?
    /// When the signer's certificate is valid: from its notBefore to its notAfter.
    public let validity: ClosedRange<Date>
    /// What it was read from, kept so that a render pool's process can read the same identity again
    /// (issue #52): it crosses the pool's socket to its own child, never a file or the network.
    package let source: Source

    /// The PEM bytes an identity is read from, and the names its refusals give them.
    package struct Source: Sendable, Hashable, Codable {
        package var certificatePEM: [UInt8]
        package var keyPEM: [UInt8]
        package var password: [UInt8]?
        package var certificateFile: String
        package var keyFile: String

        package init(
            certificatePEM: [UInt8], keyPEM: [UInt8], password: [UInt8]?, certificateFile: String, keyFile: String
        ) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
            self.password = password
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// The identity read again from its source.
    package init(_ source: Source) throws(SigningProblem) {
        try self.init(
            certificatePEM: source.certificatePEM, keyPEM: source.keyPEM, password: source.password,
            certificateFile: source.certificateFile, keyFile: source.keyFile)
    }

    /// Reads an identity from PEM bytes: the certificate then its chain, and the private key; `password`
    /// opens an encrypted key. `certificateFile` and `keyFile` name them in a refusal.
    package init(
        certificatePEM: [UInt8], keyPEM: [UInt8], password: [UInt8]?, certificateFile: String, keyFile: String,
        now: Date = Date()
    ) throws(SigningProblem) {
        var refusal = ITINERARY_SIGNING_ACCEPTED
        var dates: [Int64] = [0, 0]
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let pointer = itinerary_signing_identity_load(
            certificatePEM, certificatePEM.count, keyPEM, keyPEM.count, password == nil ? 0 : 1, password ?? [],
            password?.count ?? 0, seconds, &refusal, &dates)
        guard let pointer else {
            throw SigningProblem(
                refusal, certificateFile: certificateFile, keyFile: keyFile, validity: (dates[0], dates[1]))
        }
        key = SigningKey(pointer)
        source = Source(
            certificatePEM: certificatePEM, keyPEM: keyPEM, password: password, certificateFile: certificateFile,
            keyFile: keyFile)
        certificateChain = (0..<itinerary_signing_identity_certificate_count(pointer)).map { index in
            var size = 0
            // Borrowed from the C identity, copied.
            let der = itinerary_signing_identity_certificate(pointer, index, &size)
            return Array(UnsafeBufferPointer(start: der, count: size))
        }
        func part(_ part: itinerary_signing_name_part) -> String? {
            itinerary_signing_identity_name(pointer, part).map { String(cString: $0) }
        }
        name = part(ITINERARY_SIGNING_DISPLAY_NAME) ?? ""
        userID = part(ITINERARY_SIGNING_USER_ID)
        organizationalUnit = part(ITINERARY_SIGNING_ORGANIZATIONAL_UNIT)
        validity = Self.date(dates[0])...Self.date(max(dates[0], dates[1]))
    }

    /// Reads an identity from its files: the certificate (then its chain), the private key, and the file whose
    /// first line is the key's password (as `--password-file`'s).
    package init(
        certificatePath certificateFile: String, keyPath keyFile: String, passwordPath passwordFile: String?
    )
        throws(SigningProblem)
    {
        let certificate = try Self.read(certificateFile)
        let key = try Self.read(keyFile)
        let password = try passwordFile.map { path throws(SigningProblem) in
            // The first line, without its end: files made by `echo` or an editor end in a newline.
            var line = Array(try Self.read(path).prefix { $0 != 0x0A })
            if line.last == 0x0D { line.removeLast() }
            return line
        }
        try self.init(
            certificatePEM: certificate, keyPEM: key, password: password, certificateFile: certificateFile,
            keyFile: keyFile)
    }

    private static func read(_ path: String) throws(SigningProblem) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        return Array(data)
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}

/// The identity as OpenSSL holds it, freed when the last identity that holds it goes.
package final class SigningKey: @unchecked Sendable {
    // @unchecked: the C identity is written once, by itinerary_signing_identity_load, and only read after; OpenSSL 3
    // lets threads share a key and certificates that nobody changes (openssl-threads(7)), and every signing call
    // makes its own contexts.
    package let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { itinerary_signing_identity_free(pointer) }
}

extension SigningIdentity.Source: CustomReflectable, CustomStringConvertible {
    /// The files and the certificates, never the key or its password: a `print` or `dump` of options that hold
    /// an identity shows no secret.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: ["certificatePEM": certificatePEM, "certificateFile": certificateFile, "keyFile": keyFile])
    }

    package var description: String { "the identity read from \(certificateFile) and \(keyFile)" }
}

extension SigningKey: CustomReflectable {
    /// Nothing of the C object: two keys read from the same source reflect alike.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}
