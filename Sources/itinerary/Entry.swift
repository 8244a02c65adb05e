import ItineraryCLI

@main
struct Entry {
    static func main() async {
        await ItineraryCommand.main()
    }
}
