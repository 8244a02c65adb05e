internal import CCairo
import Synchronization

/// Pango font maps, made once and lent to one document at a time.
///
/// Making a font map reads every font file of the set (fontconfig scans each
/// one's character set, HarfBuzz and FreeType load its tables): about two
/// thirds of a real trip's render time. A command renders one document and
/// makes one map; the render service renders thousands, and reusing maps
/// took the 14-day trip's PDF from 61 to 135 renders a second on two workers,
/// and the 5,000-item book from 708 to 487 ms (`Scripts/bench/serve_bench.py`).
/// A map is not thread-safe, so it is only ever lent whole: one document (one
/// thread) holds it from its `TextEngine`'s start to its end.
final class FontMap: @unchecked Sendable {
    // @unchecked: a Pango font map is a C object that may move between threads
    // but must be used by one at a time. The pool hands each map out whole,
    // under its lock, and a TextEngine gives it back only after everything it
    // made from it is freed. The compiler's region checking cannot follow a
    // value out of a Mutex-held array (`sending` is refused there), so it is
    // told. Reusing maps is what takes the service's 14-day PDF from 61 to
    // 99–135 renders a second toward issue #12's 150.
    let pointer: UnsafeMutablePointer<PangoFontMap>
    let coverage: FontSet.Coverage
    /// Every Pango font and Cairo scaled font the map's documents drew with, held for the map's life.
    private var kept: Set<UnsafeMutableRawPointer> = []
    /// The font faces whose unscaled Cairo font (the one Cairo's PDF font subsets use) is held.
    private var keptFaces: Set<OpaquePointer> = []

    init(_ coverage: FontSet.Coverage) {
        self.coverage = coverage
        pointer = pango_cairo_font_map_new()
        // A private font map: Pango's default one is shared per thread and caches forever.
        if let config = FontSet.configuration(coverage) {
            itinerary_font_map_set_config(pointer, config)
            FcConfigDestroy(config)
        }
    }

    deinit {
        itinerary_object_unref(UnsafeMutableRawPointer(pointer))
    }

    /// Holds a Pango font, and so its Cairo scaled font, for the map's life; with it, the face's
    /// unscaled font, as Cairo's PDF font subsets make it.
    ///
    /// Why (issue #43): Cairo 1.16 drops a scaled font's last reference before it takes its font
    /// cache's lock (fixed in 1.17.4, "fix double free and failed assertions in
    /// cairo_scaled_font_destroy"), and any thread that makes a scaled font drops the reference
    /// Cairo's one most-recently-used slot held on another's. A font of this map whose only
    /// reference was that slot could reach zero on another thread while this map's thread made it
    /// again: `Assertion '! scaled_font->cache_frozen'`, or a double free. Held here, no font of
    /// the map ever reaches zero, so none is ever destroyed, revived or evicted by another thread.
    func keep(_ font: UnsafeMutablePointer<PangoFont>) {
        guard kept.insert(UnsafeMutableRawPointer(font)).inserted else { return }
        g_object_ref(UnsafeMutableRawPointer(font))
        guard let scaled = itinerary_scaled_font(font), let face = cairo_scaled_font_get_font_face(scaled),
            keptFaces.insert(face).inserted
        else { return }
        // Cairo 1.16's subsets make it with identity matrices, hinting off, metrics unhinted.
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        if let unscaled = cairo_scaled_font_create(face, &identity, &identity, options) {
            keep(scaled: unscaled, owned: true)
        }
        cairo_font_options_destroy(options)
    }

    /// Holds a Cairo scaled font for the map's life (`keep(_:)` says why); `owned` when the caller's
    /// reference is handed over.
    func keep(scaled font: OpaquePointer, owned: Bool = false) {
        if kept.insert(UnsafeMutableRawPointer(font)).inserted {
            if !owned { cairo_scaled_font_reference(font) }
        } else if owned {
            cairo_scaled_font_destroy(font)
        }
    }
}

/// The idle font maps, by font set: never more than documents were ever
/// drawn at once (one per worker in the service, one in a command).
enum FontMaps {
    private static let idle = Mutex<[FontSet.Coverage: [FontMap]]>([:])

    /// A map of the kind asked for, idle or new; the caller has it to itself until `giveBack`.
    static func borrow(_ coverage: FontSet.Coverage) -> FontMap {
        let idle = idle.withLock { maps in maps[coverage]?.popLast() }
        return idle ?? FontMap(coverage)
    }

    static func giveBack(_ map: FontMap) {
        idle.withLock { maps in
            maps[map.coverage, default: []].append(map)
        }
    }
}
