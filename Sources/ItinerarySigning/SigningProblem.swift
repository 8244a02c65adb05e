internal import CSigning
import Foundation

/// Why an identity cannot sign, with the file at fault: every sentence of the signing stage is here.
package struct SigningProblem: Error, Sendable, CustomStringConvertible {
    /// The file at fault (a certificate, key or password file, or what a caller named the bytes).
    package let file: String
    /// The sentence, without the file.
    package let message: String

    package var description: String { "\(file): \(message)" }

    static func unreadable(_ file: String) -> SigningProblem {
        SigningProblem(file: file, message: "cannot read this file: no such file, or no permission.")
    }

    init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    init(
        _ refusal: itinerary_signing_refusal, certificateFile: String, keyFile: String, validity: (Int64, Int64)
    ) {
        switch refusal {
        case ITINERARY_SIGNING_BAD_CERTIFICATE:
            self.init(file: certificateFile, message: "a certificate in this file cannot be read.")
        case ITINERARY_SIGNING_NO_KEY:
            self.init(file: keyFile, message: "this file holds no PEM private key.")
        case ITINERARY_SIGNING_KEY_NEEDS_PASSWORD:
            self.init(file: keyFile, message: "this private key is encrypted, and no password was given for it.")
        case ITINERARY_SIGNING_WRONG_PASSWORD:
            self.init(file: keyFile, message: "the password given does not open this private key.")
        case ITINERARY_SIGNING_UNSUPPORTED_KEY:
            self.init(file: keyFile, message: "this private key is neither RSA nor EC.")
        case ITINERARY_SIGNING_KEY_MISMATCH:
            self.init(
                file: keyFile, message: "this private key is not the key of the certificate in \(certificateFile).")
        case ITINERARY_SIGNING_NOT_YET_VALID:
            self.init(
                file: certificateFile,
                message: "the certificate is not valid before \(Self.shown(validity.0)); it cannot sign yet.")
        case ITINERARY_SIGNING_EXPIRED:
            self.init(file: certificateFile, message: "the certificate expired on \(Self.shown(validity.1)).")
        case ITINERARY_SIGNING_NO_SIGNING_USAGE:
            self.init(
                file: certificateFile,
                message: "the certificate may not sign documents: its key usage has neither digitalSignature nor "
                    + "nonRepudiation.")
        default:
            self.init(file: certificateFile, message: "this file holds no PEM certificate.")
        }
    }

    /// "2026-03-06 12:00:00 UTC": a certificate's time, as its refusal shows it.
    static func shown(_ date: Date) -> String { shown(Int64(date.timeIntervalSince1970)) }

    static func shown(_ seconds: Int64) -> String {
        let format = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
            .time(includingFractionalSeconds: false).timeSeparator(.colon).dateTimeSeparator(.space)
        return SigningIdentity.date(seconds).formatted(format) + " UTC"
    }
}

/// Why a signature could not be made: the identity's certificate no longer valid, the time-stamp authority, or
/// OpenSSL.
package enum SigningFailure: Error, Sendable, CustomStringConvertible {
    /// The certificate expired (or is not yet valid) when the document was signed.
    case certificateNotValid(name: String, validity: ClosedRange<Date>)
    /// The time-stamp authority did not answer, or not with a good token: its URL and the reason.
    case timestamp(url: String, reason: String)
    /// OpenSSL refused, with its reason.
    case failed(String)

    package var description: String {
        switch self {
        case .certificateNotValid(let name, let validity):
            "the signing certificate of \(name) is not valid now (only from "
                + "\(SigningProblem.shown(validity.lowerBound)) to \(SigningProblem.shown(validity.upperBound))); "
                + "nothing was signed."
        case .timestamp(let url, let reason):
            "the time-stamp authority \(url) did not time-stamp the signature: \(reason)."
        case .failed(let reason):
            "cannot sign the document: \(reason)."
        }
    }
}
