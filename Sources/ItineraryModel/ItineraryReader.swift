/// Reads itinerary/v1 and reports every problem it finds, not just the first.
package enum ItineraryReader {
    package static let maximumBytes = 32 * 1_048_576
    package static let maximumItems = 100_000
    package static let maximumDayCount = 3_660

    /// The shape of a BCP 47 tag: a language of 2 or 3 letters, then subtags of
    /// 1 to 8 letters and digits ("de", "pt-BR", "zh-Hans-CN"). Whether there is a
    /// catalogue for it is the presentation's question.
    package static func isLanguageTag(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...3).contains(first.count),
            first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else {
            return false
        }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count)
                && subtag.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                }
        }
    }

    package static func read(bytes: [UInt8]) throws(InputProblems) -> Itinerary {
        guard bytes.count <= maximumBytes else {
            throw InputProblems([.tooLarge(bytes: bytes.count, limit: maximumBytes)])
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw InputProblems([.notJSON(error)])
        }
        return try read(document: document)
    }

    package static func read(document: JSONValue) throws(InputProblems) -> Itinerary {
        var decoder = Decoding()
        guard let itinerary = decoder.itinerary(document), decoder.problems.isEmpty else {
            throw InputProblems(decoder.problems)
        }
        return itinerary
    }
}

/// The walk over the document, collecting problems as it goes.
private struct Decoding {
    var problems: [InputProblem] = []

    mutating func report(_ problem: InputProblem) { problems.append(problem) }

    mutating func itinerary(_ document: JSONValue) -> Itinerary? {
        guard case .object(let root) = document else {
            report(
                .wrongType(.document, expected: "an object with \"format\", \"trip\" and \"items\"", found: document))
            return nil
        }
        switch root["format"]?.nonNull {
        case .string("itinerary/v1"): break
        case nil: report(.missingField(.document, "format"))
        case let other?: report(.wrongFormat(other))
        }
        let trip = self.trip(root["trip"]?.nonNull)
        let games = self.games(root["games"]?.nonNull)
        let items = self.items(root["items"]?.nonNull, trip: trip, games: games)
        let removed = self.removed(root["removed"]?.nonNull, items: items)
        guard let trip, let games, let items, let removed else { return nil }
        var finalTrip = trip.trip
        finalTrip.dayCount = trip.dayCount ?? max(1, items.map(\.day).max() ?? 1)
        return Itinerary(trip: finalTrip, games: games, items: items, removed: removed, document: document)
    }

    // MARK: trip

    struct PartialTrip {
        var trip: Trip
        var dayCount: Int?
    }

    mutating func trip(_ value: JSONValue?) -> PartialTrip? {
        let here = Location(path: [.key("trip")])
        guard let value else {
            report(.missingField(.document, "trip"))
            return nil
        }
        guard case .object(let object) = value else {
            report(.wrongType(here, expected: "an object", found: value))
            return nil
        }
        let id = string(object, "id", at: here, required: true, maxLength: 200)
        let name = string(object, "name", at: here, required: true, maxLength: 200)
        var startDate: CivilDate?
        if let text = string(object, "startDate", at: here, required: true, maxLength: 40, allowEmpty: true) {
            startDate = CivilDate(iso: text)
            if startDate == nil { report(.badDate(here.appending(.key("startDate")), text)) }
        }
        let dayCount = integer(object, "dayCount", at: here, range: 1...ItineraryReader.maximumDayCount)
        var zone = Zone.utc
        var zoneOK = true
        if let text = string(object, "timeZone", at: here, required: false, maxLength: 64, allowEmpty: true) {
            if let parsed = Zone(identifier: text) {
                zone = parsed
            } else {
                zoneOK = false
                report(.badZone(here.appending(.key("timeZone")), text))
            }
        }
        var units: Units?
        var unitsOK = true
        if let text = string(object, "units", at: here, required: false, maxLength: 20, allowEmpty: true) {
            if let parsed = Units(rawValue: text) {
                units = parsed
            } else {
                unitsOK = false
                report(.unknownValue(here.appending(.key("units")), text, allowed: Units.allCases.map(\.rawValue)))
            }
        }
        var locale: String?
        var localeOK = true
        if let text = string(object, "locale", at: here, required: false, maxLength: 64, allowEmpty: true) {
            if ItineraryReader.isLanguageTag(text) {
                locale = text
            } else {
                localeOK = false
                report(.badLocale(here.appending(.key("locale")), text))
            }
        }
        let (modifiedAt, modifiedAtOK) = modifiedAt(object, at: here)
        guard let id, let name, let startDate, zoneOK, unitsOK, localeOK, modifiedAtOK else { return nil }
        if object["dayCount"]?.nonNull != nil && dayCount == nil { return nil }
        let trip = Trip(
            id: id, name: name, startDate: startDate, dayCount: dayCount ?? 1, timeZone: zone, units: units,
            locale: locale,
            modifiedAt: modifiedAt)
        return PartialTrip(trip: trip, dayCount: dayCount)
    }

    // MARK: games

    mutating func games(_ value: JSONValue?) -> [Game]? {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            report(.wrongType(Location(path: [.key("games")]), expected: "an array of games", found: value))
            return nil
        }
        var games: [Game] = []
        var firstByID: [CodePointKey: Location] = [:]
        var ok = true
        for (index, element) in elements.enumerated() {
            let here = Location.game(index, id: Self.id(of: element))
            guard let game = game(element, at: here) else {
                ok = false
                continue
            }
            let key = CodePointKey(game.id)
            if let first = firstByID[key] {
                report(.duplicateID(here.appending(.key("id")), game.id, first: first))
                ok = false
            } else {
                firstByID[key] = here
            }
            games.append(game)
        }
        return ok ? games : nil
    }

    mutating func game(_ value: JSONValue, at here: Location) -> Game? {
        guard case .object(let object) = value else {
            report(.wrongType(here, expected: "an object", found: value))
            return nil
        }
        let id = string(object, "id", at: here, required: true, maxLength: 200)
        let sport = string(object, "sport", at: here, required: true, maxLength: 40)
        let away = team(object, "away", at: here)
        let home = team(object, "home", at: here)
        var start: Instant?
        if let text = string(object, "start", at: here, required: true, maxLength: 40, allowEmpty: true) {
            start = Instant(iso: text)
            if start == nil { report(.badDateTime(here.appending(.key("start")), text)) }
        }
        var zone: Zone?
        if let text = string(object, "timeZone", at: here, required: true, maxLength: 64, allowEmpty: true) {
            zone = Zone(identifier: text)
            if zone == nil { report(.badZone(here.appending(.key("timeZone")), text)) }
        }
        let stadium = self.stadium(object["stadium"]?.nonNull, at: here)
        let (modifiedAt, modifiedAtOK) = modifiedAt(object, at: here)
        guard let id, let sport, let away, let home, let start, let zone, let stadium, modifiedAtOK else { return nil }
        return Game(
            id: id, sport: sport, away: away, home: home, start: start, timeZone: zone, stadium: stadium,
            modifiedAt: modifiedAt)
    }

    mutating func team(_ object: JSONObject, _ key: String, at parent: Location) -> Game.Team? {
        let here = parent.appending(.key(key))
        guard let value = object[key]?.nonNull else {
            report(.missingField(parent, key))
            return nil
        }
        guard case .object(let team) = value else {
            report(.wrongType(here, expected: "an object with \"abbr\" and \"name\"", found: value))
            return nil
        }
        var abbr = string(team, "abbr", at: here, required: true, maxLength: 4, allowEmpty: true)
        if let text = abbr, !(2...4).contains(text.count) || !text.allSatisfy(\.isLetter) {
            report(.badAbbreviation(here.appending(.key("abbr")), text))
            abbr = nil
        }
        let name = string(team, "name", at: here, required: true, maxLength: 200)
        guard let abbr, let name else { return nil }
        return Game.Team(abbr: abbr, name: name)
    }

    mutating func stadium(_ value: JSONValue?, at parent: Location) -> Game.Stadium? {
        let here = parent.appending(.key("stadium"))
        guard let value else {
            report(.missingField(parent, "stadium"))
            return nil
        }
        guard case .object(let object) = value else {
            report(.wrongType(here, expected: "an object", found: value))
            return nil
        }
        let name = string(object, "name", at: here, required: true, maxLength: 200)
        let city = string(object, "city", at: here, required: true, maxLength: 200)
        let latitude = number(object, "latitude", at: here, required: true, range: -90...90)
        let longitude = number(object, "longitude", at: here, required: true, range: -180...180)
        guard let name, let city, let latitude, let longitude else { return nil }
        return Game.Stadium(name: name, city: city, latitude: latitude, longitude: longitude)
    }

    // MARK: items

    mutating func items(_ value: JSONValue?, trip: PartialTrip?, games: [Game]?) -> [Item]? {
        let here = Location(path: [.key("items")])
        guard let value else {
            report(.missingField(.document, "items"))
            return nil
        }
        guard case .array(let elements) = value else {
            report(.wrongType(here, expected: "an array of items", found: value))
            return nil
        }
        guard elements.count <= ItineraryReader.maximumItems else {
            report(.tooManyItems(elements.count, limit: ItineraryReader.maximumItems))
            return nil
        }
        // Ids compare by code points: canonically equivalent ids are different ids.
        let knownGames = Set((games ?? []).map { CodePointKey($0.id) })
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        // Where each id was first seen, as an index into `elements`: a Location is made only for a problem.
        var firstByID: [CodePointKey: Int] = [:]
        var firstByGame: [CodePointKey: Int] = [:]
        firstByID.reserveCapacity(elements.count)
        var ok = true
        func location(_ index: Int) -> Location {
            Location.item(index, id: Self.id(of: elements[index]))
        }
        for (index, element) in elements.enumerated() {
            guard let item = item(element, at: location(index), dayCount: trip?.dayCount) else {
                ok = false
                continue
            }
            let key = CodePointKey(item.id)
            if let first = firstByID[key] {
                report(.duplicateID(location(index).appending(.key("id")), item.id, first: location(first)))
                ok = false
            } else {
                firstByID[key] = index
            }
            if let gameID = item.gameID {
                // Without a usable catalogue the reference cannot be judged; its own problems are reported.
                let gameKey = CodePointKey(gameID)
                if games != nil, !knownGames.contains(gameKey) {
                    report(.unknownGame(location(index).appending(.key("gameId")), gameID))
                    ok = false
                } else if let first = firstByGame[gameKey] {
                    report(.gameListedTwice(location(index).appending(.key("gameId")), gameID, first: location(first)))
                    ok = false
                } else {
                    firstByGame[gameKey] = index
                }
            }
            items.append(item)
        }
        return ok ? items : nil
    }

    /// An element's `id` when it is a string, for naming the element in problems.
    static func id(of element: JSONValue) -> String? {
        if case .string(let id) = element["id"] { id } else { nil }
    }

    mutating func item(_ value: JSONValue, at here: Location, dayCount: Int?) -> Item? {
        guard case .object(let object) = value else {
            report(.wrongType(here, expected: "an object", found: value))
            return nil
        }
        let id = string(object, "id", at: here, required: true, maxLength: 200)
        var day: Int?
        if let raw = object["day"]?.nonNull {
            if let number = wholeNumber(raw, at: here.appending(.key("day"))) {
                let limit = dayCount ?? ItineraryReader.maximumDayCount
                if let value = Int(exactly: number.value), (1...limit).contains(value) {
                    day = value
                } else {
                    report(.dayOutOfRange(here.appending(.key("day")), number, dayCount: limit))
                }
            }
        } else {
            report(.missingField(here, "day"))
        }
        let sortOrder = number(object, "sortOrder", at: here, required: false, range: nil)
        let sortOrderOK = object["sortOrder"]?.nonNull == nil || sortOrder != nil
        let (modifiedAt, modifiedOK) = modifiedAt(object, at: here)
        let kindName = string(object, "kind", at: here, required: true, maxLength: 20, allowEmpty: true)
        var kind: Item.Kind?
        var notes: String?
        var confirmation: String?
        var extrasOK = true
        switch kindName {
        case "game":
            if let gameID = string(object, "gameId", at: here, required: true, maxLength: 200) {
                kind = .game(gameID: gameID)
            }
        case "travel":
            kind = travel(object, at: here).map(Item.Kind.travel)
            if object["sortOrder"]?.nonNull == nil {
                report(.missingSortOrder(here.appending(.key("sortOrder"))))
                kind = nil
            }
        case "custom":
            kind = custom(object, at: here).map(Item.Kind.custom)
        case nil:
            break
        case let other?:
            report(.unknownValue(here.appending(.key("kind")), other, allowed: ["game", "travel", "custom"]))
        }
        if kindName == "travel" || kindName == "custom" {
            notes = string(object, "notes", at: here, required: false, maxLength: 2_000, allowEmpty: true)
            confirmation = string(object, "confirmation", at: here, required: false, maxLength: 100, allowEmpty: true)
            extrasOK =
                (object["notes"]?.nonNull == nil || notes != nil)
                && (object["confirmation"]?.nonNull == nil || confirmation != nil)
        }
        guard let id, let day, let kind, sortOrderOK, modifiedOK, extrasOK else { return nil }
        return Item(
            id: id, day: day, sortOrder: sortOrder, modifiedAt: modifiedAt, kind: kind, notes: notes,
            confirmation: confirmation)
    }

    mutating func travel(_ object: JSONObject, at here: Location) -> Travel? {
        let from = string(object, "fromCity", at: here, required: true, maxLength: 200)
        let to = string(object, "toCity", at: here, required: true, maxLength: 200)
        let distance = number(object, "distanceMiles", at: here, required: false, range: 0...1_000_000)
        let duration = number(object, "durationMinutes", at: here, required: false, range: 0...1_000_000)
        var mode = Travel.Mode.drive
        var modeOK = true
        if let text = string(object, "mode", at: here, required: false, maxLength: 20, allowEmpty: true) {
            if let parsed = Travel.Mode(rawValue: text) {
                mode = parsed
            } else {
                modeOK = false
                report(.unknownValue(here.appending(.key("mode")), text, allowed: Travel.Mode.allCases.map(\.rawValue)))
            }
        } else if object["mode"]?.nonNull != nil {
            modeOK = false
        }
        guard let from, let to, modeOK,
            object["distanceMiles"]?.nonNull == nil || distance != nil,
            object["durationMinutes"]?.nonNull == nil || duration != nil
        else { return nil }
        return Travel(fromCity: from, toCity: to, distanceMiles: distance, durationMinutes: duration, mode: mode)
    }

    mutating func custom(_ object: JSONObject, at here: Location) -> Custom? {
        var category: Custom.Category?
        if let text = string(object, "category", at: here, required: true, maxLength: 20, allowEmpty: true) {
            category = Custom.Category(rawValue: text)
            if category == nil {
                report(
                    .unknownValue(
                        here.appending(.key("category")), text, allowed: Custom.Category.allCases.map(\.rawValue)))
            }
        }
        let title = string(object, "title", at: here, required: true, maxLength: 500)
        var time: LocalTime?
        var timeOK = true
        if let text = string(object, "time", at: here, required: false, maxLength: 40, allowEmpty: true) {
            time = LocalTime(iso: text)
            if time == nil {
                timeOK = false
                report(.badTime(here.appending(.key("time")), text))
            }
        } else if object["time"]?.nonNull != nil {
            timeOK = false
        }
        var place: Place?
        var placeOK = true
        if let value = object["location"]?.nonNull {
            let at = here.appending(.key("location"))
            if case .object(let location) = value {
                let latitude = number(location, "latitude", at: at, required: true, range: -90...90)
                let longitude = number(location, "longitude", at: at, required: true, range: -180...180)
                let address = string(location, "address", at: at, required: false, maxLength: 500, allowEmpty: true)
                if let latitude, let longitude, location["address"]?.nonNull == nil || address != nil {
                    place = Place(
                        latitude: latitude, longitude: longitude, address: address?.isEmpty == true ? nil : address)
                } else {
                    placeOK = false
                }
            } else {
                report(.wrongType(at, expected: "an object with \"latitude\" and \"longitude\"", found: value))
                placeOK = false
            }
        }
        guard let category, let title, timeOK, placeOK else { return nil }
        return Custom(category: category, title: title, time: time, location: place)
    }

    // MARK: removed

    /// The tombstones: one per id at most, and a live item with a tombstone's
    /// id only when it was modified after the removal (it was added again).
    mutating func removed(_ value: JSONValue?, items: [Item]?) -> [Tombstone]? {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            report(.wrongType(Location(path: [.key("removed")]), expected: "an array of removed items", found: value))
            return nil
        }
        guard elements.count <= ItineraryReader.maximumItems else {
            report(.tooManyItems(elements.count, limit: ItineraryReader.maximumItems))
            return nil
        }
        var tombstones: [Tombstone] = []
        /// Each tombstone and its index in `elements`, by id.
        var firstByID: [CodePointKey: (tombstone: Tombstone, index: Int)] = [:]
        var texts: [CodePointKey: String] = [:]
        var ok = true
        func location(_ index: Int) -> Location {
            Location(path: [.key("removed"), .index(index)], id: Self.id(of: elements[index]))
        }
        for (index, element) in elements.enumerated() {
            let here = location(index)
            guard case .object(let object) = element else {
                report(.wrongType(here, expected: "an object with \"id\" and \"removedAt\"", found: element))
                ok = false
                continue
            }
            let id = string(object, "id", at: here, required: true, maxLength: 200)
            var removedAt: Instant?
            if let text = string(object, "removedAt", at: here, required: true, maxLength: 40, allowEmpty: true) {
                removedAt = Instant(iso: text)
                if removedAt == nil { report(.badDateTime(here.appending(.key("removedAt")), text)) }
                if let id { texts[CodePointKey(id)] = text }
            }
            guard let id, let removedAt else {
                ok = false
                continue
            }
            if let first = firstByID[CodePointKey(id)] {
                report(.duplicateTombstone(here.appending(.key("id")), id, first: location(first.index)))
                ok = false
                continue
            }
            let tombstone = Tombstone(id: id, removedAt: removedAt)
            firstByID[CodePointKey(id)] = (tombstone, index)
            tombstones.append(tombstone)
        }
        guard ok, let items else { return ok ? tombstones : nil }
        for (index, item) in items.enumerated() {
            guard let (tombstone, tombstoneIndex) = firstByID[CodePointKey(item.id)] else { continue }
            if let modifiedAt = item.modifiedAt, modifiedAt > tombstone.removedAt { continue }
            report(
                .removedItemIsLive(
                    Location.item(index, id: item.id, "modifiedAt"), item.id,
                    removedAt: texts[CodePointKey(item.id)] ?? "",
                    modifiedAt: item.modifiedAt?.isoUTC, tombstone: location(tombstoneIndex)))
            ok = false
        }
        return ok ? tombstones : nil
    }

    // MARK: fields

    /// An optional `modifiedAt` (of the trip, a game or an item), and whether it is
    /// absent or reads; a wrong one is reported.
    mutating func modifiedAt(_ object: JSONObject, at parent: Location) -> (Instant?, isValid: Bool) {
        guard let text = string(object, "modifiedAt", at: parent, required: false, maxLength: 40, allowEmpty: true)
        else {
            return (nil, object["modifiedAt"]?.nonNull == nil)
        }
        guard let instant = Instant(iso: text) else {
            report(.badDateTime(parent.appending(.key("modifiedAt")), text))
            return (nil, false)
        }
        return (instant, true)
    }

    mutating func string(
        _ object: JSONObject, _ key: String, at parent: Location, required: Bool, maxLength: Int,
        allowEmpty: Bool = false
    ) -> String? {
        guard let value = object[key]?.nonNull else {
            if required { report(.missingField(parent, key)) }
            return nil
        }
        // Built only when a problem is reported: most fields have none.
        var here: Location { parent.appending(.key(key)) }
        guard case .string(let text) = value else {
            report(.wrongType(here, expected: "a string", found: value))
            return nil
        }
        // UTF-8 never has fewer bytes than code points, so short texts need no count.
        let length = text.utf8.count <= maxLength ? 0 : text.unicodeScalars.count
        if length > maxLength {
            report(.tooLong(here, length: length, limit: maxLength))
            return nil
        }
        if !allowEmpty && Self.isBlank(text) {
            report(.empty(here))
            return nil
        }
        return text
    }

    /// Whether a text is empty or only white space; most texts start with a
    /// visible ASCII character, which settles it without walking characters.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    mutating func number(
        _ object: JSONObject, _ key: String, at parent: Location, required: Bool, range: ClosedRange<Double>?
    ) -> Double? {
        guard let value = object[key]?.nonNull else {
            if required { report(.missingField(parent, key)) }
            return nil
        }
        var here: Location { parent.appending(.key(key)) }
        guard case .number(let number) = value else {
            report(.wrongType(here, expected: "a number", found: value))
            return nil
        }
        guard number.value.isFinite else {
            report(.outOfRange(here, number, allowed: range.map(describe) ?? "a finite number"))
            return nil
        }
        if let range, !range.contains(number.value) {
            report(.outOfRange(here, number, allowed: describe(range)))
            return nil
        }
        return number.value
    }

    mutating func integer(_ object: JSONObject, _ key: String, at parent: Location, range: ClosedRange<Int>) -> Int? {
        guard let value = object[key]?.nonNull else { return nil }
        let here = parent.appending(.key(key))
        guard let number = wholeNumber(value, at: here) else { return nil }
        guard let integer = Int(exactly: number.value), range.contains(integer) else {
            report(.outOfRange(here, number, allowed: "\(range.lowerBound)…\(range.upperBound)"))
            return nil
        }
        return integer
    }

    mutating func wholeNumber(_ value: JSONValue, at here: Location) -> JSONNumber? {
        guard case .number(let number) = value else {
            report(.wrongType(here, expected: "a whole number", found: value))
            return nil
        }
        // A number too large to be a day or a count is let through: the caller's range check names the range.
        guard !number.value.isFinite || number.value == number.value.rounded() else {
            report(.notWholeNumber(here, number))
            return nil
        }
        return number
    }

    func describe(_ range: ClosedRange<Double>) -> String {
        "\(JSONNumber(range.lowerBound).literal)…\(JSONNumber(range.upperBound).literal)"
    }
}
