import Foundation
import ItineraryPDF
import ItinerarySigning

/// A PDF's signature, checked (issue #51): the signer, the time the signature dictionary gives, and its
/// PAdES level. A signature is only returned when every byte of the file but its own value is as signed
/// (no byte changed, none added after, its range not moved) and, with trusted certificates, when its
/// signer and its time-stamp authority chain to them.
///
/// ```swift
/// let signatures = try PDFSignature.check(pdf: bytes, trusting: rootPEM)
/// print(signatures[0].signer, signatures[0].level.rawValue)   // "Alpine Tours" "B-T"
/// ```
public struct PDFSignature: Sendable {
    /// How much a signature proves, as ETSI EN 319 142-1 names its baseline levels.
    public enum Level: String, Sendable {
        /// PAdES baseline B-B: the signer and every byte.
        case baselineB = "B-B"
        /// PAdES baseline B-T: B-B, and a time-stamp authority's token says it existed at that time.
        case baselineT = "B-T"
        /// A CMS signature that is not PAdES baseline (another /SubFilter, a signing-time attribute, or no
        /// ESS signing certificate).
        case notBaseline = "CMS"
    }

    /// The signer as people read it: the certificate's common name, else its organisation, else its subject.
    public let signer: String
    /// The signing time the signature dictionary gives (/M), as the signer's clock said it; nil when it has none.
    public let signingTime: Date?
    /// B-B, B-T, or a CMS signature that is not PAdES baseline.
    public let level: Level
    /// For B-T, the time stamp's time and its authority's name, proved by the authority's signature.
    public let timeStamp: (time: Date, authority: String)?

    /// Checks every signature of a PDF; `password` opens a locked one, `trusting` (PEM, one or more
    /// certificates) asks that each signer and time-stamp authority chain to them. Chains are checked at
    /// the time stamp's time when there is one, else now.
    /// - Throws: `Problem` with code `badOption` for `trusting` without a certificate; `lockedPDF` (locked, and
    ///   no password given); `notSigned` (no
    ///   signature, or a PDF that cannot be read),
    ///   `signatureBroken` (a byte changed or added, the range moved, a time stamp not of the signature) or
    ///   `signatureUntrusted` (intact, but not from the certificates trusted), and one sentence.
    public static func check(
        pdf: [UInt8], password: [UInt8]? = nil, trusting roots: [UInt8]? = nil
    ) throws(Problem) -> [PDFSignature] {
        if let roots, !SignatureCheck.holdsCertificates(roots) {
            throw Problem(code: .badOption, location: "trusting", "the certificates to trust hold no PEM certificate.")
        }
        do {
            return try SignedPDF.check(pdf: pdf, password: password, roots: roots).map { signature in
                let level: Level =
                    switch signature.level {
                    case .baselineB: .baselineB
                    case .baselineT: .baselineT
                    case .notBaseline: .notBaseline
                    }
                return PDFSignature(
                    signer: signature.signer, signingTime: signature.signingTime, level: level,
                    timeStamp: signature.timestamp)
            }
        } catch {
            let code: Problem.Code =
                switch error {
                case .locked: .lockedPDF
                case .unreadable, .notSigned: .notSigned
                case .untrusted, .untrustedTimestamp: .signatureUntrusted
                default: .signatureBroken
                }
            throw Problem(code: code, error.description)
        }
    }
}
