internal import CCairo
import Foundation

/// The one lock every use of Cairo, Pango and librsvg in the library is made under, on a
/// Cairo before 1.17.8: at any moment, one thread of the process draws or measures with them
/// (issue #43). On 1.17.8 and later it is not taken (issue #52).
///
/// Cairo 1.16 is not safe for text on several threads at once, whatever each
/// thread's fonts: every scaled font's glyphs live in one glyph cache of the whole
/// process (512 pages), and a thread that frees room in it takes the lock of the
/// font whose page it evicts while holding the cache's own lock, the reverse of the
/// order a drawing thread takes them in. With fonts of their own per document
/// (`FontFaces`), the stress mix ran into that deadlock after about 25 minutes
/// (docs/architecture.md, "What the C libraries share"); Cairo fixed it in 2022
/// ("Fix deadlock in cairo-scaled-font.c", 1.17.8), after Debian 12's 1.16.0, as it had
/// fixed the scaled fonts' double free in 1.17.4.
/// Under this lock no Cairo object is ever reached from two threads at once, the
/// global caches included: what the design excludes is the whole class, not one race.
/// A program that wants documents drawn at once on 1.16 uses a `RenderPool` (processes).
///
/// Recursive: a page's painting measures texts it had not measured, and a
/// document let go while another is drawn on the same thread frees its fonts.
/// Everything else of a render (reading, checking, presenting the trip, the
/// finisher, the web formats) runs outside it, on as many threads as there are.
enum CairoLock {
    private static let lock = NSRecursiveLock()

    /// The first Cairo with both fixes: 1.17.8, as `CAIRO_VERSION_ENCODE` writes it.
    static let firstSafe = 11708

    /// Whether this process's Cairo needs the lock: asked once, of the Cairo loaded at run time.
    static let isTaken = needed(version: Int(cairo_version()))

    /// Whether Cairo `version` (`CAIRO_VERSION_ENCODE`, 11600 for 1.16.0) needs the lock.
    static func needed(version: Int) -> Bool { version < firstSafe }

    /// Runs `body` under the lock, when this Cairo needs it.
    static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard isTaken else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
