internal import Mustache

/// Mustache's HTML escaping (`& < > " '`), done on UTF-8 bytes. swift-mustache's
/// own HTML type escapes by `Character`, and a quote followed by a combining
/// mark is one character that is not a quote: `"\u{301} onclick=…` would leave
/// the attribute unescaped. Bytes cannot be fooled that way.
struct HTMLText: MustacheContentType {
    static let contentTypeName = "ITINERARY_HTML"

    /// Makes the content type known to the template parser, once.
    static let register: Void = MustacheContentTypes.register(HTMLText(), named: contentTypeName)

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        let needsEscaping = text.utf8.contains {
            $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
                || $0 == UInt8(ascii: "'")
        }
        guard needsEscaping else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
