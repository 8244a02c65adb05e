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
