import ItineraryPDF

/// Settings of a whole process that make rendering faster, which the library
/// never makes by itself: it changes nothing around it in the program that
/// embeds it. A program that does little else may choose them; `itinerary`
/// does.
public enum ProcessSettings {
    /// Makes rendering PDFs faster for the rest of the process, by two settings
    /// every user of Cairo and fontconfig in the process then shares:
    ///
    /// - `CAIRO_DEBUG_PDF=1` in the environment (unless already set): Cairo
    ///   writes every PDF's page content uncompressed, and the library's
    ///   finisher deflates it once instead of inflating it first. The program's
    ///   own Cairo PDFs come out uncompressed too.
    /// - fontconfig's current configuration holds only the documents' core
    ///   fonts: Pango starts without reading every installed font, and the
    ///   program's own fontconfig and Pango calls see only those fonts.
    ///
    /// Call it first thing in `main`, before any other thread starts: it sets
    /// the environment, which is not safe while other threads read it.
    /// docs/performance.md gives what each setting saves.
    public static func forRendering() {
        ProcessWide.setForRendering()
    }
}
