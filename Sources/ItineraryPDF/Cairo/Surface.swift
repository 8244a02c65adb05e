internal import CCairo

/// A Cairo surface: a PDF document written to memory, or an image in memory.
final class Surface {
    let pointer: OpaquePointer
    private let sink: ByteSink?
    /// Released once a PDF is ended: what Cairo keeps of the document until then is not needed by the finisher.
    private var released = false

    private init(pointer: OpaquePointer, sink: ByteSink?) {
        self.pointer = pointer
        self.sink = sink
    }

    deinit {
        if !released { CairoLock.run { cairo_surface_destroy(pointer) } }
    }

    /// A PDF surface whose pages are `width` × `height` points.
    /// The corresponding Cairo function is `cairo_pdf_surface_create_for_stream`.
    ///
    /// Cairo 1.16 deflates each page's content unless `CAIRO_DEBUG_PDF` was set
    /// when the process made its first PDF surface; the finisher reads either.
    /// The library never sets it (a host's own PDFs would come out raw);
    /// the executables' `ProcessSettings.forRendering` (Sources/ItineraryProcess) does, in `main`.
    static func pdf(width: Double, height: Double) throws(CairoFailure) -> Surface {
        let sink = ByteSink()
        guard let pointer = cairo_pdf_surface_create_for_stream(ByteSink.write, sink.opaque, width, height) else {
            throw CairoFailure(operation: "creating a PDF surface", reason: "out of memory")
        }
        let surface = Surface(pointer: pointer, sink: sink)
        try surface.check("creating a PDF surface")
        cairo_pdf_surface_restrict_to_version(pointer, CAIRO_PDF_VERSION_1_5)
        return surface
    }

    /// An image of whole pixels: opaque RGB, or with an alpha channel (`transparent`), all clear at first.
    /// The corresponding Cairo function is `cairo_image_surface_create`.
    static func image(width: Int, height: Int, transparent: Bool = false) throws(CairoFailure) -> Surface {
        let format = transparent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard let pointer = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
            throw CairoFailure(operation: "creating an image", reason: "out of memory")
        }
        let surface = Surface(pointer: pointer, sink: nil)
        try surface.check("creating a \(width)×\(height) image")
        return surface
    }

    func check(_ operation: @autoclosure () -> String) throws(CairoFailure) {
        try CairoFailure.check(cairo_surface_status(pointer), operation())
    }

    /// Sets a document property. The corresponding Cairo function is `cairo_pdf_surface_set_metadata`.
    func setMetadata(_ key: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(pointer, key, value)
    }

    /// Adds a bookmark pointing at `y` points from the top of a page (1-based)
    /// that is already drawn. The corresponding Cairo function is `cairo_pdf_surface_add_outline`.
    /// Returns the bookmark's id, for bookmarks under it.
    @discardableResult
    func addOutline(title: String, page: Int, y: Double, parent: Int32 = CAIRO_PDF_OUTLINE_ROOT) -> Int32 {
        let attributes = "page=\(page) pos=[0 \(Int(y.rounded()))]"
        return cairo_pdf_surface_add_outline(pointer, parent, title, attributes, cairo_pdf_outline_flags_t(rawValue: 0))
    }

    /// Ends the document and returns the PDF bytes.
    /// The corresponding Cairo function is `cairo_surface_finish`.
    func finishPDF() throws(CairoFailure) -> [UInt8] {
        try finishPDF { Array($0) }
    }

    /// Ends the document and hands its bytes to `body` without copying them.
    func finishPDF<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(CairoFailure) -> Result
    ) throws(CairoFailure) -> Result {
        CairoLock.run { cairo_surface_finish(pointer) }
        try check("writing the PDF")
        // Cairo's own record of the document (its pages, fonts and structure tree) goes before the finisher runs:
        // the sink holds the file. Nothing draws on an ended surface.
        CairoLock.run { cairo_surface_destroy(pointer) }
        released = true
        guard let sink else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try sink.withBytes(body)
    }
}
