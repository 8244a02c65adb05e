import ArgumentParser
import ItineraryConstraints
import ItineraryModel

/// An input file read and checked, as every command needs it before doing anything.
struct TripInput {
    /// How the file is named in messages: its path, or `<stdin>`.
    let label: String
    /// The itinerary in its order, as checked.
    let ordered: OrderedItinerary
    var itinerary: Itinerary { ordered.itinerary }

    /// Reads and checks a file (`-` for standard input; nil for the built-in
    /// sample); on any problem prints each as `FILE: location: message` and exits 1.
    static func load(_ path: String?) throws -> TripInput {
        let label = path.map(Self.label) ?? "<sample>"
        switch read(path) {
        case .success(let ordered):
            return TripInput(label: label, ordered: ordered)
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
    static func read(_ path: String?) -> Result<OrderedItinerary, InputProblems> {
        do {
            let itinerary = try path.map { path throws(InputProblems) in try ItineraryReader.read(path: path) } ?? SampleTrip.itinerary()
            let checker = ConstraintChecker(itinerary)
            let violations = checker.check()
            return violations.isEmpty ? .success(checker.itinerary) : .failure(InputProblems(violations))
        } catch {
            return .failure(error)
        }
    }

    static func report(_ problems: [Problem], label: String) {
        for problem in problems {
            Console.error(label + ": " + problem.description)
        }
    }
}
