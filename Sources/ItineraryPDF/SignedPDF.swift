internal import CPDFRead
import Foundation
import ItinerarySigning

/// A signed PDF's signatures, checked (issue #51): the structure read with qpdf (`Sources/CPDFRead`),
/// each /ByteRange held to cover the whole file but its own /Contents, and the CMS signature checked
/// with OpenSSL (`ItinerarySigning`).
package enum SignedPDF {
    /// One signature that checks out.
    package struct Signature: Sendable {
        package enum Level: Sendable { case baselineB, baselineT, notBaseline }
        /// The signer as people read it.
        package var signer: String
        /// The signature dictionary's /M.
        package var signingTime: Date?
        package var level: Level
        /// The time stamp's time and its authority, for B-T.
        package var timestamp: (time: Date, authority: String)?
    }

    /// Why a PDF's signatures do not check out; every sentence of the check is here.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// The PDF cannot be read: qpdf's sentence.
        case unreadable(String)
        /// Locked, and no password given.
        case locked
        case notSigned
        /// Bytes after the signed range: an update appended after signing.
        case appended(signedBytes: Int, fileBytes: Int)
        /// A /ByteRange that does not leave out exactly its own /Contents.
        case badRange
        case unreadableSignature
        case changed(String)
        case badTimestamp(String)
        case untrusted(signer: String, reason: String)
        case untrustedTimestamp(authority: String, reason: String)

        package var description: String {
            switch self {
            case .unreadable(let reason): "\(reason)."
            case .locked: "the PDF is locked with a password."
            case .notSigned: "the PDF is not signed."
            case .appended(let signed, let file):
                "the PDF was changed after it was signed: its signature covers \(signed) bytes, and the file has "
                    + "\(file)."
            case .badRange:
                "the signature does not cover the whole PDF: its /ByteRange leaves out more than its own value."
            case .unreadableSignature: "the signature's value is not a CMS signature with its signer's certificate."
            case .changed(let reason): "the PDF was changed after it was signed (\(reason))."
            case .badTimestamp(let reason): "the signature's time stamp is not of this signature (\(reason))."
            case .untrusted(let signer, let reason):
                "the signature of \(signer) is intact, but its certificate does not chain to the trusted ones "
                    + "(\(reason))."
            case .untrustedTimestamp(let authority, let reason):
                "the signature is intact, but its time stamp's authority \(authority) does not chain to the trusted "
                    + "ones (\(reason))."
            }
        }
    }

    /// Every signature of the PDF, checked; with `roots` (PEM) the signers and time-stamp authorities must
    /// chain to them. Throws the first that does not check out.
    package static func check(
        pdf: [UInt8], password: [UInt8]? = nil, roots: [UInt8]? = nil, now: Date = Date()
    ) throws(Failure) -> [Signature] {
        // The fields as qpdf found them, in an array the reader allocates: copied, then freed.
        var fields: UnsafeMutablePointer<itinerary_pdf_signature>?
        var count = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = (password.map { String(decoding: $0, as: UTF8.self) }).withOptionalCString { password in
            itinerary_pdf_signatures(pdf, pdf.count, password, &fields, &count, &error, error.count)
        }
        guard status == 0 else {
            if status == Int32(ITINERARY_PDF_READ_LOCKED) { throw .locked }
            throw .unreadable(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(fields) }
        let found = Array(UnsafeBufferPointer(start: fields, count: count))
        guard !found.isEmpty else { throw .notSigned }
        var signatures: [Signature] = []
        for field in found { signatures.append(try check(field, pdf: pdf, roots: roots, now: now)) }
        return signatures
    }

    private static func check(
        _ field: itinerary_pdf_signature, pdf: [UInt8], roots: [UInt8]?, now: Date
    ) throws(Failure) -> Signature {
        let range = [field.byte_range.0, field.byte_range.1, field.byte_range.2, field.byte_range.3].map { Int($0) }
        guard field.byte_range_count == 4, field.contents_is_string != 0, range.allSatisfy({ $0 >= 0 }),
            range[0] == 0, range[1] < range[2], range[2] <= pdf.count
        else { throw .badRange }
        let (start, end, rest) = (range[1], range[2], range[3])
        // Compared without sums: a hostile range's numbers may be as large as a PDF integer goes.
        guard rest <= pdf.count - end else { throw .badRange }
        guard rest == pdf.count - end else { throw .appended(signedBytes: start + rest, fileBytes: pdf.count) }
        // The gap is this dictionary's /Contents, where qpdf read it, and holds nothing but its hex digits.
        guard Int(field.contents_offset) == start, pdf[start] == UInt8(ascii: "<"), pdf[end - 1] == UInt8(ascii: ">"),
            let der = hexBytes(pdf[(start + 1)..<(end - 1)])
        else { throw .badRange }
        let check = pdf.withUnsafeBytes {
            SignatureCheck(signature: der, of: $0, skipping: start..<end, roots: roots, now: now)
        }
        switch check.verdict {
        case .intact: break
        case .unreadable: throw .unreadableSignature
        case .changed: throw .changed(check.reason)
        case .badTimestamp: throw .badTimestamp(check.reason)
        case .untrusted: throw .untrusted(signer: check.signer, reason: check.reason)
        case .untrustedTimestamp:
            throw .untrustedTimestamp(authority: check.timestamp?.authority ?? "", reason: check.reason)
        }
        // qpdf's texts, C arrays of a fixed size, NUL-terminated: read as the bytes they are.
        let subFilter = withUnsafeBytes(of: field.sub_filter) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let time = withUnsafeBytes(of: field.signing_time) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let level: Signature.Level =
            subFilter == "ETSI.CAdES.detached" && check.isBaseline
            ? (check.timestamp == nil ? .baselineB : .baselineT) : .notBaseline
        return Signature(
            signer: check.signer, signingTime: pdfDate(time), level: level, timestamp: check.timestamp)
    }

    /// The bytes hexadecimal digits stand for; nil for anything but an even number of digits.
    static func hexBytes(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = digits.startIndex
        while index < digits.endIndex {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// A PDF date, `D:YYYYMMDDHHmmSS` and `Z` or an offset `+HH'mm`; nil for anything else.
    static func pdfDate(_ text: String) -> Date? {
        var rest = Substring(text)
        if rest.hasPrefix("D:") { rest = rest.dropFirst(2) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4 else { return nil }
        func part(_ offset: Int, _ length: Int, _ fallback: Int) -> Int {
            let start = digits.index(digits.startIndex, offsetBy: offset, limitedBy: digits.endIndex) ?? digits.endIndex
            let end = digits.index(start, offsetBy: length, limitedBy: digits.endIndex) ?? digits.endIndex
            return Int(digits[start..<end]) ?? fallback
        }
        var components = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: part(0, 4, 0),
            month: part(4, 2, 1), day: part(6, 2, 1), hour: part(8, 2, 0), minute: part(10, 2, 0),
            second: part(12, 2, 0))
        let zone = rest.dropFirst(digits.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let numbers = zone.dropFirst().filter { $0.isNumber }
            let hours = Int(numbers.prefix(2)) ?? 0
            let minutes = Int(numbers.dropFirst(2).prefix(2)) ?? 0
            let offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
            components.timeZone = TimeZone(secondsFromGMT: offset)
        }
        return components.date
    }
}
