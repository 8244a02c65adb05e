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
    init(_ coverage: FontSet.Coverage, generation: Int = 0) {
        self.coverage = coverage
        self.generation = generation
        pointer = pango_cairo_font_map_new()
        // A private font map: Pango's default one is shared per thread and caches forever.
        if let config = FontSet.configuration(coverage) {
            itinerary_font_map_set_config(pointer, config)
            FcConfigDestroy(config)
        }
    }

    /// The cache's generation when it was made: a map made before the cache was emptied is not kept.
    let generation: Int

    deinit {
        // Its fonts are Cairo scaled fonts: released under the lock of every Cairo use. The configuration is
        // taken back first: Pango 1.50 keeps its reference to it past the map's end, and each map evicted from
        // the cache left its configuration behind (about 350 KB, the fonts' character sets; issue #52).
        CairoLock.run {
            itinerary_font_map_set_config(pointer, nil)
            itinerary_object_unref(UnsafeMutableRawPointer(pointer))
        }
    }
}

/// The idle font maps: an LRU cache of at most `limit` maps, the least recently used let go
/// first. Every font set a document needs (the core fonts, the scripts', CJK forms, emoji, a
/// theme's typeface) is another kind of map, and a service drawing many themes in many
/// languages would otherwise keep one map of each kind for every document ever drawn at once
/// (issue #52: 16 themes in three languages grew a service by 234 MB). A map lent to a
/// document is not counted; it is kept, or not, when it comes back.
package enum FontMaps {
    /// The most idle maps kept: enough for the kinds a render service meets most (the built-in
    /// look in a few scripts, a few themes), each 2 to 10 MB.
    package static let limit = 8

    private struct Cache: ~Copyable {
        /// Least recently used first.
        var idle: [FontMap] = []
        var generation = 0
    }

    private static let cache = Mutex(Cache())

    /// A map of the kind asked for, idle or new; the caller has it to itself until `giveBack`.
    static func borrow(_ coverage: FontSet.Coverage) -> FontMap {
        let (kept, generation) = cache.withLock { cache -> (FontMap?, Int) in
            guard let index = cache.idle.lastIndex(where: { $0.coverage == coverage }) else {
                return (nil, cache.generation)
            }
            return (cache.idle.remove(at: index), cache.generation)
        }
        return kept ?? FontMap(coverage, generation: generation)
    }

    /// Keeps a map for the next document of its kind, letting the least recently used go past the limit.
    static func giveBack(_ map: FontMap) {
        let released = cache.withLock { cache -> [FontMap] in
            guard map.generation == cache.generation else { return [map] }
            cache.idle.append(map)
            let over = max(0, cache.idle.count - limit)
            defer { cache.idle.removeFirst(over) }
            return Array(cache.idle.prefix(over))
        }
        // Freed here, outside the cache's lock (a map's release takes Cairo's).
        _ = released
    }

    /// Lets every idle map go; maps lent to documents now are let go when they come back.
    package static func empty() {
        let released = cache.withLock { cache -> [FontMap] in
            cache.generation += 1
            defer { cache.idle = [] }
            return cache.idle
        }
        _ = released
    }
}
