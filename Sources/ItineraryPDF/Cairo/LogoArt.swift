internal import CCairo
import ItineraryLayout
import ItineraryPresentation

/// A theme's logo, read and drawn by the libraries made for it: Cairo's PNG
/// reader, and librsvg for SVG, which stays vectors in the PDF.
///
/// Pointers: librsvg's handle and its `GError` are C objects, held here as
/// their typed pointers, released once (`Prepared`'s deinit, or a `defer`)
/// with the GObject unref the Cairo wrappers use; nothing else is done with them.
package enum LogoArt {
    /// Why a logo cannot be used, as the end of a sentence.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The logo's natural size, after checking that its library can read it.
    package static func size(_ bytes: [UInt8], kind: Logo.Kind) throws(Failure) -> (width: Double, height: Double) {
        try CairoLock.run { () throws(Failure) -> (width: Double, height: Double) in try naturalSize(bytes, kind: kind)
        }
    }

    private static func naturalSize(
        _ bytes: [UInt8], kind: Logo.Kind
    ) throws(Failure) -> (width: Double, height: Double) {
        switch kind {
        case .png:
            let surface = try pngSurface(bytes)
            defer { cairo_surface_destroy(surface) }
            return (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
        case .svg:
            let handle = try svgHandle(bytes)
            defer { itinerary_object_unref(UnsafeMutableRawPointer(handle)) }
            var width = 0.0, height = 0.0
            if itinerary_rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0, width > 0, height > 0 {
                return (width, height)
            }
            // No width and height: the viewBox's proportions.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            itinerary_rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 else {
                throw Failure(description: "an SVG file with no size and no viewBox")
            }
            return (viewBox.width, viewBox.height)
        }
    }

    /// A logo read once for a document's pages: the decoded PNG or the parsed SVG.
    final class Prepared {
        let logo: Logo
        private(set) var png: OpaquePointer?
        /// librsvg's handle: a GObject Swift can only hold as a typed pointer.
        private(set) var svg: OpaquePointer?

        init(_ logo: Logo) {
            self.logo = logo
            switch logo.kind {
            case .png: png = try? LogoArt.pngSurface(logo.bytes)
            case .svg: svg = try? LogoArt.svgHandle(logo.bytes)
            }
        }

        deinit {
            CairoLock.run {
                if let png { cairo_surface_destroy(png) }
                if let svg { itinerary_object_unref(UnsafeMutableRawPointer(svg)) }
            }
        }
    }

    /// Draws the logo fitted into `frame`, keeping its proportions.
    static func draw(_ prepared: Prepared, in frame: Rect, on canvas: Canvas) {
        let logo = prepared.logo
        canvas.save()
        defer { canvas.restore() }
        // Clipped: an unclipped paint inside a structure element damages Cairo 1.16's PDF.
        cairo_rectangle(canvas.pointer, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(canvas.pointer)
        switch logo.kind {
        case .png:
            guard let surface = prepared.png else { return }
            let scale = min(frame.width / logo.width, frame.height / logo.height)
            cairo_translate(canvas.pointer, frame.x, frame.y)
            cairo_scale(canvas.pointer, scale, scale)
            cairo_set_source_surface(canvas.pointer, surface, 0, 0)
            cairo_rectangle(canvas.pointer, 0, 0, logo.width, logo.height)
            cairo_fill(canvas.pointer)
        case .svg:
            guard let handle = prepared.svg else { return }
            var viewport = RsvgRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            _ = itinerary_rsvg_handle_render_document(handle, canvas.pointer, &viewport, nil)
        }
    }

    fileprivate static func pngSurface(_ bytes: [UInt8]) throws(Failure) -> OpaquePointer {
        guard PNGFile.size(bytes) != nil else { throw Failure(description: "not a PNG file") }
        let source = ByteSource(bytes)
        let created = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(ByteSource.read, source.opaque)
        }
        guard let surface = created else { throw Failure(description: "not a PNG file") }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Failure(description: "a damaged PNG file")
        }
        return surface
    }

    fileprivate static func svgHandle(_ bytes: [UInt8]) throws(Failure) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?  // librsvg's out-parameter for why it failed; freed below
        guard let handle = itinerary_rsvg_handle_new_from_data(bytes, gsize(bytes.count), &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            if let error { g_error_free(error) }
            throw Failure(description: "an SVG file librsvg cannot read (\(reason))")
        }
        return handle
    }
}
