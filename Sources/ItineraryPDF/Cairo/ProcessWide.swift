import Foundation

/// The two settings of a whole process that make the documents faster, which
/// the library itself never makes (it is a guest in other people's processes):
/// `itinerary`'s and the benchmark's `main` make them before any thread, and an
/// embedding program may choose to (`ProcessSettings.forRendering`).
package enum ProcessWide {
    /// Sets `CAIRO_DEBUG_PDF`, which Cairo 1.16 reads when the process makes its
    /// first PDF surface: from then on every PDF's page content is written
    /// uncompressed, and the finisher, which rewrites it anyway, deflates it
    /// once instead of inflating Cairo's first. And makes the core fonts
    /// fontconfig's current configuration, which Pango reads at its start
    /// instead of every installed font's. Not thread-safe (POSIX's `setenv`
    /// is not), so it is for `main`, before any thread.
    package static func setForRendering() {
        setenv("CAIRO_DEBUG_PDF", "1", 0)
        FontSet.makeCoreFontsCurrent()
    }
}
