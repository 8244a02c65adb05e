import ItineraryConstraints
import ItineraryEditing
import ItineraryModel
import PropertyBased
import Testing
import TripGenerator

/// From any valid generated trip, any sequence of accepted moves keeps it valid,
/// keeps every day's sortOrders finite and distinct, and changes only the moved
/// item's place in the reading order; refused moves change nothing.
@Suite struct MovePropertyTests {
    @Test func acceptedMovesKeepTheTripValid() async {
        await propertyCheck(
            count: 60, input: Gen.uint64(), Gen.int(in: 1...12), Gen.int(in: 0...50), Gen.uint64().array(of: 1...15)
        ) { seed, days, items, choices in
            var itinerary = try ItineraryReader.read(bytes: TripGenerator.bytes(days: days, items: items, seed: seed))
            var expected = dayIDs(itinerary)
            for (step, choice) in choices.enumerated() {
                let editor = Editor(itinerary, now: Instant(seconds: 1_800_000_000 + Int64(step)))
                let checker = ConstraintChecker(itinerary)
                guard let attempt = MoveAttempt(choice, itinerary: itinerary, checker: checker) else { continue }
                let result: EditResult
                do {
                    result = try editor.move(attempt.id, toDay: attempt.day, attempt.placement)
                } catch {
                    #expect(!attempt.allowed, "refused a move to a drop zone: \(attempt) \(error)")
                    continue
                }
                #expect(attempt.allowed, "accepted a move outside the drop zones: \(attempt)")
                itinerary = result.itinerary
                #expect(ConstraintChecker(itinerary).check().isEmpty)
                for day in OrderedItinerary(itinerary).days {
                    let positions = day.entries.map(\.position)
                    #expect(positions.allSatisfy { $0.isFinite } && Set(positions).count == positions.count)
                }
                expected = attempt.apply(to: expected)
                #expect(dayIDs(itinerary) == expected, "after \(attempt)")
            }
        }
    }
}

/// One move chosen from a number: mostly into one of the item's drop zones, sometimes
/// (one in five) a game's move or a travel item's move outside its zones, which must be refused.
struct MoveAttempt: CustomStringConvertible {
    let id: String
    let day: Int
    let placement: Placement
    let allowed: Bool

    init?(_ choice: UInt64, itinerary: Itinerary, checker: ConstraintChecker) {
        guard !itinerary.items.isEmpty else { return nil }
        let item = itinerary.items[Int(choice % UInt64(itinerary.items.count))]
        let pick = Int((choice >> 20) % 1_000_003)
        let ordered = checker.itinerary
        if item.isGame {
            (id, day, placement, allowed) = (item.id, item.day, .end, false)
            return
        }
        let zones = checker.dropZones(for: item.id)
        var every: [DropZone] = []
        for day in ordered.days {
            let others = day.entries.filter { $0.item.id != item.id }
            for gap in 0...others.count {
                every.append(
                    DropZone(
                        day: day.number, after: gap > 0 ? others[gap - 1].item.id : nil,
                        before: gap < others.count ? others[gap].item.id : nil))
            }
        }
        let outside = every.filter { !zones.contains($0) }
        let zone: DropZone
        if (choice >> 40) % 5 == 0, !outside.isEmpty {
            zone = outside[pick % outside.count]
            allowed = false
        } else {
            guard !zones.isEmpty else { return nil }
            zone = zones[pick % zones.count]
            allowed = true
        }
        id = item.id
        day = zone.day
        placement = zone.after.map(Placement.after) ?? zone.before.map(Placement.before) ?? .start
    }

    /// The reading order the move should give: the item taken out and put in its gap.
    func apply(to days: [[String]]) -> [[String]] {
        var days = days.map { $0.filter { $0 != id } }
        let gap: Int =
            switch placement {
            case .start: 0
            case .end: days[day - 1].count
            case .after(let other): days[day - 1].firstIndex(of: other)! + 1
            case .before(let other): days[day - 1].firstIndex(of: other)!
            }
        days[day - 1].insert(id, at: gap)
        return days
    }

    var description: String { "move \(id) to day \(day) \(placement)" }
}
