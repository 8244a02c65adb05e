internal import CPDFRead
import Foundation

/// The trip a PDF carries (issue #45): the JSON it was made from, attached by the finisher as an
/// embedded file related to the document as its source, read back with qpdf (`Sources/CPDFRead`).
package enum AttachedTrip {
    /// Why a PDF's trip cannot be read, as the end of a sentence: "the PDF carries no trip …".
    package struct Failure: Error, CustomStringConvertible {
        package enum Kind: Sendable {
            /// Not a PDF, or damaged.
            case unreadable
            case noTrip
            /// Locked, and no password was given.
            case locked
            case wrongPassword
            /// The trip inflates past the limit: decoding stopped there.
            case tooLarge
        }
        package let kind: Kind
        package let description: String
    }

    /// The attached trip's bytes, exactly as the PDF holds them; a trip that inflates past `limit` bytes is
    /// refused as soon as it does (issue #50), so memory stays bounded whatever its stream holds.
    package static func read(pdf: [UInt8], password: [UInt8]? = nil, limit: Int) throws(Failure) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var error = [CChar](repeating: 0, count: 256)
        // qpdf takes the password as a C string: it stops at a NUL, which no password typed holds.
        let status = (password.map { String(decoding: $0, as: UTF8.self) }).withOptionalCString { password in
            itinerary_pdf_attached_trip(pdf, pdf.count, password, limit, &out, &count, &error, error.count)
        }
        guard status == 0, let out else {
            let kind: Failure.Kind
            switch status {
            case Int32(ITINERARY_PDF_READ_NO_TRIP): kind = .noTrip
            case Int32(ITINERARY_PDF_READ_LOCKED): kind = .locked
            case Int32(ITINERARY_PDF_READ_WRONG_PASSWORD): kind = .wrongPassword
            case Int32(ITINERARY_PDF_READ_TOO_LARGE): kind = .tooLarge
            default: kind = .unreadable
            }
            throw Failure(
                kind: kind,
                description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    /// Whether bytes are a PDF file rather than a trip's JSON: PDF's header comes first.
    package static func isPDF(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("%PDF-".utf8)) }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
