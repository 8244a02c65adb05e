import ItineraryPDF

/// The fonts this process keeps between documents: Pango font maps, one per set of fonts a
/// document needs (the built-in fonts, a script's, a theme's typeface), each holding the
/// fonts' shaping data. Making one reads every font file of its set, about two thirds of a
/// small document's time, so the library keeps the `limit` most recently used, letting the
/// least recently used go first. A render pool's workers keep caches of their own, bounded
/// alike, and are replaced after `RenderPool`'s `recycleAfter` documents.
///
/// ```swift
/// FontCache.empty()   // after a batch of rarely used themes, say
/// ```
public enum FontCache {
    /// The most font maps kept while no document uses them (8); a map in use is not counted.
    public static var limit: Int { FontMaps.limit }

    /// Lets every kept font map go now; maps in use by documents being drawn go when those end.
    /// The next document of each kind makes its map again.
    public static func empty() {
        FontMaps.empty()
    }
}
