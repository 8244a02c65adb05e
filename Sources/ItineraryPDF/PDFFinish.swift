internal import CPDFFinish

/// What Cairo 1.16 cannot write for PDF/UA-1 (and PDF/A-2a), added to its
/// PDF by CPDFFinish, a finisher made for Cairo 1.16's own files: the catalog's /Lang, XMP metadata
/// with dc:title and pdfuaid, DisplayDocTitle, /Alt on the figures, artifacts
/// around everything drawn outside a structure element, /CIDToGIDMap, and for
/// PDF/A the sRGB output intent and pdfaid.
enum PDFFinish {
    /// The sRGB profile of Debian's icc-profiles-free, for PDF/A's output intent.
    static let iccProfile = "/usr/share/color/icc/sRGB.icc"

    /// What the file carries besides its pages (issue #45): the trip as an attachment, and a password.
    struct Extras {
        var attachment: PDFAttachment?
        var password: PDFPassword?
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
        // The salts, keys and IVs of the encryption come from the finisher's generator, seeded here
        // from the system's: the finisher itself reads no clock and no random source.
        var seed = [UInt8](repeating: 0, count: 32)
        if extras.password != nil {
            var generator = SystemRandomNumberGenerator()
            for index in seed.indices { seed[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        let user = extras.password?.user ?? [], owner = extras.password?.owner ?? []
        let finished: OpaquePointer?
        if let attachment = extras.attachment {
            finished = attachment.name.withCString { name in
                attachment.description.withCString { description in
                    run(pdf, language, title, joined, sizes, pdfA, extras, name, description, user, owner, seed, &error)
                }
            }
        } else {
            finished = run(pdf, language, title, joined, sizes, pdfA, extras, nil, nil, user, owner, seed, &error)
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
        _ pdfA: Bool, _ extras: Extras, _ name: UnsafePointer<CChar>?, _ description: UnsafePointer<CChar>?,
        _ user: [UInt8], _ owner: [UInt8], _ seed: [UInt8], _ error: inout [CChar]
    ) -> OpaquePointer? {
        let attachment = extras.attachment?.bytes ?? []
        return attachment.withUnsafeBufferPointer { attached in
            user.withUnsafeBufferPointer { user in
                owner.withUnsafeBufferPointer { owner in
                    seed.withUnsafeBufferPointer { seed in
                        var c = itinerary_pdf_extras()
                        if extras.attachment != nil {
                            // A file of no bytes is still a file: the pointer must not be NULL.
                            c.attachment = attached.baseAddress ?? seed.baseAddress
                            c.attachment_size = attached.count
                            c.attachment_name = name
                            c.attachment_description = description
                        }
                        if extras.password != nil {
                            c.user_password = user.baseAddress
                            c.user_password_size = user.count
                            if !owner.isEmpty {
                                c.owner_password = owner.baseAddress
                                c.owner_password_size = owner.count
                            }
                            c.random_seed = seed.baseAddress
                            c.random_seed_size = seed.count
                        }
                        return itinerary_pdf_finish_run_extras(
                            pdf.baseAddress, pdf.count, language, title, joined, joined.count, sizes, sizes.count,
                            pdfA ? 1 : 0, pdfA ? iccProfile : nil, &c, &error, error.count)
                    }
                }
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
