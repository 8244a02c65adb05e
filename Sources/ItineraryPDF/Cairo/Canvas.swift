internal import CCairo
import ItineraryLayout

/// A drawing context on a surface. The corresponding Cairo type is `cairo_t`.
final class Canvas {
    let pointer: OpaquePointer
    let surface: Surface

    init(_ surface: Surface) throws(CairoFailure) {
        guard let pointer = cairo_create(surface.pointer) else {
            throw CairoFailure(operation: "creating a drawing context", reason: "out of memory")
        }
        self.pointer = pointer
        self.surface = surface
        try check("creating a drawing context")
    }

    deinit {
        CairoLock.run { cairo_destroy(pointer) }
    }

    func check(_ operation: @autoclosure () -> String) throws(CairoFailure) {
        try CairoFailure.check(cairo_status(pointer), operation())
    }

    /// Opens a structure element of the PDF's tag tree (a no-op on image surfaces).
    /// The corresponding Cairo function is `cairo_tag_begin`.
    func beginTag(_ name: String) { cairo_tag_begin(pointer, name, "") }
    /// The corresponding Cairo function is `cairo_tag_end`.
    func endTag(_ name: String) { cairo_tag_end(pointer, name) }

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

    func setColor(_ color: Color) {
        cairo_set_source_rgb(pointer, color.red, color.green, color.blue)
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    func setRoundCaps() {
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    }
    func setDash(_ pattern: [Double]) {
        pattern.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), 0) }
    }

    func move(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func line(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func close() { cairo_close_path(pointer) }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }
    func circle(_ x: Double, _ y: Double, _ radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x, y, radius, 0, 2 * Double.pi)
    }

    /// A rectangle with rounded corners.
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        guard r > 0 else { return rectangle(x, y, width, height) }
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(pointer, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(pointer, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(pointer, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(pointer)
    }

    func fill() { cairo_fill(pointer) }
    func fillPreserve() { cairo_fill_preserve(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func clip() { cairo_clip(pointer) }

    /// Paints the whole surface in a colour.
    func paint(_ color: Color) {
        setColor(color)
        cairo_paint(pointer)
    }

    /// Ends the page. The corresponding Cairo function is `cairo_show_page`.
    func showPage() throws(CairoFailure) {
        cairo_show_page(pointer)
        try check("finishing a page")
    }
}
