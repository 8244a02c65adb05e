import Testing
@testable import ItineraryConstraints
import ItineraryModel
import TestSupport

/// Checking a whole trip takes each travel item's occurrence (the k-th from
/// A to B) from one pass over the trip; it must be the one counted for any
/// position, at the position where the item stands.
@Suite struct OccurrenceTests {
    @Test func theOccurrenceWhereATravelStandsIsTheCountedOne() throws {
        var plan = Plan(days: 6)
        plan.game("chi-1", day: 1, in: "Chicago")
        plan.game("det-1", day: 2, in: "Detroit")
        plan.game("chi-2", day: 3, in: "Chicago")
        plan.game("det-2", day: 4, in: "Detroit")
        plan.game("chi-3", day: 6, in: "Chicago")
        // Written out of order; two tied on one sortOrder, which their ids order.
        plan.travel("t-c", from: "Chicago", to: "Detroit", day: 2, sortOrder: 10)
        plan.travel("t-a", from: "Chicago", to: "Detroit", day: 2, sortOrder: 10)
        plan.travel("t-b", from: "Chicago", to: "Detroit", day: 1, sortOrder: 300)
        plan.travel("back-2", from: "Detroit", to: "Chicago", day: 5, sortOrder: 10)
        plan.travel("back-1", from: "Detroit", to: "Chicago", day: 3, sortOrder: 10)
        plan.travel("t-d", from: "Chicago", to: "Detroit", day: 4, sortOrder: 150)
        let checker = try plan.checker()
        let expected = ["t-b": 1, "t-a": 2, "t-c": 3, "t-d": 4, "back-1": 1, "back-2": 2]
        var seen: [String: Int] = [:]
        for entry in checker.itinerary.entries {
            guard let travel = entry.item.travel else { continue }
            let counted = checker.countedOccurrence(of: entry, at: entry.dayPosition, travel: travel)
            #expect(checker.occurrenceInPlace[entry.index] == counted, "\(entry.item.id)")
            seen[entry.item.id] = checker.occurrenceInPlace[entry.index]
        }
        #expect(seen == expected)
    }
}
