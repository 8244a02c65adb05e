import Synchronization
import Testing
import ItineraryModel

@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 7, 8, 1_001])
    func partsCoverTheRangeInOrder(count: Int) {
        let parts = Parallel.parts(of: count, minimum: 8) { range in Array(range) }
        #expect(parts.count == (count >= 8 ? 2 : 1))
        #expect(parts.flatMap { $0 } == Array(0..<count))
    }

    @Test func bothRunsEachJobOnce() {
        let runs = Mutex<[String]>([])
        Parallel.both { runs.withLock { $0.append("first") } } and: { runs.withLock { $0.append("second") } }
        #expect(runs.withLock { $0.sorted() } == ["first", "second"])
    }

    @Test func aBackgroundValueIsMadeOnceAndReadAnyNumberOfTimes() {
        let made = Mutex(0)
        let background = Background { made.withLock { $0 += 1; return $0 * 10 } }
        #expect(background.value == 10)
        #expect(background.value == 10)
        #expect(made.withLock { $0 } == 1)
    }
}
