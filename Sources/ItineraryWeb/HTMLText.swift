internal import Mustache

/// Mustache's HTML escaping (`& < > " '`), done on UTF-8 bytes: text
/// without any of the five is returned as it is, without a copy.
struct HTMLText: MustacheContentType {
    static let contentTypeName = "ITINERARY_HTML"

    /// Makes the content type known to the template parser, once.
    static let register: Void = MustacheContentTypes.register(HTMLText(), named: contentTypeName)

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        var text = text
        let needsEscaping = text.withUTF8 { bytes in
            bytes.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
        }
        guard needsEscaping else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends text with the five characters escaped, without an intermediate string.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            for (index, byte) in bytes.enumerated() {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                plainStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
    }
}
