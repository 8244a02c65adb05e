internal import CPDFFinish
import Foundation

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
        var error = [CChar](repeating: 0, count: 512)
        let keys = try extras.keys?.wait()
        let finished: OpaquePointer?
        if let attachment = extras.attachment {
            finished = attachment.name.withCString { name in
                attachment.description.withCString { description in
                    run(pdf, language, title, joined, sizes, pdfA, extras.attachment, name, description, keys, &error)
                }
            }
        } else {
            finished = run(pdf, language, title, joined, sizes, pdfA, nil, nil, nil, keys, &error)
        }
        guard let finished else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CairoFailure(operation: "finishing the PDF for PDF/UA", reason: reason)
        }
        defer { itinerary_pdf_finish_free(finished) }
        var bytes = [UInt8](repeating: 0, count: itinerary_pdf_finish_size(finished))
        itinerary_pdf_finish_copy(finished, &bytes)
        return bytes
    }

    /// The finisher's call, with the extras' C strings and bytes in place.
    private static func run(
        _ pdf: UnsafeBufferPointer<UInt8>, _ language: String, _ title: String, _ joined: [CChar], _ sizes: [Int],
        _ pdfA: Bool, _ attachment: PDFAttachment?, _ name: UnsafePointer<CChar>?,
        _ description: UnsafePointer<CChar>?, _ keys: OpaquePointer?, _ error: inout [CChar]
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
