internal import CCairo
internal import CProcess
import Foundation
import ItineraryPDF

/// Settings of a whole process that make rendering faster. Not part of the library
/// (`ItineraryKit` changes nothing around it): only the project's executables link this
/// module, and set them first thing in `main`, before any thread (issue #43).
public enum ProcessSettings {
    /// `CAIRO_DEBUG_PDF=1` (unless set): Cairo 1.16 reads it at the process's first PDF surface
    /// and then writes page content uncompressed, which the finisher deflates once instead of
    /// inflating it first. And the core fonts as fontconfig's current configuration, which Pango's
    /// start-up reads instead of every installed font. Not thread-safe (`setenv` is not).
    public static func forRendering() {
        setenv("CAIRO_DEBUG_PDF", "1", 0)
        useCoreFonts()
    }

    /// `forRendering`, for a process that draws a document or a few and exits (`itinerary render`, not
    /// `serve`), and glibc's mapping threshold fixed at its starting 128 KiB: every block that large is a
    /// mapping of its own, given back when freed, where the threshold would otherwise rise to the largest
    /// block freed (Cairo's file, 8 MB for the year's book) and later large blocks come from a heap whose
    /// freed pages stay resident. The year's book then peaks at 99.0 MB rather than 101.0 MB, in the same
    /// time. A process that draws on and on pays for the mappings: 14-day PDFs in a loop fell from 74.8 to
    /// 63.7 a second (docs/performance.md, issue #52). The library once called `malloc_trim` instead; a
    /// guest may not walk and lock every heap arena of its host.
    public static func forOneDocument() {
        forRendering()
        itinerary_process_mmap_threshold(128 * 1024)
    }

    /// A render pool's worker (`itinerary render-worker`): the core fonts alone. `CAIRO_DEBUG_PDF` is
    /// the starting program's, inherited with its environment: set or not, the worker's PDFs are then
    /// byte for byte the ones that program draws itself (Cairo's own deflate differs from the finisher's).
    public static func forRenderWorker() {
        useCoreFonts()
    }

    private static func useCoreFonts() {
        guard let config = CoreFonts.configuration() else { return }
        FcConfigSetCurrent(config)
        FcConfigDestroy(config)
    }
}
