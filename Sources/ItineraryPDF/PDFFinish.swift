internal import CPDFFinish
import Foundation
import ItinerarySigning

/// What Cairo 1.16 cannot write for PDF/UA-1 (and PDF/A), added to its
/// PDF by CPDFFinish, a finisher made for Cairo 1.16's own files: the catalog's /Lang, XMP metadata
/// with dc:title and pdfuaid, DisplayDocTitle, /Alt on the figures, artifacts
/// around everything drawn outside a structure element, /CIDToGIDMap, and for
/// PDF/A the sRGB output intent and pdfaid.
enum PDFFinish {
    /// The sRGB profile of Debian's icc-profiles-free, for PDF/A's output intent.
    static let iccProfile = "/usr/share/color/icc/sRGB.icc"

    /// What the file carries besides its pages (issue #45): the trip as an attachment, and the keys
    /// derived from its passwords.
    struct Extras {
        var attachment: PDFAttachment?
        var keys: Keys?
        /// Who signs the PDF, and how (issue #51); nil: not signed.
        var signature: PDFSignatureRequest?
    }

    /// The keys of AES-256 encryption (revision 6), derived from the passwords and 32 bytes of the
    /// system's random source: ISO 32000-2's deliberately slow hash (algorithm 2.B, four times) is
    /// about 2.6 ms, a fifth of a 14-day book's render, so it runs on another thread while the pages
    /// are drawn (`derive`), and the finisher only encrypts.
    final class Keys: @unchecked Sendable {
        // @unchecked: the finisher's keys are plain data, written once by the deriving thread and only
        // read after `wait` (the group orders the two).
        private var pointer: OpaquePointer?
        private var failure = ""
        private let done = DispatchGroup()

        /// Starts deriving the keys on another thread.
        static func derive(_ password: PDFPassword) -> Keys {
            let keys = Keys()
            keys.done.enter()
            DispatchQueue.global().async {
                keys.make(password)
                keys.done.leave()
            }
            return keys
        }

        private func make(_ password: PDFPassword) {
            var seed = [UInt8](repeating: 0, count: 32)
            var generator = SystemRandomNumberGenerator()
            for index in seed.indices { seed[index] = UInt8.random(in: 0...255, using: &generator) }
            var error = [CChar](repeating: 0, count: 256)
            let owner = password.owner ?? []
            pointer = owner.withUnsafeBufferPointer { owner in
                itinerary_pdf_keys_derive(
                    password.user, password.user.count, password.owner == nil ? nil : owner.baseAddress, owner.count,
                    seed, seed.count, &error, error.count)
            }
            failure = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// The keys, once derived.
        func wait() throws(CairoFailure) -> OpaquePointer {
            done.wait()
            guard let pointer else {
                throw CairoFailure(operation: "deriving the PDF's encryption keys", reason: failure)
            }
            return pointer
        }

        deinit {
            done.wait()
            itinerary_pdf_keys_free(pointer)
        }
    }

    static func finish(
        _ pdf: UnsafeBufferPointer<UInt8>, language: String, title: String, alternatives: [String], pdfA: Bool,
        extras: Extras = Extras()
    ) throws(CairoFailure) -> [UInt8] {
        // Each text's UTF-8 with its length, so that a text holding U+0000 stays whole.
        var joined: [CChar] = []
        var sizes: [Int] = []
        for alternative in alternatives {
            joined += alternative.utf8.map { CChar(bitPattern: $0) }
            sizes.append(alternative.utf8.count)
        }
        let keys = try extras.keys?.wait()
        func attempt(signatureSize: Int) throws(CairoFailure) -> OpaquePointer {
            var error = [CChar](repeating: 0, count: 512)
            let label = extras.signature?.label ?? ""
            let finished: OpaquePointer? = label.withCString { label in
                let signing = (size: extras.signature == nil ? 0 : signatureSize, label: label)
                guard let attachment = extras.attachment else {
                    return run(pdf, language, title, joined, sizes, pdfA, nil, nil, nil, keys, signing, &error)
                }
                return attachment.name.withCString { name in
                    attachment.description.withCString { description in
                        run(
                            pdf, language, title, joined, sizes, pdfA, attachment, name, description, keys, signing,
                            &error)
                    }
                }
            }
            guard let finished else {
                throw CairoFailure(operation: "finishing the PDF for PDF/UA", reason: text(error))
            }
            return finished
        }
        var finished = try attempt(signatureSize: extras.signature?.sizeHint ?? 0)
        defer { itinerary_pdf_finish_free(finished) }  // the last file made, however this ends
        if let signature = extras.signature {
            // The room is the identity's certificates and signature, and a time stamp's usual size; a larger
            // signature (an authority's long chain) is signed again in a file made with room for it.
            for tries in 1...2 {
                let der = try sign(finished, signature)
                var error = [CChar](repeating: 0, count: 512)
                if itinerary_pdf_finish_set_signature(finished, der, der.count, &error, error.count) == 0 { break }
                guard tries < 2 else { throw CairoFailure(operation: "signing the PDF", reason: text(error)) }
                let roomier = try attempt(signatureSize: der.count + 4096)
                itinerary_pdf_finish_free(finished)
                finished = roomier
            }
        }
        var bytes = [UInt8](repeating: 0, count: itinerary_pdf_finish_size(finished))
        itinerary_pdf_finish_copy(finished, &bytes)
        return bytes
    }

    /// The signature of a finished PDF's bytes but its /Contents.
    private static func sign(_ finished: OpaquePointer, _ request: PDFSignatureRequest) throws(CairoFailure) -> [UInt8]
    {
        var start = 0
        var end = 0
        itinerary_pdf_finish_signature_gap(finished, &start, &end)
        // The finished file, signed where the finisher holds it: a copy would be the whole file again (8 MB for
        // the year's book, whose peak is held under 100 MB).
        let bytes = UnsafeRawBufferPointer(
            start: itinerary_pdf_finish_bytes(finished), count: itinerary_pdf_finish_size(finished))
        do {
            return try request.identity.signature(of: bytes, skipping: start..<end, timestamp: request.timestamp)
        } catch {
            throw CairoFailure(operation: "signing the PDF", reason: error.description, signing: error)
        }
    }

    private static func text(_ error: [CChar]) -> String {
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The finisher's call, with the extras' C strings and bytes in place.
    private static func run(
        _ pdf: UnsafeBufferPointer<UInt8>, _ language: String, _ title: String, _ joined: [CChar], _ sizes: [Int],
        _ pdfA: Bool, _ attachment: PDFAttachment?, _ name: UnsafePointer<CChar>?,
        _ description: UnsafePointer<CChar>?, _ keys: OpaquePointer?,
        _ signing: (size: Int, label: UnsafePointer<CChar>), _ error: inout [CChar]
    ) -> OpaquePointer? {
        let bytes = attachment?.bytes ?? []
        let empty: [UInt8] = [0]
        return bytes.withUnsafeBufferPointer { attached in
            empty.withUnsafeBufferPointer { empty in
                var c = itinerary_pdf_extras()
                if attachment != nil {
                    // A file of no bytes is still a file: the pointer must not be NULL.
                    c.attachment = attached.baseAddress ?? empty.baseAddress
                    c.attachment_size = attached.count
                    c.attachment_name = name
                    c.attachment_description = description
                }
                c.keys = keys
                if signing.size > 0 {
                    c.signature_size = signing.size
                    c.signature_label = signing.label
                }
                return itinerary_pdf_finish_run_extras(
                    pdf.baseAddress, pdf.count, language, title, joined, joined.count, sizes, sizes.count,
                    pdfA ? 1 : 0, pdfA ? iccProfile : nil, &c, &error, error.count)
            }
        }
    }
}

/// The trip a PDF carries as an embedded file (`application/json`, related to the document as its source).
package struct PDFAttachment: Sendable {
    /// The file's bytes: the trip's JSON.
    package var bytes: [UInt8]
    /// Its name in the PDF, `spring-swing-2026.json`.
    package var name: String
    /// What it is, in the document's language.
    package var description: String

    package init(bytes: [UInt8], name: String, description: String) {
        self.bytes = bytes
        self.name = name
        self.description = description
    }
}

/// The passwords that lock a PDF (AES-256, revision 6): the user's opens it; the owner's, when
/// given, is the permissions password (else the user's is).
package struct PDFPassword: Sendable {
    package var user: [UInt8]
    package var owner: [UInt8]?

    package init(user: [UInt8], owner: [UInt8]? = nil) {
        self.user = user
        self.owner = owner
    }
}

/// A PDF's signature as asked for (issue #51): who signs, the time-stamp authority of a B-T signature, and the
/// signature field's label, in the document's language.
package struct PDFSignatureRequest: Sendable {
    package var identity: SigningIdentity
    package var timestamp: TimestampAuthority?
    /// What assistive technology reads for the invisible field (its /TU).
    package var label: String

    package init(identity: SigningIdentity, timestamp: TimestampAuthority?, label: String) {
        self.identity = identity
        self.timestamp = timestamp
        self.label = label
    }

    /// The DER bytes to make room for: the identity's, and a time stamp's usual 8 KiB (a token with its
    /// authority's chain); more is signed again with room for it.
    var sizeHint: Int { identity.signatureSizeHint + (timestamp == nil ? 0 : 8192) }
}
