import ItineraryCLI
import ItineraryProcess

@main
struct Entry {
    static func main() async {
        // The process is ours: the settings that make rendering faster, made before any thread
        // (docs/architecture.md, "A guest in any process"). The library never makes them itself.
        ProcessSettings.forRendering()
        await ItineraryCommand.main()
    }
}
