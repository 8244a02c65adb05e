import Foundation

/// The one lock every use of Cairo, Pango and librsvg in the library is made under: at
/// any moment, one thread of the process draws or measures with them (issue #43).
///
/// Cairo 1.16 is not safe for text on several threads at once, whatever each
/// thread's fonts: every scaled font's glyphs live in one glyph cache of the whole
/// process (512 pages), and a thread that frees room in it takes the lock of the
/// font whose page it evicts while holding the cache's own lock, the reverse of the
/// order a drawing thread takes them in. With fonts of their own per document
/// (`FontFaces`), the stress mix ran into that deadlock after about 25 minutes
/// (docs/architecture.md, "What the C libraries share"); Cairo fixed it in 2022
/// ("Fix deadlock in cairo-scaled-font.c", 1.17.8), after Debian 12's 1.16.0.
/// Under this lock no Cairo object is ever reached from two threads at once, the
/// global caches included: what the design excludes is the whole class, not one race.
///
/// Recursive: a page's painting measures texts it had not measured, and a
/// document let go while another is drawn on the same thread frees its fonts.
/// Everything else of a render (reading, checking, presenting the trip, the
/// finisher, the web formats) runs outside it, on as many threads as there are.
enum CairoLock {
    private static let lock = NSRecursiveLock()

    /// Runs `body` under the lock.
    static func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
