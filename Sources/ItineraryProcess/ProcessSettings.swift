internal import CCairo
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
