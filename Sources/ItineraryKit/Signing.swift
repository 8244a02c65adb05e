import Foundation
import ItineraryPDF
import ItineraryPresentation
import ItinerarySigning

/// Who signs the PDFs (issue #51): a certificate, its chain and its private key, read from PEM and
/// checked at once. A PDF rendered with `RenderOptions.signing` carries a PAdES baseline signature
/// (B-B; B-T with a time-stamp authority) that covers every byte but its own value. The type is the
/// signing stage's own (`Sources/ItinerarySigning/SigningIdentity.swift`).
///
/// ```swift
/// var options = RenderOptions()
/// let issuer = try SigningIdentity(certificateFile: "issuer.pem", keyFile: "issuer.key")
/// options.signing = (identity: issuer, timestampURL: nil)
/// let pdf = try trip.render(.pdf, options: options)[0]
/// ```
public typealias SigningIdentity = ItinerarySigning.SigningIdentity

extension SigningIdentity {
    /// Reads an identity from files: the signer's certificate then its chain (PEM), its RSA or EC private
    /// key (PEM, PKCS #8 or traditional), and for an encrypted key the file whose first line is its password.
    /// - Throws: `Problem` with code `badSigningIdentity`, the file at fault as its location, and one
    ///   sentence: a file that cannot be read or holds no certificate or key, a key that is not the
    ///   certificate's, a certificate expired or not yet valid or whose key usage does not allow signing
    ///   documents, an encrypted key without its password or with a wrong one.
    public init(certificateFile: String, keyFile: String, passwordFile: String? = nil) throws(Problem) {
        do {
            self = try SigningIdentity(certificatePath: certificateFile, keyPath: keyFile, passwordPath: passwordFile)
        } catch {
            throw Problem(error)
        }
    }

    /// An identity from PEM bytes, as the files would hold them; `password` opens an encrypted key.
    /// - Throws: `Problem` with code `badSigningIdentity`, located at `certificate` or `key`, as
    ///   `init(certificateFile:keyFile:passwordFile:)` does.
    public init(certificate: [UInt8], key: [UInt8], password: [UInt8]? = nil) throws(Problem) {
        do {
            self = try SigningIdentity(
                certificatePEM: certificate, keyPEM: key, password: password, certificateFile: "certificate",
                keyFile: "key")
        } catch {
            throw Problem(error)
        }
    }
}

extension Problem.Code {
    /// A signing identity that cannot sign: its file, its certificate or its key.
    public static let badSigningIdentity = Problem.Code(rawValue: "badSigningIdentity")
    /// A signature that could not be made: the time-stamp authority did not answer, or not with a good token.
    public static let signingFailed = Problem.Code(rawValue: "signingFailed")
    /// A PDF that carries no signature.
    public static let notSigned = Problem.Code(rawValue: "notSigned")
    /// A signed PDF whose bytes are not all as signed: changed, added to, or its signature's range moved.
    public static let signatureBroken = Problem.Code(rawValue: "signatureBroken")
    /// An intact signature whose signer (or time-stamp authority) does not chain to the certificates trusted.
    public static let signatureUntrusted = Problem.Code(rawValue: "signatureUntrusted")
}

extension Problem {
    /// An identity that cannot sign, located at its file.
    init(_ problem: SigningProblem) {
        self.init(code: .badSigningIdentity, location: problem.file, problem.message)
    }
}

extension RenderOptions {
    /// Refuses a time-stamp authority's URL that is not http or https, and one without an identity.
    func checkSigning() throws(Problem) {
        guard let signing, let url = signing.timestampURL else { return }
        if let problem = TimestampAuthority.problem(url) {
            throw Problem(code: .badOption, location: "timestampURL", problem)
        }
    }

    /// The PDF's signature as the printing stage takes it, its field's label in the document's language.
    func signatureRequest(language: Language) -> PDFSignatureRequest? {
        signing.map { signing in
            PDFSignatureRequest(
                identity: signing.identity, timestamp: signing.timestampURL.map { TimestampAuthority(url: $0) },
                label: language.text(.signatureLabel, ["signer": .text(signing.identity.name)]))
        }
    }
}
