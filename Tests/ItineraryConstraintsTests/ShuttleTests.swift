import Testing
import ItineraryConstraints
import ItineraryModel
import TripGenerator

/// Games alternating between two cities with travel between each two: every
/// travel item matches many pairs of visits, and each finds its own.
@Suite struct ShuttleTests {
    @Test func aShuttleTripIsValid() throws {
        let itinerary = try ItineraryReader.read(document: TripGenerator.shuttle(games: 2_000))
        let checker = ConstraintChecker(itinerary)
        #expect(checker.check().isEmpty)
        #expect(checker.visitPairs(from: "Chicago", to: "Milwaukee").count == 1_000)
        // The 500th travel from Chicago connects the 500th pair of visits.
        let barriers = try #require(checker.barriers(of: "t998"))
        #expect(barriers.lastDeparture.itemID == "i-g998")
        #expect(barriers.firstArrival.itemID == "i-g999")
    }

    @Test func aShuttleTravelOnTheWrongSideIsNamed() throws {
        var document = TripGenerator.shuttle(games: 200)
        // t100 (Chicago → Milwaukee) moved after the Milwaukee game it must precede.
        guard case .array(var items) = document["items"] else { Issue.record("no items"); return }
        let index = try #require(items.firstIndex { $0["id"] == .string("t100") })
        items[index]["sortOrder"] = .number(JSONNumber(Double(10 * 2 + 7)))
        document["items"] = .array(items)
        let problems = ConstraintChecker(try ItineraryReader.read(document: document)).check()
        #expect(problems.map(\.code) == [.travelAfterBarrier])
    }
}
