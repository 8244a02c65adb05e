/// One thing wrong with an input file, with where to find it and why.
///
/// Every sentence a person reads is written in `InputProblem+Messages.swift`.
package struct InputProblem: Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        // The file itself.
        case unreadable, tooLarge, notJSON, tooManyItems
        // Shape and values.
        case wrongFormat, missingField, wrongType, outOfRange, notWholeNumber, tooLong, empty
        case unknownValue, badDate, badDateTime, badTime, badZone, badLocale
        // References between parts of the file.
        case duplicateID, unknownGame, gameListedTwice, dayOutOfRange, missingSortOrder
        // Tombstones of removed items.
        case duplicateTombstone, removedItemIsLive
        // The rules of the trip (reported by the constraint checker).
        case gameOnWrongDay, travelBeforeBarrier, travelAfterBarrier, travelConnectsNoVisits
    }

    package let code: Code
    package let location: Location
    package let message: String

    init(_ code: Code, at location: Location, _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }

    /// `items[4] (id "i-t2").day: 0 is not a day of this trip (1…5)`.
    package var description: String {
        let place = location.description
        return place.isEmpty ? message : place + ": " + message
    }
}

/// Where a problem is: a JSON path with the id of the item or game it is in,
/// or a line and column for text that is not JSON.
package struct Location: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package var path: [Component]
    /// The `id` of the element of `items` or `games` the path goes through.
    package var id: String?
    package var line: Int?
    package var column: Int?

    package init(path: [Component] = [], id: String? = nil) {
        self.path = path
        self.id = id
    }

    package init(line: Int, column: Int) {
        self.path = []
        self.line = line
        self.column = column
    }

    package static let document = Location()

    package static func item(_ index: Int, id: String?, _ keys: String...) -> Location {
        Location(path: [.key("items"), .index(index)] + keys.map { .key($0) }, id: id)
    }

    package static func game(_ index: Int, id: String?, _ keys: String...) -> Location {
        Location(path: [.key("games"), .index(index)] + keys.map { .key($0) }, id: id)
    }

    package func appending(_ component: Component) -> Location {
        var copy = self
        copy.path.append(component)
        return copy
    }

    /// The path as written in messages; the id follows the array element it names.
    package var description: String {
        if let line, let column { return "line \(line), column \(column)" }
        var text = ""
        for (position, component) in path.enumerated() {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
                if position == 1, let id { text += " (id \"\(id.shownInMessage)\")" }
            }
        }
        return text
    }

    /// The array element part alone, `items[4] (id "i-t2")`.
    package var element: String {
        Location(path: Array(path.prefix(2)), id: id).description
    }
}

/// The problems that keep a file from being read, all of them.
package struct InputProblems: Error, Sendable, CustomStringConvertible {
    package let problems: [InputProblem]

    package init(_ problems: [InputProblem]) {
        self.problems = problems
    }

    package var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
