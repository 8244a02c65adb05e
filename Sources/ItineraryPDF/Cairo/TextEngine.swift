internal import CCairo
import Foundation
import ItineraryLayout
import ItineraryPresentation

/// Pango text shaping and drawing: the production `TextMeasuring`.
///
/// Layouts made while measuring are kept and drawn as they are, so a text is
/// shaped once per document, not once to measure and again to draw.
package final class TextEngine: TextMeasuring {
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
        /// The text as given, for the runs' characters.
        let source: String
        /// Whether the text holds emoji, which are drawn as pictures.
        let hasEmoji: Bool
        init(layout: OpaquePointer, metrics: TextMetrics, hasEmoji: Bool, source: String) {
            self.source = source
            self.layout = layout
            self.metrics = metrics
            self.hasEmoji = hasEmoji
        }
        deinit { CairoLock.run { itinerary_object_unref(UnsafeMutableRawPointer(layout)) } }
    }

    /// Whether paragraphs run right to left: set from the right edge of their width.
    private let rightToLeft: Bool
    /// The font families, in the order Pango tries them.
    private let families: String

    /// - Parameters:
    ///   - coverage: the fonts to load beyond the core: for scripts beyond Latin, Greek and Cyrillic, for colour emoji.
    ///   - language: the document's BCP 47 tag: Han characters take its forms, and lines break by its rules.
    ///   - rightToLeft: whether the document runs right to left.
    ///   - family: a theme's typeface, set before Inter; its faces must be in `coverage`.
    init(
        _ coverage: FontSet.Coverage = .all, language: String = "en-US", rightToLeft: Bool = false,
        family: String? = nil
    ) {
        fontMap = FontMaps.borrow(coverage)
        context = pango_font_map_create_context(fontMap.pointer)
        self.rightToLeft = rightToLeft
        self.families =
            (family.map { $0.replacingOccurrences(of: ",", with: " ") + "," } ?? "")
            + TextEngine.families(language: Locale.Language(identifier: language))
        pango_context_set_language(context, pango_language_from_string(language))
        if rightToLeft { pango_context_set_base_dir(context, PANGO_DIRECTION_RTL) }
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
        CairoLock.run {
            prepared.removeAll()
            for picture in emojiPictures.values { cairo_surface_destroy(picture.surface) }
            for entry in symbols.values { itinerary_object_unref(UnsafeMutableRawPointer(entry.layout)) }
            pango_font_description_free(symbolFont)
            for description in descriptions.values { pango_font_description_free(description) }
            itinerary_object_unref(UnsafeMutableRawPointer(context))
        }
        FontMaps.giveBack(fontMap)
    }

    private func description(for style: TextStyle) -> OpaquePointer {
        if let cached = descriptions[style] { return cached }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, families)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
        if style.italic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
        descriptions[style] = description
        return description
    }

    /// Inter for text; Noto, Droid and Nanum for scripts it lacks (Arabic, CJK, Hangul); Symbola for symbols.
    /// Pango sets emoji in the family "emoji" (FontSet's configuration names the font).
    /// A Japanese, Chinese or Korean document sets Han characters in Noto Sans
    /// CJK's face for its language first, so they take that language's forms.
    /// Chinese takes the traditional forms when its script is Hant, written or implied by
    /// its region (CLDR's likely subtags: `zh-TW`, `zh-HK` and `zh-MO` are Hant).
    static func families(language: Locale.Language) -> String {
        let cjk: String =
            switch language.languageCode {
            case .japanese?: "Noto Sans CJK JP,"
            case .korean?: "Noto Sans CJK KR,"
            case .chinese?:
                Locale.Language(identifier: language.maximalIdentifier).script == .hanTraditional
                    ? "Noto Sans CJK TC," : "Noto Sans CJK SC,"
            default: ""
            }
        return "Inter,Noto Sans,Noto Sans Arabic,Noto Naskh Arabic,Noto Sans Hebrew," + cjk
            + "Droid Sans Fallback,NanumGothic,Noto Sans CJK JP,Symbola,DejaVu Sans"
    }

    /// Runs `body` with this document's font map as Pango's default on this
    /// thread: what librsvg sets an SVG logo's text with. The document's map
    /// holds the theme's typeface, and no other document's. The default is
    /// per thread, so documents drawn at once on other threads are not
    /// affected, and the thread's own default (a host's, or the one Pango
    /// makes) is put back after: the library leaves Pango's defaults as it
    /// found them.
    func asThreadDefault(_ body: () -> Void) {
        // Pango has no way to ask for the default without making one: a thread
        // without one gets the map Pango would have made on its first use.
        let previous = pango_cairo_font_map_get_default()
        if let previous { g_object_ref(UnsafeMutableRawPointer(previous)) }
        pango_cairo_font_map_set_default(itinerary_cairo_font_map(fontMap.pointer))
        defer {
            pango_cairo_font_map_set_default(previous.map { itinerary_cairo_font_map($0) })
            if let previous { itinerary_object_unref(UnsafeMutableRawPointer(previous)) }
        }
        body()
    }

    /// Frees every text shaped so far. A document drawn as PDF needs them no
    /// more while its file is finished, which then has their memory (the
    /// 5,000-item book's peak fell from 109 to 101 MB); drawing again (PNG
    /// pages of the same layout) shapes each text anew.
    func forgetPreparedTexts() {
        prepared.removeAll()
    }

    func prepare(_ given: String, style: TextStyle, width: Double?) -> PreparedText {
        let key = PreparedKey(text: given, style: style, width: width)
        if let cached = prepared[key] { return cached }
        let text = Self.shown(given)
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(for: style))
        if let width {
            pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if style.lineSpacing != 1 { pango_layout_set_line_spacing(layout, Float(style.lineSpacing)) }
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        if rightToLeft {
            // Each paragraph keeps its own direction (a Latin name reads left to right), and
            // every line ends at the right edge: Pango swaps left and right for a paragraph
            // that runs against the page, so such a paragraph asks for left.
            // A paragraph's direction is its first strong character's (Unicode's rules P2–P3), as
            // Pango finds it; FriBidi (Pango's own bidi library) says which, since Pango's call is deprecated.
            let characters = text.unicodeScalars.map { FriBidiChar($0.value) }
            let leftToRight = itinerary_paragraph_is_ltr(characters, FriBidiStrIndex(characters.count)) != 0
            pango_layout_set_alignment(layout, leftToRight ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
        let hasEmoji = FontSet.needsEmoji(text)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let metrics = TextMetrics(width: Double(logical.width) / scale, height: Double(logical.height) / scale)
        let result = PreparedText(layout: layout, metrics: metrics, hasEmoji: hasEmoji, source: text)
        prepared[key] = result
        return result
    }

    /// A text as it is set. U+0000, which a trip's JSON may hold, has no glyph and would end the C
    /// string (and Pango refuses it inside one): it is left out, the rest of the text kept.
    private static func shown(_ text: String) -> String {
        text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "") : text
    }

    package func measure(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        prepare(text, style: style, width: width).metrics
    }

    /// How a text with emoji is drawn run by run: `(isEmoji, the run's text, draw it)`;
    /// the PDF puts each emoji picture in a figure whose text alternative is the emoji.
    typealias RunDrawing = (_ isEmoji: Bool, _ text: String, _ draw: () -> Void) -> Void

    /// Whether a text is drawn run by run, its emoji as pictures.
    func hasEmoji(_ text: String, style: TextStyle, width: Double?) -> Bool {
        prepare(text, style: style, width: width).hasEmoji
    }

    /// Draws a text with its top-left corner at (x, y).
    func draw(
        _ text: String, style: TextStyle, width: Double?, at x: Double, _ y: Double, on canvas: Canvas,
        runs: RunDrawing? = nil
    ) {
        draw(prepare(text, style: style, width: width), at: x, y, on: canvas, runs: runs)
    }

    /// Draws a prepared text with its top-left corner at (x, y).
    private func draw(_ prepared: PreparedText, at x: Double, _ y: Double, on canvas: Canvas, runs: RunDrawing? = nil) {
        guard prepared.hasEmoji else {
            cairo_move_to(canvas.pointer, x, y)
            pango_cairo_show_layout(canvas.pointer, prepared.layout)
            return
        }
        // Run by run, as pango_cairo_show_layout would, but each emoji as a picture.
        let scale = Double(PANGO_SCALE)
        let iterator = pango_layout_get_iter(prepared.layout)!
        defer { pango_layout_iter_free(iterator) }
        let text = pango_layout_get_text(prepared.layout)
        let utf8 = runs == nil ? [] : Array(prepared.source.utf8)
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let runX = x + Double(logical.x) / scale
            let baseline = y + Double(pango_layout_iter_get_baseline(iterator)) / scale
            let font = run.pointee.item.pointee.analysis.font
            let isEmoji = font.map(Self.isEmojiFont) ?? false
            let paint = {
                if isEmoji, let font {
                    self.drawEmoji(run.pointee.glyphs, font: font, at: runX, baseline, on: canvas)
                } else {
                    cairo_move_to(canvas.pointer, runX, baseline)
                    pango_cairo_show_glyph_item(canvas.pointer, text, run)
                }
            }
            if let runs {
                // The run's own characters: its item's bytes of the text's UTF-8.
                let item = run.pointee.item.pointee
                let start = Int(item.offset), end = min(utf8.count, start + Int(item.length))
                runs(isEmoji, start < end ? String(decoding: utf8[start..<end], as: UTF8.self) : "", paint)
            } else {
                paint()
            }
        } while pango_layout_iter_next_run(iterator) != 0
    }

    // MARK: Emoji

    /// Emoji are drawn as pictures at this resolution or the page's, if finer:
    /// Cairo 1.16 would write a colour glyph into a PDF as a 72 ppi bitmap, in a
    /// Type 3 font whose repeated glyphs give the page duplicate resource keys.
    static let emojiResolution = 300.0

    private struct EmojiKey: Hashable {
        let glyph: UInt32
        let size: Double
        let pixelsPerPoint: Double
    }

    /// A glyph drawn once per document into an image and painted wherever it
    /// is used: the PDF holds each picture once.
    private struct EmojiPicture {
        let surface: OpaquePointer
        /// Where the picture's top-left corner is from the glyph's origin, in points.
        let left: Double
        let top: Double
    }

    private var emojiPictures: [EmojiKey: EmojiPicture] = [:]

    private static func isEmojiFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        guard let description = pango_font_describe(font) else { return false }
        defer { pango_font_description_free(description) }
        guard let family = pango_font_description_get_family(description) else { return false }
        return String(cString: family) == FontSet.emojiFamily
    }

    /// A run of emoji glyphs, each as its picture, placed where Pango put the glyph.
    private func drawEmoji(
        _ glyphs: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>,
        at x: Double, _ baseline: Double, on canvas: Canvas
    ) {
        guard let scaledFont = itinerary_scaled_font(font) else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(canvas.pointer, &matrix)
        let pixelsPerPoint = max(
            Self.emojiResolution / 72, (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot())
        let scale = Double(PANGO_SCALE)
        var advance = 0.0
        for index in 0..<Int(glyphs.pointee.num_glyphs) {
            let info = glyphs.pointee.glyphs[index]
            defer { advance += Double(info.geometry.width) / scale }
            guard info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0, info.glyph != PANGO_GLYPH_EMPTY else { continue }
            var fontMatrix = cairo_matrix_t()
            cairo_scaled_font_get_font_matrix(scaledFont, &fontMatrix)
            let key = EmojiKey(glyph: info.glyph, size: fontMatrix.yy, pixelsPerPoint: pixelsPerPoint)
            guard let picture = emojiPictures[key] ?? emojiPicture(key, scaledFont) else { continue }
            emojiPictures[key] = picture
            canvas.save()
            canvas.translate(
                x + advance + Double(info.geometry.x_offset) / scale + picture.left,
                baseline + Double(info.geometry.y_offset) / scale + picture.top)
            canvas.scale(1 / pixelsPerPoint, 1 / pixelsPerPoint)
            // Painted through a group of its own: Cairo 1.16 names an image that a page
            // paints twice twice in the page's resources, a dictionary with a duplicate
            // key that `qpdf --check` and strict readers refuse. A group is a form with
            // resources of its own, each naming the one image once; the image is stored once.
            cairo_rectangle(
                canvas.pointer, 0, 0, Double(cairo_image_surface_get_width(picture.surface)),
                Double(cairo_image_surface_get_height(picture.surface)))
            cairo_clip(canvas.pointer)
            cairo_push_group(canvas.pointer)
            cairo_set_source_surface(canvas.pointer, picture.surface, 0, 0)
            cairo_paint(canvas.pointer)
            cairo_pop_group_to_source(canvas.pointer)
            cairo_paint(canvas.pointer)
            canvas.restore()
        }
    }

    /// The glyph drawn by Cairo into an image of `key.pixelsPerPoint` pixels a point.
    private func emojiPicture(_ key: EmojiKey, _ scaledFont: OpaquePointer) -> EmojiPicture? {
        let pixelsPerPoint = key.pixelsPerPoint
        var fontMatrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaledFont, &fontMatrix)
        var positioned = cairo_glyph_t(index: UInt(key.glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &positioned, 1, &extents)
        // A pixel of room on each side for the edges' antialiasing.
        let pad = 1 / pixelsPerPoint
        let width = Int(((extents.width + 2 * pad) * pixelsPerPoint).rounded(.up))
        let height = Int(((extents.height + 2 * pad) * pixelsPerPoint).rounded(.up))
        guard extents.width > 0, extents.height > 0, width <= 4096, height <= 4096 else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
        cairo_set_font_face(context, cairo_scaled_font_get_font_face(scaledFont))
        cairo_set_font_matrix(context, &fontMatrix)
        positioned.x = pad - extents.x_bearing
        positioned.y = pad - extents.y_bearing
        cairo_show_glyphs(context, &positioned, 1)
        cairo_destroy(context)
        return EmojiPicture(surface: surface, left: extents.x_bearing - pad, top: extents.y_bearing - pad)
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
            // VS15 asks for the text style: Pango would set an emoji such as 🎯 in colour.
            (character + "\u{FE0E}").withCString { pango_layout_set_text(layout, $0, -1) }
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
        canvas.translate(
            box.x + (box.width - inkWidth * factor) / 2 - inkX * factor,
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
