#if os(Linux)
import CMalloc
#endif
import ItineraryCLI

@main
struct Entry {
    static func main() async {
        #if os(Linux)
        // A one-shot command builds its document and exits. Its work runs on a
        // thread of its own, whose heap glibc makes usable a few pages at a time:
        // 1,566 mprotect calls for the 5,000-item trip's iCalendar file. With this
        // pad glibc makes the whole heap (64 MiB, its largest) usable when it
        // creates it (only pages written are ever backed): 49 calls.
        // The service keeps glibc's defaults, so that what it frees goes back to
        // the system. (The root command has no options, so a subcommand comes first.)
        if CommandLine.arguments.dropFirst().first != "serve" {
            _ = mallopt(M_TOP_PAD, 64 << 20)
        }
        #endif
        await ItineraryCommand.main()
    }
}
