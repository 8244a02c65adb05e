import Testing
import ItineraryModel

@Suite struct SortOrderTests {
    @Test func betweenNeighbours() {
        #expect(SortOrder.between(nil, nil) == 100)
        #expect(SortOrder.between(10, nil) == 11)
        #expect(SortOrder.between(nil, 10) == 9)
        #expect(SortOrder.between(100, 150) == 125)
        #expect(SortOrder.between(-3, -2) == -2.5)
        #expect(SortOrder.between(0.1, 0.2).map { $0 > 0.1 && $0 < 0.2 } == true)
    }

    @Test func noRoomBetweenAdjacentDoubles() {
        #expect(SortOrder.between(1, 1.0.nextUp) == nil)
        #expect(SortOrder.between(5, 5) == nil)
        #expect(SortOrder.between(6, 5) == nil)
    }

    @Test func extremeNeighboursStillLeaveRoom() {
        let largest = Double.greatestFiniteMagnitude
        #expect(SortOrder.between(-largest, largest) == 0)
        #expect(SortOrder.between(1e308, largest).map { $0 > 1e308 && $0 < largest } == true)
        #expect(SortOrder.between(1e300, nil).map { $0 > 1e300 && $0.isFinite } == true)
        #expect(SortOrder.between(nil, -1e300).map { $0 < -1e300 && $0.isFinite } == true)
        #expect(SortOrder.between(largest, nil) == nil)
        #expect(SortOrder.between(nil, -largest) == nil)
    }

    @Test func positionsCompareDayFirst() {
        #expect(Position(day: 1, sortOrder: 1_000) < Position(day: 2, sortOrder: -1_000))
        #expect(Position(day: 2, sortOrder: 1) < Position(day: 2, sortOrder: 1.5))
        #expect(Position(day: 2, sortOrder: 150).description == "day 2, sortOrder 150")
    }
}
