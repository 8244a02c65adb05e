// Every sentence about a faulty input file is written here, so they read alike.

extension InputProblem {
    /// Why a file cannot be read, without its name: every message about a file is
    /// prefixed with the file's name once (`nothere.json: no such file.`).
    package static func unreadable(reason: String) -> InputProblem {
        InputProblem(.unreadable, at: .document, "\(reason.shownInMessage).")
    }

    package static func tooLarge(bytes: Int, limit: Int) -> InputProblem {
        // A stream is read only a little past the limit: its size would round to the limit's.
        let size = megabytes(bytes), most = megabytes(limit)
        return InputProblem(
            .tooLarge, at: .document,
            size == most
                ? "the file is larger than the \(most) an itinerary may be."
                : "the file is \(size), larger than the \(most) an itinerary may be.")
    }

    static func notJSON(_ error: JSONSyntaxError) -> InputProblem {
        InputProblem(.notJSON, at: Location(line: error.line, column: error.column), "not valid JSON: \(error.reason).")
    }

    static func tooManyItems(_ count: Int, limit: Int) -> InputProblem {
        InputProblem(
            .tooManyItems, at: Location(path: [.key("items")]),
            "\(count) items is more than the \(grouped(limit)) an itinerary may hold.")
    }

    static func wrongFormat(_ found: JSONValue) -> InputProblem {
        InputProblem(
            .wrongFormat, at: Location(path: [.key("format")]),
            "\(describe(found)) is not a format this tool reads (expected \"itinerary/v1\").")
    }

    static func missingField(_ location: Location, _ name: String) -> InputProblem {
        InputProblem(.missingField, at: location, "the required field \"\(name)\" is missing.")
    }

    static func wrongType(_ location: Location, expected: String, found: JSONValue) -> InputProblem {
        InputProblem(.wrongType, at: location, "expected \(expected), found \(describe(found)).")
    }

    static func outOfRange(_ location: Location, _ number: JSONNumber, allowed: String) -> InputProblem {
        let shown =
            number.value.isFinite
            ? number.literal
            : number.value.isNaN
                ? "\(number.literal) (not a number)" : "\(number.literal) (too large to be a number here)"
        return InputProblem(.outOfRange, at: location, "\(shown) is out of range (\(allowed)).")
    }

    static func notWholeNumber(_ location: Location, _ number: JSONNumber) -> InputProblem {
        InputProblem(.notWholeNumber, at: location, "\(number.literal) is not a whole number.")
    }

    static func tooLong(_ location: Location, length: Int, limit: Int) -> InputProblem {
        InputProblem(
            .tooLong, at: location,
            "the text is \(grouped(length)) characters long; at most \(grouped(limit)) are allowed.")
    }

    static func empty(_ location: Location) -> InputProblem {
        InputProblem(.empty, at: location, "must not be empty.")
    }

    static func unknownValue(_ location: Location, _ value: String, allowed: [String]) -> InputProblem {
        InputProblem(
            .unknownValue, at: location,
            "\"\(value.shownInMessage)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")).")
    }

    static func badDate(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(.badDate, at: location, "\"\(text.shownInMessage)\" is not a calendar date written as YYYY-MM-DD.")
    }

    static func badDateTime(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(
            .badDateTime, at: location,
            "\"\(text.shownInMessage)\" is not a date-time with a UTC offset, such as 2026-03-06T13:20:00-06:00.")
    }

    static func badTime(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(
            .badTime, at: location, "\"\(text.shownInMessage)\" is not a time of day written as HH:mm (00:00 to 23:59)."
        )
    }

    static func badZone(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(
            .badZone, at: location, "\"\(text.shownInMessage)\" is not an IANA time zone name such as America/Chicago.")
    }

    static func badLocale(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(
            .badLocale, at: location,
            "\"\(text.shownInMessage)\" is not a BCP 47 language tag such as de, pt-BR or ar-EG.")
    }

    static func badAbbreviation(_ location: Location, _ text: String) -> InputProblem {
        InputProblem(
            .outOfRange, at: location, "\"\(text.shownInMessage)\" is not a team abbreviation of 2 to 4 letters.")
    }

    static func duplicateID(_ location: Location, _ id: String, first: Location) -> InputProblem {
        InputProblem(.duplicateID, at: location, "the id \"\(id.shownInMessage)\" is already used by \(first.element).")
    }

    static func duplicateTombstone(_ location: Location, _ id: String, first: Location) -> InputProblem {
        InputProblem(
            .duplicateTombstone, at: location,
            "the item \"\(id.shownInMessage)\" is already marked removed by \(first.element); "
                + "an item has at most one tombstone."
        )
    }

    static func removedItemIsLive(
        _ location: Location, _ id: String, removedAt: String, modifiedAt: String?, tombstone: Location
    ) -> InputProblem {
        let edit = modifiedAt.map { "was last modified at \($0.shownInMessage)" } ?? "has no modifiedAt"
        return InputProblem(
            .removedItemIsLive, at: location,
            "the item \"\(id.shownInMessage)\" \(edit), but \(tombstone.element) says it was removed at "
                + "\(removedAt.shownInMessage); an item may be in the trip after its removal only when it was "
                + "modified later."
        )
    }

    static func unknownGame(_ location: Location, _ gameID: String) -> InputProblem {
        InputProblem(.unknownGame, at: location, "no game with the id \"\(gameID.shownInMessage)\" is in \"games\".")
    }

    static func gameListedTwice(_ location: Location, _ gameID: String, first: Location) -> InputProblem {
        InputProblem(
            .gameListedTwice, at: location,
            "the game \"\(gameID.shownInMessage)\" is already on the itinerary as \(first.element).")
    }

    static func dayOutOfRange(_ location: Location, _ number: JSONNumber, dayCount: Int) -> InputProblem {
        InputProblem(.dayOutOfRange, at: location, "\(number.literal) is not a day of this trip (1…\(dayCount)).")
    }

    static func missingSortOrder(_ location: Location) -> InputProblem {
        InputProblem(
            .missingSortOrder, at: location,
            "a travel item needs a sortOrder: its place among the games decides whether it can be taken.")
    }

    package static func gameOnWrongDay(
        _ location: Location, matchup: String, day: Int, startDay: Int, startDate: CivilDate, dayCount: Int = .max
    ) -> InputProblem {
        let should =
            startDay < 1 ? "before the trip starts" : (startDay > dayCount ? "after the trip ends" : "day \(startDay)")
        return InputProblem(
            .gameOnWrongDay, at: location,
            "game \(matchup.shownInMessage) is on day \(day), but it starts on \(startDate) in its venue's zone "
                + "(\(should)); games cannot move."
        )
    }

    package static func travelBeforeBarrier(
        _ location: Location, travel: String, day: Int, barrier: String, barrierDay: Int, city: String
    ) -> InputProblem {
        InputProblem(
            .travelBeforeBarrier, at: location,
            "travel \(travel.shownInMessage) on day \(day) comes before its barrier game \(barrier.shownInMessage) "
                + "(day \(barrierDay)); it must come after every game of the \(city.shownInMessage) visit it leaves."
        )
    }

    package static func travelAfterBarrier(
        _ location: Location, travel: String, day: Int, barrier: String, barrierDay: Int, city: String
    ) -> InputProblem {
        InputProblem(
            .travelAfterBarrier, at: location,
            "travel \(travel.shownInMessage) on day \(day) comes after its barrier game \(barrier.shownInMessage) "
                + "(day \(barrierDay)); it must come before every game of the \(city.shownInMessage) visit it reaches."
        )
    }

    package static func travelConnectsNoVisits(
        _ location: Location, travel: String, occurrence: Int, pairs: Int
    ) -> InputProblem {
        let why: String
        if pairs == 0 {
            why = "no visit to the first city is followed by a visit to the second in the game schedule"
        } else {
            why =
                "it is travel number \(occurrence) between these cities, but the game schedule goes from one to the "
                + "other only \(pairs == 1 ? "once" : "\(pairs) times")"
        }
        return InputProblem(
            .travelConnectsNoVisits, at: location, "travel \(travel.shownInMessage) connects no pair of visits: \(why)."
        )
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): "the number \(number.literal)"
        case .string(let string):
            string.count > 40
                ? "a string (\"\(String(string.prefix(37)).shownInMessage)…\")"
                : "the string \"\(string.shownInMessage)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let mib = Double(bytes) / 1_048_576
        return mib >= 10 ? "\(Int(mib.rounded())) MiB" : "\((mib * 10).rounded() / 10) MiB"
    }

    private static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

extension String {
    /// The text as a message quotes it: line breaks and other control characters
    /// escaped as JSON writes them, so that every problem stays on one line.
    package var shownInMessage: String {
        guard unicodeScalars.contains(where: Self.breaksALine) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where Self.breaksALine(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
