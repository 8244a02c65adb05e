import Foundation
import ItineraryKit
import TestSupport
import Testing

/// Signed PDFs (issue #51), judged by readers no one here wrote: pyHanko 0.38 (with the test's own
/// roots), poppler's pdfsig and `openssl cms -verify` (Scripts/signing.py), and by `itinerary verify`.
/// The certificates and the time-stamp authority on 127.0.0.1 are the test's own.
@Suite struct SigningCommandTests {
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/ItineraryCLITests/Scripts/signing.py")

    /// The certificates and keys (signing.py's docstring lists them), made once for the suite.
    static let pki: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itinerary-pki-\(UUID().uuidString)")
        let made = try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "pki", folder.path])
        precondition(made?.status == 0, "signing.py pki: \(made?.stderr ?? "did not run")")
        return folder
    }()

    static func file(_ name: String) -> String { pki.appendingPathComponent(name).path }

    /// The flags that sign with `certificate` and `key` of the test's PKI.
    static func signing(_ certificate: String = "chain.pem", _ key: String = "signer.key") -> [String] {
        ["--signing-certificate", file(certificate), "--signing-key", file(key)]
    }

    static func check(_ pdf: URL, _ extra: [String] = []) throws -> RunResult {
        try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "check", pki.path, pdf.path] + extra)
    }

    static let epoch = ["SOURCE_DATE_EPOCH": "1772755200"]

    @Test func aSignedBookAndDaySheetsPassEveryCheckerAndVerify() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, extra) in [
            ("book", ["--signing-key", Self.file("signer-pkcs8.key")]), ("sheets", ["--layout", "day-sheets"]),
        ] {
            let pdf = folder.appendingPathComponent("\(name).pdf")
            var arguments = ["render", "-o", pdf.path] + Self.signing()
            if extra.first == "--signing-key" {
                arguments = ["render", "-o", pdf.path, "--signing-certificate", Self.file("chain.pem")] + extra
            } else {
                arguments += extra
            }
            let rendered = try runItinerary(arguments, environment: Self.epoch)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let checked = try Self.check(pdf)
            #expect(checked.status == 0, "\(name): \(checked.stdout)\(checked.stderr)")
            let verified = try runItinerary(["verify", pdf.path, "--trust", Self.file("root.pem")])
            #expect(verified.status == 0, "\(verified.stderr)")
            #expect(verified.stdout.contains("signer: Alpine Tours\n"))
            #expect(verified.stdout.contains("signing time: 2026-03-06 00:00:00 UTC\n"))
            #expect(verified.stdout.contains("level: PAdES B-B\n"))
            #expect(verified.stdout.contains("every byte is as signed"))
        }
    }

    @Test func oneChangedByteAnAppendedUpdateOrAMovedRangeFailEveryChecker() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("signed.pdf")
        #expect(try runItinerary(["render", "-o", pdf.path] + Self.signing(), environment: Self.epoch).status == 0)
        let bytes = try [UInt8](Data(contentsOf: pdf))
        // One byte of the file's header comment, of the middle, and of its last line.
        for (index, offset) in [10, bytes.count / 2, bytes.count - 3].enumerated() {
            var changed = bytes
            changed[offset] ^= 0x01
            let file = folder.appendingPathComponent("changed-\(index).pdf")
            try Data(changed).write(to: file)
            let checked = try Self.check(file, ["--broken"])
            #expect(checked.status == 0, "byte \(offset): \(checked.stdout)\(checked.stderr)")
            let verified = try runItinerary(["verify", file.path])
            #expect(verified.status == 1 && verified.stdout.isEmpty, "byte \(offset): \(verified.stdout)")
            #expect(verified.stderr.hasPrefix("\(file.path): the PDF"), "\(verified.stderr)")
        }
        // An incremental update appended: the signature still covers its own bytes, not the file.
        let appended = folder.appendingPathComponent("appended.pdf")
        try Data(bytes + Array("\n1 0 obj\n<</Changed true>>\nendobj\n".utf8)).write(to: appended)
        let afterAppend = try runItinerary(["verify", appended.path])
        #expect(afterAppend.status == 1)
        #expect(afterAppend.stderr.contains("was changed after it was signed: its signature covers"))
        // The range moved by one byte, at the same width: the gap is no longer the signature's /Contents.
        let marker = Array("/ByteRange[0 ".utf8)
        let at =
            try #require(
                (0..<(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
            + marker.count
        func withRange(_ numbers: String) -> [UInt8] {
            var edited = bytes
            edited.replaceSubrange(
                at..<(at + 62), with: Array(numbers.padding(toLength: 62, withPad: " ", startingAt: 0).utf8))
            return edited
        }
        let written = String(decoding: bytes[at..<(at + 62)], as: UTF8.self).split(separator: " ").compactMap {
            Int($0)
        }
        #expect(written.count == 3)
        let shifted = folder.appendingPathComponent("shifted.pdf")
        try Data(withRange("\(written[0] - 1) \(written[1] - 1) \(written[2] + 1)")).write(to: shifted)
        let afterShift = try runItinerary(["verify", shifted.path])
        #expect(afterShift.status == 1 && afterShift.stderr.contains("does not cover the whole PDF"), "\(afterShift)")
        #expect(try Self.check(shifted, ["--broken"]).status == 0)
        // Numbers as large as PDF integers go, which a sum would overflow.
        let hostile = folder.appendingPathComponent("hostile.pdf")
        try Data(withRange("1 2 9223372036854775807")).write(to: hostile)
        let afterHostile = try runItinerary(["verify", hostile.path])
        #expect(afterHostile.status == 1 && afterHostile.stderr.contains("does not cover the whole PDF"))
    }

    @Test func aTimeStampedSignatureIsBTAndItsAuthorityMustBeTrusted() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try TimeStampAuthority()
        defer { authority.stop() }
        let pdf = folder.appendingPathComponent("stamped.pdf")
        let rendered = try runItinerary(
            ["render", "-o", pdf.path, "--timestamp-url", authority.url] + Self.signing(), environment: Self.epoch)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let checked = try Self.check(pdf, ["--timestamped"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let verified = try runItinerary(["verify", pdf.path, "--trust", Self.file("roots.pem")])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("level: PAdES B-T (time-stamped "))
        #expect(verified.stdout.contains(" by Itinerary Test TSA)"))
        // Trusting the signer's root alone leaves the authority untrusted.
        let signerRootOnly = try runItinerary(["verify", pdf.path, "--trust", Self.file("root.pem")])
        #expect(signerRootOnly.status == 1)
        #expect(signerRootOnly.stderr.contains("its time stamp's authority Itinerary Test TSA does not chain"))
        // And a root that is not the signer's: intact, untrusted.
        let wrongRoot = try runItinerary(["verify", pdf.path, "--trust", Self.file("tsa-root.pem")])
        #expect(wrongRoot.status == 1, "\(wrongRoot.stdout)")
        // A token larger than the room first made: the PDF is made again with room for it.
        let large = try TimeStampAuthority(large: true)
        defer { large.stop() }
        let roomy = folder.appendingPathComponent("roomy.pdf")
        let again = try runItinerary(["render", "-o", roomy.path, "--timestamp-url", large.url] + Self.signing())
        #expect(again.status == 0, "\(again.stderr)")
        let roomyChecked = try Self.check(roomy, ["--timestamped"])
        #expect(roomyChecked.status == 0, "\(roomyChecked.stdout)\(roomyChecked.stderr)")
        #expect(try runItinerary(["verify", roomy.path, "--trust", Self.file("roots.pem")]).status == 0)
        #expect(try Data(contentsOf: roomy).count > (try Data(contentsOf: pdf).count) + 16_000)
    }

    @Test func anHTTPSAuthorityMustShowACertificateTheSystemTrusts() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try TimeStampAuthority(tls: true)
        defer { authority.stop() }
        #expect(authority.url.hasPrefix("https://127.0.0.1:"))
        // OpenSSL's default roots are the system's; SSL_CERT_FILE names others, here the test's own root.
        let pdf = folder.appendingPathComponent("tls.pdf")
        let trusted = try runItinerary(
            ["render", "-o", pdf.path, "--timestamp-url", authority.url] + Self.signing(),
            environment: ["SSL_CERT_FILE": Self.file("root.pem")])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let checked = try Self.check(pdf, ["--timestamped"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        // The system's roots do not know the test's: no time stamp from a server that cannot prove its name.
        let refused = folder.appendingPathComponent("refused.pdf")
        let untrusted = try runItinerary(
            ["render", "-o", refused.path, "--timestamp-url", authority.url] + Self.signing())
        #expect(untrusted.status == 1)
        #expect(
            untrusted.stderr.contains("did not time-stamp the signature: certificate verify failed"),
            "\(untrusted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refused.path))
    }

    @Test func aSignatureAnotherToolMadeIsVerified() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.pdf"), theirs = folder.appendingPathComponent("theirs.pdf")
        #expect(try runItinerary(["render", "-o", plain.path]).status == 0)
        let signed = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Self.script.path, "sign", Self.pki.path, plain.path, theirs.path])
        #expect(signed.status == 0, "\(signed.stderr)")
        let verified = try runItinerary(["verify", theirs.path, "--trust", Self.file("root.pem")])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("level: PAdES B-B\n"))
        var bytes = try [UInt8](Data(contentsOf: theirs))
        bytes[100] ^= 1
        try Data(bytes).write(to: theirs)
        #expect(try runItinerary(["verify", theirs.path]).status == 1)
    }

    /// Authorities that play the attacker: one that never answers, resets the connection, answers bytes that are
    /// no time-stamp response, or answers a good token of another signature (with the query's nonce).
    @Test(arguments: [
        ("stall", "timeout"), ("reset", "failed reading data"), ("garbage", "missing asn1 encoding"),
        ("replay", "its token is not one of this signature"),
    ])
    func aHostileAuthorityGetsNoSignatureWritten(evil: String, reason: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let authority = try TimeStampAuthority(evil: evil)
        defer { authority.stop() }
        let pdf = folder.appendingPathComponent("never.pdf")
        let result = try runItinerary(["render", "-o", pdf.path, "--timestamp-url", authority.url] + Self.signing())
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("the time-stamp authority \(authority.url) did not time-stamp"))
        #expect(result.stderr.contains(reason), "\(evil): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
    }

    @Test func anAuthorityThatDoesNotAnswerWritesNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("never.pdf")
        // Nothing listens on the discard port of loopback.
        let result = try runItinerary(
            ["render", "-o", pdf.path, "--timestamp-url", "http://127.0.0.1:9/tsa"] + Self.signing())
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("the time-stamp authority http://127.0.0.1:9/tsa did not time-stamp"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
    }

    @Test func aLockedPDFIsSignedAfterLockingAndOpensWithItsPassword() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let password = folder.appendingPathComponent("password"), pdf = folder.appendingPathComponent("locked.pdf")
        try Data("open sesame\n".utf8).write(to: password)
        let rendered = try runItinerary(["render", "-o", pdf.path, "--password-file", password.path] + Self.signing())
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let checked = try Self.check(pdf, ["--password", "open sesame"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let verified = try runItinerary(
            ["verify", pdf.path, "--password-file", password.path, "--trust", Self.file("root.pem")])
        #expect(verified.status == 0, "\(verified.stderr)")
        // Locked: cannot be read without it, and the sentence says how to give it, not that a password is wrong.
        let withoutPassword = try runItinerary(["verify", pdf.path])
        #expect(withoutPassword.status == 1)
        #expect(
            withoutPassword.stderr == "\(pdf.path): the PDF is locked; give its password with --password-file FILE.\n")
    }

    @Test func rsaSignaturesAreTheSameBytesOnEveryRun() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.pdf"), second = folder.appendingPathComponent("second.pdf")
        for file in [first, second] {
            #expect(
                try runItinerary(["render", "-o", file.path] + Self.signing(), environment: Self.epoch).status == 0)
        }
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }

    @Test func ecAndEncryptedKeysSign() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, flags) in [
            ("ec", Self.signing("ec.pem", "ec.key")),
            (
                "pkcs8",
                Self.signing("chain.pem", "signer-encrypted.key") + [
                    "--signing-key-password-file", Self.file("key-password"),
                ]
            ),
            (
                "traditional",
                Self.signing("chain.pem", "signer-encrypted-traditional.key") + [
                    "--signing-key-password-file", Self.file("key-password"),
                ]
            ),
        ] {
            let pdf = folder.appendingPathComponent("\(name).pdf")
            let rendered = try runItinerary(["render", "-o", pdf.path] + flags)
            #expect(rendered.status == 0, "\(name): \(rendered.stderr)")
            let checked = try Self.check(pdf)
            #expect(checked.status == 0, "\(name): \(checked.stdout)\(checked.stderr)")
        }
    }

    /// Every refusal of the issue: exit 64, one sentence naming the file, nothing written.
    @Test(arguments: [
        (["chain.pem", "other.key"], "other.key", "is not the key of the certificate in"),
        (["expired.pem", "expired.key"], "expired.pem", "the certificate expired on"),
        (["future.pem", "future.key"], "future.pem", "the certificate is not valid before"),
        (["nousage.pem", "nousage.key"], "nousage.pem", "may not sign documents"),
        (["chain.pem", "signer-encrypted.key"], "signer-encrypted.key", "is encrypted, and no password was given"),
        (
            ["chain.pem", "signer-encrypted-traditional.key", "wrong-password"], "signer-encrypted-traditional.key",
            "does not open this private key"
        ),
        (["empty.pem", "signer.key"], "empty.pem", "holds no PEM certificate"),
        (
            ["not-a-certificate.pem", "signer.key"], "not-a-certificate.pem",
            "a certificate in this file cannot be read"
        ),
        (["chain.pem", "chain.pem"], "chain.pem", "holds no PEM private key"),
        (["missing.pem", "signer.key"], "missing.pem", "cannot read this file"),
    ])
    func identitiesThatCannotSignAreRefused(files: [String], atFault: String, sentence: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("refused.pdf")
        var arguments = ["render", "-o", pdf.path] + Self.signing(files[0], files[1])
        if files.count > 2 { arguments += ["--signing-key-password-file", Self.file(files[2])] }
        let result = try runItinerary(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(Self.file(atFault) + ": "), "\(result.stderr)")
        #expect(result.stderr.contains(sentence), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
    }

    @Test func wrongCallsAreExit64AndAnUnsignedPDFIsNotSigned() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("plain.pdf")
        for arguments in [
            ["--signing-certificate", Self.file("chain.pem")],
            ["--timestamp-url", "http://127.0.0.1:9/"],
            Self.signing() + ["--timestamp-url", "ftp://tsa.example/"],
        ] {
            let result = try runItinerary(["render", "-o", pdf.path] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: pdf.path))
        }
        #expect(try runItinerary(["render", "-o", pdf.path]).status == 0)
        let unsigned = try runItinerary(["verify", pdf.path])
        #expect(unsigned.status == 1 && unsigned.stderr == "\(pdf.path): the PDF is not signed.\n")
        let badTrust = try runItinerary(["verify", pdf.path, "--trust", Self.file("empty.pem")])
        #expect(badTrust.status == 64, "\(badTrust.stderr)")
    }

    @Test func aSignedPDFStaysPDFUAAndPDFA() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("ua.pdf"), archived = folder.appendingPathComponent("a.pdf")
        #expect(try runItinerary(["render", "-o", plain.path] + Self.signing()).status == 0)
        #expect(try runItinerary(["render", "-o", archived.path, "--pdf-a"] + Self.signing()).status == 0)
        let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
        let checker = Fixtures.packageRoot.appendingPathComponent("Scripts/check_pdf.py").path
        for (file, flags) in [(plain, [String]()), (archived, ["--pdfa"])] {
            let result = try runProcess(python, [checker] + flags + [file.path])
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.stdout)\(result.stderr)")
            #expect(try Self.check(file).status == 0)
        }
    }

    @Test func theIdentityTellsWhatAPassNeeds() throws {
        let identity = try SigningIdentity(
            certificateFile: Self.file("chain.pem"), keyFile: Self.file("signer-encrypted.key"),
            passwordFile: Self.file("key-password"))
        #expect(identity.name == "Alpine Tours")
        #expect(identity.userID == "pass.travel.alpine")
        #expect(identity.organizationalUnit == "ABCDE12345")
        #expect(identity.certificateChain.count == 2)
        #expect(identity.validity.contains(Date()))
        let bytes = try SigningIdentity(
            certificate: Array(try Data(contentsOf: Self.pki.appendingPathComponent("ec.pem"))),
            key: Array(try Data(contentsOf: Self.pki.appendingPathComponent("ec.key"))))
        #expect(bytes.name == "Alpine Tours EC" && bytes.userID == nil)
        #expect(throws: Problem.self) {
            try SigningIdentity(certificate: Array("no".utf8), key: Array("no".utf8))
        }
    }
}

/// signing.py's time-stamp authority on a loopback port, for as long as the test holds it.
final class TimeStampAuthority: Sendable {
    private let process: Process
    private let input: Pipe
    let url: String

    /// `large`: tokens with 16 more certificates, larger than the room a signed PDF first makes; `tls`: https,
    /// with a certificate for 127.0.0.1 from the test's root; `evil`: signing.py's attacker (stall, reset, …).
    init(large: Bool = false, tls: Bool = false, evil: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", SigningCommandTests.script.path, "tsa", SigningCommandTests.pki.path]
            + (large ? ["--large"] : []) + (tls ? ["--tls"] : []) + (evil.map { ["--evil", $0] } ?? [])
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = output.fileHandleForReading.availableData
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.process = process
        self.input = input
        url = "\(tls ? "https" : "http")://127.0.0.1:\(port)/tsa"
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
