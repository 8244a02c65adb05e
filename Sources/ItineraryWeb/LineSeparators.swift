/// Line breaks outside ASCII, found in UTF-8 bytes: Markdown escapes text
/// byte by byte (an ASCII byte is always a whole character), and these are
/// the breaks that are not one byte.
enum LineSeparators {
    /// The length in bytes of U+0085 (NEL), U+2028 (LS) or U+2029 (PS) when one starts at `index`, else nil.
    static func wideLength(_ bytes: [UInt8], at index: Int) -> Int? {
        switch bytes[index] {
        case 0xC2: index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : nil
        case 0xE2:
            index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : nil
        default: nil
        }
    }
}
