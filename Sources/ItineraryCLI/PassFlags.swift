import ArgumentParser
import Foundation
import ItineraryKit

/// Who signs Wallet passes (issue #53), as flags: shared by `render` and `serve`. The identity is read and
/// checked before anything is drawn; a file that cannot sign, a certificate that is not a Pass Type ID
/// certificate, or a pass asked for without one, is one sentence and exit 64.
struct PassFlags: ParsableArguments {
    @Option(
        name: .customLong("pass-certificate"),
        help: ArgumentHelp(
            "Sign Wallet passes (--format pkpass) with the app's Pass Type ID certificate in this PEM file, "
                + "Apple's WWDR intermediate after it. Needs --pass-key. (serve: env ITINERARY_PASS_CERTIFICATE)",
            valueName: "file"))
    var certificate: String?

    @Option(
        name: .customLong("pass-key"),
        help: ArgumentHelp(
            "The Pass Type ID certificate's private key, PEM. (serve: env ITINERARY_PASS_KEY)", valueName: "file"))
    var key: String?

    @Option(
        name: .customLong("pass-key-password-file"),
        help: ArgumentHelp(
            "The password of an encrypted --pass-key, from this file (its first line). (serve: env "
                + "ITINERARY_PASS_KEY_PASSWORD_FILE)",
            valueName: "file"))
    var keyPasswordFile: String?

    /// The files, flags first, then the environment's variables (`serve` alone passes them).
    func resolved(_ environment: [String: String] = [:]) -> PassFlags {
        var flags = PassFlags()
        flags.certificate = environment.setting(certificate, "ITINERARY_PASS_CERTIFICATE")
        flags.key = environment.setting(key, "ITINERARY_PASS_KEY")
        flags.keyPasswordFile = environment.setting(keyPasswordFile, "ITINERARY_PASS_KEY_PASSWORD_FILE")
        return flags
    }

    /// The identity, read and checked as a pass's signer; nil without a certificate and key, which
    /// `needed` (a pass format asked for) refuses. One sentence on standard error and exit 64.
    func identity(needed: Bool = false) throws(ExitCode) -> SigningIdentity? {
        guard let certificate, let key else {
            if certificate != nil || key != nil || keyPasswordFile != nil {
                Console.error(
                    keyPasswordFile != nil && certificate == nil && key == nil
                        ? "--pass-key-password-file needs --pass-certificate and --pass-key."
                        : "--pass-certificate and --pass-key go together: the certificate and its key.")
                throw ExitCode.validationFailure
            }
            if needed {
                Console.error(
                    "a Wallet pass is signed with the app's Pass Type ID certificate: give --pass-certificate "
                        + "(then Apple's WWDR intermediate) and --pass-key.")
                throw ExitCode.validationFailure
            }
            return nil
        }
        do throws(Problem) {
            let identity = try SigningIdentity(
                certificateFile: certificate, keyFile: key, passwordFile: keyPasswordFile)
            var options = RenderOptions()
            options.passIdentity = identity
            try options.check()  // a Pass Type ID certificate: UID and OU
            return identity
        } catch {
            // A file's problem names the file (its location); a certificate that is not a pass's, the certificate's.
            Console.error(
                error.location == "passIdentity"
                    ? "\(certificate): \(error.message)"
                    : error.code == .badSigningIdentity ? error.description : error.message)
            throw ExitCode.validationFailure
        }
    }
}
