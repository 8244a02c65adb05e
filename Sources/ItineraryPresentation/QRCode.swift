internal import CQRencode

/// A QR code, as libqrencode (Debian's libqrencode) encodes a text: error
/// correction level M, the smallest version that holds it, bytes in 8-bit mode.
/// The PDF draws its dark modules as squares and the HTML as one SVG path,
/// each inside a quiet zone of `quietZone` modules.
package struct QRCode: Sendable, Equatable {
    /// Modules on a side, without the quiet zone.
    package let size: Int
    /// Whether each module is dark, row by row from the top left.
    private let dark: [Bool]

    /// The light modules a reader needs around the code on each side (ISO/IEC 18004).
    package static let quietZone = 4

    /// The code of `text`; nil when libqrencode cannot encode it (longer than a code holds).
    package init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // libqrencode's byte per module: bit 0 is dark; the other bits say what the module is for.
        dark = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at `row`, `column` (from 0, without the quiet zone) is dark.
    package func isDark(row: Int, column: Int) -> Bool { dark[row * size + column] }

    /// The dark modules as runs along each row: (row, first column, length), for drawing
    /// as few rectangles as the code needs.
    package var runs: [(row: Int, column: Int, length: Int)] {
        var runs: [(row: Int, column: Int, length: Int)] = []
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                runs.append((row, start, column - start))
            }
        }
        return runs
    }
}
