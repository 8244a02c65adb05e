internal import CPDFFinish

/// What Cairo 1.16 cannot write for PDF/UA-1 (and PDF/A-2a), added to its
/// PDF by CPDFFinish, a finisher made for Cairo 1.16's own files: the catalog's /Lang, XMP metadata
/// with dc:title and pdfuaid, DisplayDocTitle, /Alt on the figures, artifacts
/// around everything drawn outside a structure element, /CIDToGIDMap, and for
/// PDF/A the sRGB output intent and pdfaid.
enum PDFFinish {
    /// The sRGB profile of Debian's icc-profiles-free, for PDF/A's output intent.
    static let iccProfile = "/usr/share/color/icc/sRGB.icc"

    static func finish(
        _ pdf: UnsafeBufferPointer<UInt8>, language: String, title: String, alternatives: [String], pdfA: Bool
    ) throws(CairoFailure) -> [UInt8] {
        // Each text's UTF-8 with its length, so that a text holding U+0000 stays whole.
        var joined: [CChar] = []
        var sizes: [Int] = []
        for alternative in alternatives {
            joined += alternative.utf8.map { CChar(bitPattern: $0) }
            sizes.append(alternative.utf8.count)
        }
        var error = [CChar](repeating: 0, count: 512)
        let finished = itinerary_pdf_finish_run_sized(
            pdf.baseAddress, pdf.count, language, title, joined, joined.count, sizes, sizes.count, pdfA ? 1 : 0,
            pdfA ? iccProfile : nil, &error, error.count)
        guard let finished else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CairoFailure(operation: "finishing the PDF for PDF/UA", reason: reason)
        }
        defer { itinerary_pdf_finish_free(finished) }
        var bytes = [UInt8](repeating: 0, count: itinerary_pdf_finish_size(finished))
        itinerary_pdf_finish_copy(finished, &bytes)
        return bytes
    }
}
