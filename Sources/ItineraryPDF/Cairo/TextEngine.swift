internal import CCairo
import ItineraryLayout

/// Pango text shaping and drawing: the production `TextMeasuring`.
///
/// Layouts made while measuring are kept and drawn as they are, so a text is
/// shaped once per document, not once to measure and again to draw.
final class TextEngine: TextMeasuring {
    /// Borrowed for this engine's life; given back when it ends.
    private let fontMap: FontMap
    private let context: OpaquePointer
    private var descriptions: [TextStyle: OpaquePointer] = [:]
    private var prepared: [PreparedKey: PreparedText] = [:]

    private struct PreparedKey: Hashable {
        let text: String
        let style: TextStyle
        let width: Double?
    }

    final class PreparedText {
        let layout: OpaquePointer
        let metrics: TextMetrics
        init(layout: OpaquePointer, metrics: TextMetrics) {
            self.layout = layout
            self.metrics = metrics
        }
        deinit { itinerary_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// - Parameter scripts: load fonts for scripts beyond Latin, Greek and Cyrillic.
    init(scripts: Bool = true) {
        fontMap = FontMaps.borrow(scripts: scripts)
        context = pango_font_map_create_context(fontMap.pointer)
        // Pango assumes 96 dpi; the document is in points.
        pango_cairo_context_set_resolution(context, 72)
        // Glyphs stand where their advances put them. Pango's default rounds each
        // position to a whole device unit, a whole point here: letter spacing
        // jittered by up to half a point, and the PDF spelled out a correction
        // for nearly every glyph.
        pango_context_set_round_glyph_positions(context, 0)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        prepared.removeAll()
        for entry in symbols.values { itinerary_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        pango_font_description_free(symbolFont)
        for description in descriptions.values { pango_font_description_free(description) }
        itinerary_object_unref(UnsafeMutableRawPointer(context))
        FontMaps.giveBack(fontMap)
    }

    private func description(for style: TextStyle) -> OpaquePointer {
        if let cached = descriptions[style] { return cached }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, TextEngine.families)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
        if style.italic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
        descriptions[style] = description
        return description
    }

    /// Inter for text; Noto, Droid and Nanum for scripts it lacks (Arabic, CJK, Hangul); Symbola for emoji as outlines.
    static let families = "Inter,Noto Sans,Noto Sans Arabic,Noto Naskh Arabic,Droid Sans Fallback,NanumGothic,Symbola,DejaVu Sans"

    func prepare(_ text: String, style: TextStyle, width: Double?) -> PreparedText {
        let key = PreparedKey(text: text, style: style, width: width)
        if let cached = prepared[key] { return cached }
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(for: style))
        if let width {
            pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if style.lineSpacing != 1 { pango_layout_set_line_spacing(layout, Float(style.lineSpacing)) }
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let metrics = TextMetrics(width: Double(logical.width) / scale, height: Double(logical.height) / scale)
        let result = PreparedText(layout: layout, metrics: metrics)
        prepared[key] = result
        return result
    }

    func measure(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        prepare(text, style: style, width: width).metrics
    }

    /// Draws a text with its top-left corner at (x, y).
    func draw(_ text: String, style: TextStyle, width: Double?, at x: Double, _ y: Double, on canvas: Canvas) {
        draw(prepare(text, style: style, width: width), at: x, y, on: canvas)
    }

    /// Draws a prepared text with its top-left corner at (x, y).
    private func draw(_ prepared: PreparedText, at x: Double, _ y: Double, on canvas: Canvas) {
        cairo_move_to(canvas.pointer, x, y)
        pango_cairo_show_layout(canvas.pointer, prepared.layout)
    }

    /// Symbol glyphs set at this size once and scaled to each use.
    private var symbols: [String: (layout: OpaquePointer, ink: PangoRectangle)] = [:]
    private lazy var symbolFont: OpaquePointer = {
        let description = pango_font_description_from_string("Symbola 100px")!
        return description
    }()

    /// Draws one symbol character scaled so its ink fills `box`, centred in it.
    func drawSymbol(_ character: String, fitting box: Rect, on canvas: Canvas) {
        let entry: (layout: OpaquePointer, ink: PangoRectangle)
        if let cached = symbols[character] {
            entry = cached
        } else {
            let layout = pango_layout_new(context)!
            pango_layout_set_font_description(layout, symbolFont)
            character.withCString { pango_layout_set_text(layout, $0, -1) }
            var ink = PangoRectangle()
            pango_layout_get_extents(layout, &ink, nil)
            entry = (layout, ink)
            symbols[character] = entry
        }
        let scale = Double(PANGO_SCALE)
        let inkX = Double(entry.ink.x) / scale, inkY = Double(entry.ink.y) / scale
        let inkWidth = max(1, Double(entry.ink.width) / scale), inkHeight = max(1, Double(entry.ink.height) / scale)
        let factor = min(box.width / inkWidth, box.height / inkHeight)
        canvas.save()
        canvas.translate(box.x + (box.width - inkWidth * factor) / 2 - inkX * factor,
                         box.y + (box.height - inkHeight * factor) / 2 - inkY * factor)
        canvas.scale(factor, factor)
        cairo_move_to(canvas.pointer, 0, 0)
        pango_cairo_show_layout(canvas.pointer, entry.layout)
        canvas.restore()
    }

    /// Shapes and draws a line with a layout that is not kept: the baseline's way.
    func drawOnce(_ text: String, size: Double, at x: Double, _ y: Double, on canvas: Canvas) {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(for: TextStyle(size: size)))
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        cairo_move_to(canvas.pointer, x, y)
        pango_cairo_show_layout(canvas.pointer, layout)
        itinerary_object_unref(UnsafeMutableRawPointer(layout))
    }
}
