internal import CCairo

/// PNG files read and written through Cairo's own PNG support, as 8-bit RGBA.
package enum PNGFile {
    /// Why a PNG file could not be read.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The pixels of a PNG file, rows top to bottom, 4 bytes (RGBA) a pixel.
    /// The corresponding Cairo function is `cairo_image_surface_create_from_png_stream`.
    package static func decode(_ bytes: [UInt8]) throws(Failure) -> (width: Int, height: Int, rgba: [UInt8]) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "not a PNG file")
        }
        guard let size = size(bytes), size.width > 0, size.height > 0, size.width <= 32_767, size.height <= 32_767
        else {
            throw Failure(description: "a PNG file of no size Cairo can hold")
        }
        let source = ByteSource(bytes)
        // The source must outlive the call: Cairo reads through it until the call returns.
        let created = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(ByteSource.read, source.opaque)
        }
        guard let surface = created else {
            throw Failure(description: "not a PNG file")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo 1.16 reports a damaged file as a read error, a PNG error, or out of memory.
            throw Failure(description: "a damaged PNG file (\(String(cString: cairo_status_to_string(status))))")
        }
        return try rgba(of: surface)
    }

    /// A PNG file's width and height as its header states them, without
    /// decoding it; nil when the bytes do not start as a PNG file does.
    package static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        func bigEndian(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// The pixels of an image surface as RGBA.
    /// The corresponding Cairo function is `cairo_image_surface_get_data`.
    static func rgba(of surface: OpaquePointer) throws(Failure) -> (width: Int, height: Int, rgba: [UInt8]) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        guard let data = cairo_image_surface_get_data(surface),
            format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
        else {
            throw Failure(description: "a PNG of a pixel format this tool does not compare")
        }
        let words = UnsafeBufferPointer(
            start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), count: stride / 4 * height)
        let opaque = format == CAIRO_FORMAT_RGB24
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var index = 0
        for y in 0..<height {
            let row = y * (stride / 4)
            for x in 0..<width {
                // Cairo keeps a pixel as one native-endian 32-bit word, alpha premultiplied.
                let word = words[row + x]
                let alpha = opaque ? 255 : UInt32(word >> 24)
                if alpha == 255 {
                    rgba[index] = UInt8(truncatingIfNeeded: word >> 16)
                    rgba[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    rgba[index + 2] = UInt8(truncatingIfNeeded: word)
                } else if alpha > 0 {
                    rgba[index] = UInt8(min(255, ((word >> 16) & 0xFF) * 255 / alpha))
                    rgba[index + 1] = UInt8(min(255, ((word >> 8) & 0xFF) * 255 / alpha))
                    rgba[index + 2] = UInt8(min(255, (word & 0xFF) * 255 / alpha))
                    rgba[index + 3] = UInt8(alpha)
                } else {
                    rgba[index] = 0
                    rgba[index + 1] = 0
                    rgba[index + 2] = 0
                    rgba[index + 3] = 0
                }
                index += 4
            }
        }
        return (width, height, rgba)
    }
}

/// Hands Cairo the bytes of a file through a stream callback.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C callback; a plain function, so it is not isolated to any actor.
    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.bytes.count - source.offset >= count else { return CAIRO_STATUS_READ_ERROR }
        for index in 0..<count { data[index] = source.bytes[source.offset + index] }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

extension PNGFile {
    /// An image surface as a PNG file, written by Cairo (through libpng).
    /// The corresponding Cairo function is `cairo_surface_write_to_png_stream`.
    static func write(_ surface: OpaquePointer) throws(Failure) -> [UInt8] {
        let sink = ByteSink()
        // The sink must outlive the call: Cairo writes through it until the call returns.
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, ByteSink.write, sink.opaque)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot write the PNG file (\(String(cString: cairo_status_to_string(status))))")
        }
        return sink.bytes
    }

    /// RGBA pixels, rows top to bottom, as a PNG file written by Cairo.
    /// The corresponding Cairo function is `cairo_image_surface_create`.
    package static func encode(width: Int, height: Int, rgba: [UInt8]) throws(Failure) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "RGBA pixels for the size given")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw Failure(description: "Cairo could not make an image of \(width) × \(height) pixels")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            throw Failure(description: "Cairo could not make an image of \(width) × \(height) pixels")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                // Cairo keeps a pixel as one native-endian 32-bit word, alpha premultiplied.
                let alpha = UInt32(rgba[index + 3])
                func channel(_ offset: Int) -> UInt32 { UInt32(rgba[index + offset]) * alpha / 255 }
                let word = alpha << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
                (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        cairo_surface_mark_dirty(surface)
        return try write(surface)
    }
}
