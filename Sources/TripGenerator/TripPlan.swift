import Foundation
import ItineraryModel

/// One generated trip, planned day by day in the order the traveller would
/// see it, then given sortOrders and written as JSON.
struct TripPlan {
    private struct PlannedGame {
        let id: String
        let home: Venue
        let away: (abbr: String, name: String)
        let day: Int
        let minutes: Int
    }

    private enum Entry {
        case game(Int)
        case travel(from: Venue, to: Venue)
        case custom(Int)
    }

    private let dayCount: Int
    private let itemCount: Int
    private var random: SplitMix64
    private let startDate: CivilDate
    private var games: [PlannedGame] = []
    private var visits: [[Int]] = []
    private var plan: [[Entry]]
    private var zones: [String: Zone] = [:]

    init(days: Int, items: Int, seed: UInt64) {
        dayCount = days
        itemCount = items
        random = SplitMix64(seed: seed)
        startDate = CivilDate(year: 2026, month: 3, day: 1)!.adding(days: random.int(in: 0...180))
        plan = Array(repeating: [], count: days + 1)
    }

    mutating func document() -> JSONValue {
        planGames()
        planTravel()
        let customCount = itemCount - games.count - max(visits.count - 1, 0)
        planCustomItems(customCount)
        let tripZone = random.pick([
            "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Toronto",
        ])
        let cities = visits.map { games[$0[0]].home.city }
        let name = cities.isEmpty ? "Trip \(startDate.year)" : "\(cities.first!) to \(cities.last!) \(startDate.year)"
        var trip = JSONObject()
        trip["id"] = .string(hexID())
        trip["name"] = .string(name)
        trip["startDate"] = .string(startDate.description)
        trip["dayCount"] = .number(JSONNumber(dayCount))
        trip["timeZone"] = .string(tripZone)
        trip["units"] = .string(random.chance(0.8) ? "imperial" : "metric")
        trip["createdBy"] = .string("TripGenerator")
        var items: [JSONValue] = []
        items.reserveCapacity(itemCount)
        var numbers = (game: 0, travel: 0, custom: 0)
        for day in 1...dayCount {
            for (entry, sortOrder) in positions(plan[day]) {
                var item = JSONObject()
                switch entry {
                case .game(let index):
                    numbers.game += 1
                    item["id"] = .string("g-\(Digits.pad(numbers.game, 4))")
                    item["day"] = .number(JSONNumber(day))
                    if let sortOrder { item["sortOrder"] = .number(JSONNumber(sortOrder)) }
                    item["kind"] = .string("game")
                    item["gameId"] = .string(games[index].id)
                case .travel(let from, let to):
                    numbers.travel += 1
                    item["id"] = .string("t-\(Digits.pad(numbers.travel, 3))")
                    item["day"] = .number(JSONNumber(day))
                    item["sortOrder"] = .number(JSONNumber(sortOrder ?? 0))
                    travel(from: from, to: to, into: &item)
                case .custom(let number):
                    item["id"] = .string("c-\(Digits.pad(number, 4))")
                    item["day"] = .number(JSONNumber(day))
                    if let sortOrder { item["sortOrder"] = .number(JSONNumber(sortOrder)) }
                    custom(near: city(onDay: day), into: &item)
                }
                items.append(.object(item))
            }
        }
        random.shuffle(&items)
        var root = JSONObject()
        root["format"] = .string("itinerary/v1")
        root["trip"] = .object(trip)
        var catalogue: [JSONValue] = []
        for game in games { catalogue.append(gameJSON(game)) }
        root["games"] = .array(catalogue)
        root["items"] = .array(items)
        root["exportedBy"] = .string("TripGenerator 1")
        return .object(root)
    }

    // MARK: Schedule

    /// Visits of one to three games in one city, a city different from the one
    /// before, with at least a day between the last game of a visit and the next.
    private mutating func planGames() {
        let target = itemCount == 0 ? 0 : max(1, itemCount / 4)
        var day = random.int(in: 1...min(2, dayCount))
        var city: String?
        var usedIDs: Set<String> = []
        while games.count < target && day <= dayCount {
            let next = random.pick(Venue.cities.filter { $0 != city })
            city = next
            let venues = Venue.all.filter { $0.city == next }
            var visit: [Int] = []
            for _ in 0..<random.int(in: 1...3) where games.count < target && day <= dayCount {
                let home = random.pick(venues)
                let doubleheader = games.count + 2 <= target && random.chance(0.08)
                let times =
                    doubleheader
                    ? [13 * 60 + 5, 19 * 60 + 10]
                    : [random.pick([13 * 60 + 10, 18 * 60 + 40, 19 * 60 + 5, 19 * 60 + 30, 20 * 60])]
                for minutes in times {
                    let away = random.pick(Venue.all.filter { $0.sport == home.sport && $0.abbr != home.abbr })
                    let date = startDate.adding(days: day - 1)
                    var id = "\(home.sport.lowercased())-\(date)-\(away.abbr.lowercased())-\(home.abbr.lowercased())"
                    if usedIDs.contains(id) { id += "-\(minutes / 60)" }
                    usedIDs.insert(id)
                    visit.append(games.count)
                    plan[day].append(.game(games.count))
                    games.append(
                        PlannedGame(id: id, home: home, away: (away.abbr, away.team), day: day, minutes: minutes))
                }
                day += random.chance(0.7) ? 1 : 2
            }
            visits.append(visit)
            day += random.int(in: 0...2)
        }
    }

    /// One travel item per pair of consecutive visits: after the last game of
    /// the visit it leaves, on a day between, or before the first game of the next.
    private mutating func planTravel() {
        guard visits.count > 1 else { return }
        for index in 1..<visits.count {
            let leaving = games[visits[index - 1].last!], reaching = games[visits[index][0]]
            let day = random.int(in: leaving.day...reaching.day)
            let entry = Entry.travel(from: leaving.home, to: reaching.home)
            if day == reaching.day {
                plan[day].insert(entry, at: 0)
            } else {
                plan[day].append(entry)
            }
        }
    }

    /// Custom items anywhere on days that are not rest days.
    private mutating func planCustomItems(_ count: Int) {
        guard count > 0 else { return }
        var open: [Int] = []
        for day in 1...dayCount where !(plan[day].isEmpty && random.chance(0.15)) {
            open.append(day)
        }
        if open.isEmpty { open = [random.int(in: 1...dayCount)] }
        for number in 1...count {
            let day = random.pick(open)
            plan[day].insert(.custom(number), at: random.int(in: 0...plan[day].count))
        }
    }

    /// The sortOrder of each entry of a day, in its planned order. Some days
    /// leave their games' sortOrder out (they get 100, 101, … by start time),
    /// and a custom item ending a day sometimes has none (it goes last).
    private mutating func positions(_ entries: [Entry]) -> [(Entry, Double?)] {
        var result: [(Entry, Double?)] = entries.map { ($0, nil) }
        let gameCount = entries.filter { if case .game = $0 { true } else { false } }.count
        if gameCount > 0 && random.chance(0.3) {
            var pending: [Int] = []
            var rank = 0
            func fill(_ indices: [Int], from lower: Double, to upper: Double) {
                for (offset, index) in indices.enumerated() {
                    result[index].1 = lower + (upper - lower) * Double(offset + 1) / Double(indices.count + 1)
                }
            }
            for (index, entry) in entries.enumerated() {
                if case .game = entry {
                    fill(pending, from: rank == 0 ? 0 : Double(99 + rank), to: Double(100 + rank))
                    pending = []
                    rank += 1
                } else {
                    pending.append(index)
                }
            }
            for (offset, index) in pending.enumerated() {
                result[index].1 = Double(99 + rank) + Double(10 * (offset + 1))
            }
        } else {
            for index in entries.indices {
                result[index].1 = Double(10 * (index + 1)) + random.pick([0, 0, 0, 0.5, 0.25, 2.5])
            }
        }
        if let last = entries.indices.last, case .custom = entries[last], random.chance(0.25) {
            result[last].1 = nil
        }
        return result
    }

    // MARK: Items

    private func city(onDay day: Int) -> Venue {
        var venue = games.first?.home ?? Venue.all[0]
        for game in games {
            if game.day > day { break }
            venue = game.home
        }
        return venue
    }

    private mutating func travel(from: Venue, to: Venue, into item: inout JSONObject) {
        item["kind"] = .string("travel")
        item["fromCity"] = .string(from.city)
        item["toCity"] = .string(to.city)
        let miles = (Self.miles(from, to) * 1.2).rounded()
        let mode: String
        let minutes: Double
        if miles > 450 {
            mode = "flight"
            minutes = 90 + (miles / 480 * 60).rounded()
        } else if random.chance(0.2) {
            mode = random.pick(["train", "bus"])
            minutes = (miles / 45 * 60).rounded()
        } else {
            mode = "drive"
            minutes = (miles / 58 * 60).rounded()
        }
        item["distanceMiles"] = .number(JSONNumber(miles))
        item["durationMinutes"] = .number(JSONNumber(minutes))
        item["mode"] = .string(mode)
        if random.chance(0.3) { item["confirmation"] = .string(confirmationCode()) }
        if random.chance(0.2) { item["notes"] = .string("Leave by \(random.int(in: 6...11)):00 to beat traffic.") }
    }

    private mutating func custom(near venue: Venue, into item: inout JSONObject) {
        let category = random.pick(["restaurant", "hotel", "activity", "note"])
        let city = venue.city
        let titles: [String] =
            switch category {
            case "restaurant":
                [
                    "Dinner at \(city) Chop House", "Brunch near the ballpark", "Tacos before the game",
                    "Post-game dinner", "Coffee and pastries", "Late-night pizza",
                ]
            case "hotel": ["Hotel check-in", "Hotel checkout", "Late checkout", "Check in: \(city) Downtown Inn"]
            case "activity":
                [
                    "Stadium tour", "\(city) art museum", "Riverwalk", "Architecture boat tour", "Hall of fame visit",
                    "Farmers market",
                ]
            default: ["Buy sunscreen", "Call home", "Pick up tickets at will call", "Laundry", "Charge the camera"]
            }
        if random.chance(0.4) { item["modifiedAt"] = .string(modifiedAt()) }
        item["kind"] = .string("custom")
        item["category"] = .string(category)
        item["title"] = .string(random.pick(titles))
        if random.chance(0.75) {
            item["time"] = .string(
                Digits.pad(random.int(in: 7...23), 2) + ":" + Digits.pad(15 * random.int(in: 0...3), 2))
        }
        if random.chance(category == "note" ? 0.1 : 0.7) {
            var location = JSONObject()
            location["latitude"] = .number(JSONNumber(jitter(venue.latitude)))
            location["longitude"] = .number(JSONNumber(jitter(venue.longitude)))
            if random.chance(0.6) {
                let street = random.pick(["Main St", "Water St", "Lake Shore Dr", "2nd Ave", "Market St", "Elm St"])
                location["address"] = .string("\(random.int(in: 1...2400)) \(street), \(city)")
            }
            item["location"] = .object(location)
        }
        if random.chance(0.25) {
            item["notes"] = .string(
                random.chance(0.5) ? "Reservation under Sam." : "Reservation under Sam.\nAsk for a window table.")
        }
        if (category == "hotel" || category == "restaurant") && random.chance(0.4) {
            item["confirmation"] = .string(confirmationCode())
        }
        if random.chance(0.1) {
            item["appData"] = .object(
                JSONObject([
                    ("color", .string(random.pick(["blue", "green", "orange"]))), ("pinned", .bool(random.chance(0.5))),
                ]))
        }
    }

    private mutating func gameJSON(_ game: PlannedGame) -> JSONValue {
        let date = startDate.adding(days: game.day - 1)
        let zone = zone(game.home.timeZone)
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(game.minutes * 60)
        var offset = zone.offsetSeconds(at: Instant(seconds: local))
        offset = zone.offsetSeconds(at: Instant(seconds: local - Int64(offset)))
        let sign = offset < 0 ? "-" : "+"
        let start =
            "\(date)T\(Digits.pad(game.minutes / 60, 2)):\(Digits.pad(game.minutes % 60, 2)):00"
            + "\(sign)\(Digits.pad(abs(offset) / 3600, 2)):\(Digits.pad(abs(offset) / 60 % 60, 2))"
        return .object(
            JSONObject([
                ("id", .string(game.id)),
                ("sport", .string(game.home.sport)),
                ("away", .object(JSONObject([("abbr", .string(game.away.abbr)), ("name", .string(game.away.name))]))),
                ("home", .object(JSONObject([("abbr", .string(game.home.abbr)), ("name", .string(game.home.team))]))),
                ("start", .string(start)),
                ("timeZone", .string(game.home.timeZone)),
                (
                    "stadium",
                    .object(
                        JSONObject([
                            ("name", .string(game.home.stadium)), ("city", .string(game.home.city)),
                            ("latitude", .number(JSONNumber(game.home.latitude))),
                            ("longitude", .number(JSONNumber(game.home.longitude))),
                        ]))
                ),
            ]))
    }

    // MARK: Small pieces

    private mutating func zone(_ identifier: String) -> Zone {
        if let zone = zones[identifier] { return zone }
        let zone = Zone(identifier: identifier) ?? .utc
        zones[identifier] = zone
        return zone
    }

    private mutating func jitter(_ coordinate: Double) -> Double {
        ((coordinate + (random.unit() - 0.5) * 0.06) * 10_000).rounded() / 10_000
    }

    private mutating func modifiedAt() -> String {
        "2026-0\(random.int(in: 1...2))-\(Digits.pad(random.int(in: 1...28), 2))"
            + "T\(Digits.pad(random.int(in: 0...23), 2)):\(Digits.pad(random.int(in: 0...59), 2))"
            + ":\(Digits.pad(random.int(in: 0...59), 2))Z"
    }

    private mutating func confirmationCode() -> String {
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
        return String((0..<2).map { _ in random.pick(letters) }) + "-" + Digits.pad(random.int(in: 0...999_999), 6)
    }

    private mutating func hexID() -> String {
        let hex = String(random.next(), radix: 16, uppercase: true) + String(random.next(), radix: 16, uppercase: true)
        return String(hex.prefix(32))
    }

    /// Great-circle distance in miles.
    private static func miles(_ a: Venue, _ b: Venue) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 3958.8 * 2 * atan2(sqrt(h), sqrt(1 - h))
    }
}
