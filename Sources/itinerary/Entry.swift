import ItineraryCLI
import ItineraryProcess

@main
struct Entry {
    static func main() async {
        // The process is ours: the settings that make rendering faster, made before any thread
        // (docs/architecture.md, "A guest in any process"). The library never makes them itself.
        // A render pool's worker takes the process settings of the program that started it, whose
        // environment it inherits, so that it draws the same bytes that program would; the service draws on
        // and on, every other command a document or a few (ProcessSettings says what each costs).
        switch CommandLine.arguments.dropFirst().first {
        case "render-worker": ProcessSettings.forRenderWorker()
        case "serve": ProcessSettings.forRendering()
        default: ProcessSettings.forOneDocument()
        }
        await ItineraryCommand.main()
    }
}
