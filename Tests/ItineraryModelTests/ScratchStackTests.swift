import Synchronization
import Testing
@testable import ItineraryModel

@Suite struct ScratchStackTests {
    /// Counts the instances alive, so a value moved twice or never freed shows.
    final class Counted {
        static let alive = Mutex(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.withLock { $0 += 1 }
        }
        deinit { Self.alive.withLock { $0 -= 1 } }
    }

    @Test func popMovesTheTopOutInOrderAndTheRestIsFreedWithTheStack() {
        do {
            let stack = ScratchStack<Counted>(capacity: 2)
            for value in 0..<100 { stack.push(Counted(value)) }  // grows past its capacity several times
            let top = stack.pop(from: 90)
            #expect(top.map(\.value) == Array(90..<100))
            #expect(stack.count == 90)
            #expect(stack.pop(from: 90).isEmpty)
            let middle = stack.pop(from: 40)
            #expect(middle.map(\.value) == Array(40..<90))
            #expect(Counted.alive.withLock { $0 } == 100)
        }
        #expect(Counted.alive.withLock { $0 } == 0)
    }
}
