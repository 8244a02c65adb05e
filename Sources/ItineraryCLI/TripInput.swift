import ArgumentParser
import ItineraryKit

/// An input file read and checked, as every command needs it before doing anything.
struct TripInput {
    /// How the file is named in messages: its path, or `<stdin>`.
    let label: String
    /// The trip, read and checked.
    let trip: CheckedTrip
    var ordered: OrderedItinerary { trip.ordered }
    var itinerary: Itinerary { trip.itinerary }

    /// Reads and checks a file (`-` for standard input; nil for the built-in
    /// sample); on any problem prints each as `FILE: location: message` and exits 1.
    static func load(_ path: String?) throws -> TripInput {
        let label = path.map(Self.label) ?? "<sample>"
        switch read(path) {
        case .success(let trip):
            return TripInput(label: label, trip: trip)
        case .failure(let failure):
            report(failure.problems, label: label)
            throw ExitCode(1)
        }
    }

    /// How a file is named in messages: its path, or `<stdin>` for `-`.
    static func label(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Reads and checks without printing: every problem of the file, or the itinerary.
    static func read(_ path: String?) -> Result<CheckedTrip, InputProblems> {
        guard let path else { return .success(.sample) }
        return Result { () throws(InputProblems) in try CheckedTrip(reading: try InputFile.read(path: path)) }
    }

    static func report(_ problems: [InputProblem], label: String) {
        for problem in problems {
            Console.error(label + ": " + problem.description)
        }
    }
}
