import ItineraryModel

/// Why the library refused something: what kind of problem (`code`), where
/// it is when it is in a file (`location`), and one sentence (`message`).
///
/// Tests compare `code` and `location`; people read `description`.
public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is, in a word: `travelBeforeBarrier`, `badOption`, `unknownItem`, …
    public let code: Code
    /// Where it is: a JSON path with the item's id (`items[4] (id "i-t2").day`),
    /// a line and column, an option's name, or empty.
    public let location: String
    /// The sentence, without the location.
    public let message: String
    /// For a file that is not JSON, the line and column (from 1) where reading stopped.
    public private(set) var line: Int?
    /// See `line`.
    public private(set) var column: Int?
    /// For a value of a well-formed file, a JSON Pointer (RFC 6901) to it: `/items/4/day`.
    public private(set) var pointer: String?

    package init(code: Code, location: String = "", _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }

    /// The location and the sentence: `items[4] (id "i-t2").day: 0 is not a day of this trip (1…5).`
    public var description: String {
        location.isEmpty ? message : location + ": " + message
    }
}

extension Problem {
    /// What kind of problem it is, as a value to compare: `problem.code == .badOption`.
    /// Its raw value is the word the service's answers and the tests show; it is coded as that word.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A render option that is wrong: a value not among the choices, a resolution out of range.
        public static let badOption = Code(rawValue: "badOption")
        /// A theme file or theme made in code that cannot be used.
        public static let badTheme = Code(rawValue: "badTheme")
        /// A folder of templates that cannot be read or parsed.
        public static let badTemplate = Code(rawValue: "badTemplate")
        /// References that cannot be recorded or read.
        public static let badSnapshot = Code(rawValue: "badSnapshot")
        /// A document the renderer could not make.
        public static let renderFailed = Code(rawValue: "renderFailed")
        /// A trip file that is not JSON: its line and column say where reading stopped.
        public static let notJSON = Code(rawValue: "notJSON")
        /// A trip file larger than `CheckedTrip.maximumBytes`.
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// A PDF that carries no trip or cannot be read.
        public static let noTripInPDF = Code(rawValue: "noTripInPDF")
        /// A render pool whose worker executable cannot be found, started or made to draw.
        public static let noRenderWorker = Code(rawValue: "noRenderWorker")
        /// A document that took longer than its render pool's time limit; its worker was stopped.
        public static let timedOut = Code(rawValue: "timedOut")
        /// A locked PDF read without its password, or with another.
        public static let lockedPDF = Code(rawValue: "lockedPDF")
        /// A trip that cannot be read or checked.
        package static let badTrip = Code(rawValue: "badTrip")
        /// The game schedule given to an edit cannot be read or does not fit the trip.
        package static let catalogueNotJSON = Code(rawValue: "catalogueNotJSON")
        /// The same, for a schedule of the wrong shape.
        package static let catalogueShape = Code(rawValue: "catalogueShape")
        /// The same, for a game of the schedule that is wrong.
        package static let catalogueGame = Code(rawValue: "catalogueGame")
    }
}

extension Problem.Code: Codable {}

/// As the service answers it: `code`, `location`, `pointer`, `line`, `column`,
/// `detail` (the sentence) and `message` (the location and the sentence).
/// Here, in Problem.swift: only this file may set `line`, `column` and `pointer`.
extension Problem: Codable {
    private enum CodingKeys: String, CodingKey {
        case code, location, pointer, line, column, detail, message
    }

    /// Reads a problem as `encode(to:)` writes it; `message` (the `description`) follows from the rest.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(Code.self, forKey: .code)
        let location = try container.decode(String.self, forKey: .location)
        let message = try container.decode(String.self, forKey: .detail)
        self.init(code: code, location: location, message)
        pointer = try container.decodeIfPresent(String.self, forKey: .pointer)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        column = try container.decodeIfPresent(Int.self, forKey: .column)
    }

    /// Writes the code's word, the location, the pointer, line and column when there are
    /// any, the sentence as `detail` and the `description` as `message`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(location, forKey: .location)
        try container.encodeIfPresent(pointer, forKey: .pointer)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encode(message, forKey: .detail)
        try container.encode(description, forKey: .message)
    }
}

/// Every reason a file does not read or breaks the trip's rules, in the order found.
public struct Problems: Error, Sendable, CustomStringConvertible {
    /// Each with its code, its location in the file and its sentence.
    public let problems: [Problem]

    package init(_ problems: InputProblems) {
        self.problems = problems.problems.map(Problem.init)
    }

    package init(problems: [Problem]) {
        self.problems = problems
    }

    /// One problem a line, `location: message`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

extension Problem {
    /// A problem of an input file, as the reader or the rules checker found it.
    package init(_ problem: InputProblem) {
        self.init(code: Code(rawValue: problem.code.rawValue), location: problem.location.description, problem.message)
        let location = problem.location
        line = location.line
        column = location.column
        if location.line == nil {
            pointer = location.path.map { component in
                switch component {
                case .key(let key):
                    "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                case .index(let index): "/\(index)"
                }
            }.joined()
        }
    }
}
