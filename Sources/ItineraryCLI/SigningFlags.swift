import ArgumentParser
import Foundation
import ItineraryKit

/// Who signs the PDFs (issue #51), as flags: shared by `render` and `serve`, and not by `snapshot record` (a
/// signature changes no page). The identity is read and checked before anything is drawn; a file that cannot
/// sign is one sentence naming it and exit 64.
struct SigningFlags: ParsableArguments {
    @Option(
        name: .customLong("signing-certificate"),
        help: ArgumentHelp(
            "Sign every PDF (PAdES B-B) with the certificate in this PEM file, its chain after it. Needs "
                + "--signing-key. (serve: env ITINERARY_SIGNING_CERTIFICATE)",
            valueName: "file"))
    var certificate: String?

    @Option(
        name: .customLong("signing-key"),
        help: ArgumentHelp(
            "The certificate's private key: RSA or EC, PEM, PKCS #8 or traditional. (serve: env "
                + "ITINERARY_SIGNING_KEY)",
            valueName: "file"))
    var key: String?

    @Option(
        name: .customLong("signing-key-password-file"),
        help: ArgumentHelp(
            "The password of an encrypted key, from this file (its first line). (serve: env "
                + "ITINERARY_SIGNING_KEY_PASSWORD_FILE)",
            valueName: "file"))
    var keyPasswordFile: String?

    @Option(
        name: .customLong("timestamp-url"),
        help: ArgumentHelp(
            "An RFC 3161 time-stamp authority (http:// or https://) that time-stamps each signature (PAdES B-T); "
                + "one that does not answer within 10 seconds is an error and nothing is written. (serve: env "
                + "ITINERARY_TIMESTAMP_URL)",
            valueName: "url"))
    var timestampURL: String?

    /// The files and the authority, flags first, then the environment's variables (`serve` alone passes them).
    func resolved(_ environment: [String: String] = [:]) -> SigningFlags {
        var flags = SigningFlags()
        flags.certificate = environment.setting(certificate, "ITINERARY_SIGNING_CERTIFICATE")
        flags.key = environment.setting(key, "ITINERARY_SIGNING_KEY")
        flags.keyPasswordFile = environment.setting(keyPasswordFile, "ITINERARY_SIGNING_KEY_PASSWORD_FILE")
        flags.timestampURL = environment.setting(timestampURL, "ITINERARY_TIMESTAMP_URL")
        return flags
    }

    /// The identity, read and checked, and the authority; nil without a certificate and key. A usage
    /// mistake or a file that cannot sign is one sentence on standard error and exit 64.
    func signing() throws(ExitCode) -> (identity: SigningIdentity, timestampURL: String?)? {
        guard let certificate, let key else {
            if certificate != nil || key != nil {
                Console.error("--signing-certificate and --signing-key go together: the certificate and its key.")
                throw ExitCode.validationFailure
            }
            if keyPasswordFile != nil || timestampURL != nil {
                Console.error(
                    "--\(keyPasswordFile != nil ? "signing-key-password-file" : "timestamp-url") needs "
                        + "--signing-certificate and --signing-key.")
                throw ExitCode.validationFailure
            }
            return nil
        }
        do throws(Problem) {
            let identity = try SigningIdentity(
                certificateFile: certificate, keyFile: key, passwordFile: keyPasswordFile)
            var options = RenderOptions()
            options.signing = (identity, timestampURL)
            try options.check()  // the authority's URL
            return (identity, timestampURL)
        } catch {
            // A file's problem names the file (its location); a URL's is the sentence alone.
            Console.error(error.code == .badSigningIdentity ? error.description : error.message)
            throw ExitCode.validationFailure
        }
    }
}
