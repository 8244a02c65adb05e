/// An 8-bit RGB image decoded from the PNGs Cairo writes, and written back for diff images.
///
/// Foundation on Linux has no inflate, so this holds a small one (after Mark
/// Adler's puff.c): enough for 8-bit RGB or RGBA, non-interlaced PNGs.
struct PNGImage: Equatable {
    let width: Int
    let height: Int
    /// Row by row, three bytes a pixel.
    var rgb: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    /// Width and height from the header alone.
    static func size(_ png: [UInt8]) throws -> (width: Int, height: Int) {
        guard png.count >= 24, png.starts(with: signature), Array(png[12..<16]) == Array("IHDR".utf8) else {
            throw Failure(description: "not a PNG")
        }
        return (Int(bigEndian(png, 16)), Int(bigEndian(png, 20)))
    }

    init(png: [UInt8]) throws {
        let (width, height) = try Self.size(png)
        let bitDepth = png[24], colorType = png[25], interlace = png[28]
        guard bitDepth == 8, colorType == 2 || colorType == 6, interlace == 0 else {
            throw Failure(description: "unsupported PNG: bit depth \(bitDepth), colour type \(colorType), interlace \(interlace)")
        }
        var data: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(Self.bigEndian(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= png.count else { throw Failure(description: "truncated \(type) chunk") }
            let body = png[(offset + 8)..<(offset + 8 + length)]
            guard Self.crc32(png[(offset + 4)..<(offset + 8 + length)]) == Self.bigEndian(png, offset + 8 + length) else {
                throw Failure(description: "bad CRC in \(type) chunk")
            }
            if type == "IDAT" { data.append(contentsOf: body) }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard data.count > 2, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0, data[0] & 0x0F == 8 else {
            throw Failure(description: "bad zlib header")
        }
        var inflater = Inflater(Array(data[2...]))
        let raw = try inflater.inflate()
        let channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure(description: "image data too short") }
        var previous = [UInt8](repeating: 0, count: stride)
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            var row = Array(raw[(start + 1)...(start + stride)])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "unknown filter \(filter) on row \(y)")
                }
                row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
            }
            for x in 0..<width {
                // Cairo's previews are opaque; an alpha channel is composed over white.
                let p = x * channels
                if channels == 4 {
                    let alpha = Int(row[p + 3])
                    for k in 0..<3 { rgb.append(UInt8((Int(row[p + k]) * alpha + 255 * (255 - alpha)) / 255)) }
                } else {
                    rgb.append(contentsOf: row[p..<(p + 3)])
                }
            }
            previous = row
        }
        self.init(width: width, height: height, rgb: rgb)
    }

    /// The image as a PNG whose deflate stream is stored, not compressed: simple and always valid.
    var png: [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for y in 0..<height {
            raw.append(0)
            raw.append(contentsOf: rgb[(y * width * 3)..<((y + 1) * width * 3)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, raw.count - start)
            zlib.append(start + count == raw.count ? 1 : 0)
            zlib.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            zlib.append(contentsOf: raw[start..<(start + count)])
            start += count
        } while start < raw.count
        zlib.append(contentsOf: Self.bytes(Self.adler32(raw)))
        var header = Self.bytes(UInt32(width)) + Self.bytes(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])
        return Self.signature + Self.chunk("IHDR", header) + Self.chunk("IDAT", zlib) + Self.chunk("IEND", [])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bytes(UInt32(body.count)) + typed + bytes(crc32(typed[...]))
    }

    private static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

/// Raw deflate (RFC 1951): stored, fixed and dynamic Huffman blocks.
private struct Inflater {
    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    init(_ input: [UInt8]) {
        self.input = input
    }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let fixed = (
        literal: Huffman(lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)),
        distance: Huffman(lengths: [Int](repeating: 5, count: 30))
    )

    private mutating func bits(_ count: Int) throws(PNGImage.Failure) -> Int {
        var value = bitBuffer
        while bitCount < count {
            guard position < input.count else { throw PNGImage.Failure(description: "deflate stream ends early") }
            value |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        bitBuffer = value >> UInt32(count)
        bitCount -= count
        return Int(value & ((1 << UInt32(count)) - 1))
    }

    private mutating func decode(_ huffman: Huffman) throws(PNGImage.Failure) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - count < first { return huffman.symbols[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw PNGImage.Failure(description: "bad Huffman code")
    }

    mutating func inflate() throws(PNGImage.Failure) -> [UInt8] {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(Self.fixed.literal, Self.fixed.distance)
            case 2:
                let (literal, distance) = try dynamicTables()
                try codes(literal, distance)
            default: throw PNGImage.Failure(description: "bad deflate block type")
            }
        } while last == 0
        return output
    }

    private mutating func stored() throws(PNGImage.Failure) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw PNGImage.Failure(description: "stored block ends early") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF, position + 4 + length <= input.count else {
            throw PNGImage.Failure(description: "bad stored block")
        }
        output.append(contentsOf: input[(position + 4)..<(position + 4 + length)])
        position += 4 + length
    }

    private mutating func dynamicTables() throws(PNGImage.Failure) -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, codeCount = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw PNGImage.Failure(description: "repeat with no length") }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try bits(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try bits(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try bits(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw PNGImage.Failure(description: "too many code lengths") }
        return (Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }

    private mutating func codes(_ literal: Huffman, _ distance: Huffman) throws(PNGImage.Failure) {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Self.lengthBase.count else { throw PNGImage.Failure(description: "bad length symbol") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decode(distance)
                guard distanceSymbol < Self.distanceBase.count else { throw PNGImage.Failure(description: "bad distance symbol") }
                let back = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard back <= output.count else { throw PNGImage.Failure(description: "distance too far back") }
                let start = output.count - back
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
