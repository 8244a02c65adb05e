#if os(Linux)
import CMalloc
#endif
import ItineraryCLI

@main
struct Entry {
    static func main() async {
        #if os(Linux)
        // A one-shot command builds its document and exits. Its work runs on a
        // thread of its own, whose heap glibc grows a few pages at a time: 1,566
        // mprotect calls for the 5,000-item trip's iCalendar file. Growing it
        // 64 MiB at a time (only pages written are ever backed) takes that to 49.
        // The service keeps glibc's defaults, so that what it frees goes back to
        // the system. (The root command has no options, so a subcommand comes first.)
        if CommandLine.arguments.dropFirst().first != "serve" {
            _ = mallopt(M_TOP_PAD, 64 << 20)
        }
        #endif
        await ItineraryCommand.main()
    }
}
