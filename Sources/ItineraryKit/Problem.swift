import ItineraryModel

/// Why the library refused something: what kind of problem (`code`), where
/// it is when it is in a file (`location`), and one sentence (`message`).
///
/// Tests compare `code` and `location`; people read `description`.
public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is, in a word: `travelBeforeBarrier`, `badOption`, `unknownItem`, …
    public let code: String
    /// Where it is: a JSON path with the item's id (`items[4] (id "i-t2").day`),
    /// a line and column, an option's name, or empty.
    public let location: String
    /// The sentence, without the location.
    public let message: String

    package init(code: String, location: String = "", _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }

    /// The location and the sentence: `items[4] (id "i-t2").day: 0 is not a day of this trip (1…5).`
    public var description: String {
        location.isEmpty ? message : location + ": " + message
    }
}

/// Every reason a file does not read or breaks the trip's rules, in the order found.
public struct Problems: Error, Sendable, CustomStringConvertible {
    /// Each with its code, its location in the file and its sentence.
    public let problems: [Problem]

    package init(_ problems: InputProblems) {
        self.problems = problems.problems.map(Problem.init)
    }

    /// One problem a line, `location: message`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

extension Problem {
    /// A problem of an input file, as the reader or the rules checker found it.
    package init(_ problem: ItineraryModel.Problem) {
        self.init(code: problem.code.rawValue, location: problem.location.description, problem.message)
    }
}
