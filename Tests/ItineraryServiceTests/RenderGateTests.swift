import Foundation
import Synchronization
import Testing
@testable import ItineraryService

/// Bounded work: at most `workers` at once, `queue` waiting, the rest refused at once.
@Suite struct RenderGateTests {
    /// Work that holds its worker until it is let go.
    final class Latch: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let started = Atomic<Int>(0)
        func work() -> Int {
            started.add(1, ordering: .relaxed)
            semaphore.wait()
            return 1
        }
        var startedCount: Int { started.load(ordering: .relaxed) }
        func release(_ count: Int) { for _ in 0..<count { semaphore.signal() } }
    }

    final class Order: Sendable {
        private let values = Mutex<[Int]>([])
        func append(_ value: Int) { values.withLock { $0.append(value) } }
        var all: [Int] { values.withLock { $0 } }
    }

    static func deadline(_ seconds: Double) -> ContinuousClock.Instant { .now + .seconds(seconds) }

    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }

    @Test func refusesPastWorkersAndQueue() async throws {
        let gate = RenderGate(workers: 2, queue: 1)
        let latch = Latch()
        async let first = gate.run(until: Self.deadline(120)) { latch.work() }
        async let second = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { latch.startedCount == 2 }
        async let third = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { gate.load == RenderGate.Load(running: 2, waiting: 1) }
        // Every worker busy, the queue full: refused at once.
        let refused = await gate.run(until: Self.deadline(120)) { latch.work() }
        #expect(refused == .failure(.full))
        latch.release(3)
        let results = await [first, second, third]
        #expect(results.allSatisfy { $0 == .success(1) })
        #expect(gate.load == RenderGate.Load(running: 0, waiting: 0))
        try await gate.shutdown()
    }

    @Test func aWaiterPastItsDeadlineLeavesTheQueue() async throws {
        let gate = RenderGate(workers: 1, queue: 4)
        let latch = Latch()
        async let busy = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { latch.startedCount == 1 }
        let start = ContinuousClock.now
        let late = await gate.run(until: Self.deadline(0.2)) { latch.work() }
        #expect(late == .failure(.timedOut))
        // The busy job is held by the latch until below, so only the waiter's own deadline can end
        // it; the bound only catches a hang. Not a few seconds: other suites' synchronous tests may
        // hold the test process's two cooperative threads that long (seen: 15–20 s in fresh clones), which is
        // also why the other jobs here may wait and run for up to 120 s.
        #expect(ContinuousClock.now - start < .seconds(45))
        #expect(gate.load.waiting == 0)
        latch.release(1)
        #expect(await busy == .success(1))
        // The timed-out job never ran.
        #expect(latch.startedCount == 1)
        try await gate.shutdown()
    }

    @Test func aRenderPastItsDeadlineIsAnsweredAndItsWorkerFreedWhenItEnds() async throws {
        let gate = RenderGate(workers: 1, queue: 0)
        let latch = Latch()
        let slow = await gate.run(until: Self.deadline(0.2)) { latch.work() }
        #expect(slow == .failure(.timedOut))
        // The work cannot be stopped halfway: its worker stays taken until it ends.
        #expect(gate.load.running == 1)
        latch.release(1)
        try await Self.waitUntil { gate.load.running == 0 }
        #expect(await gate.run(until: Self.deadline(5)) { 7 } == .success(7))
        try await gate.shutdown()
    }

    @Test func waitersRunInTheOrderTheyCame() async throws {
        let gate = RenderGate(workers: 1, queue: 8)
        let latch = Latch()
        let order = Order()
        async let busy = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { latch.startedCount == 1 }
        let results = try await withThrowingTaskGroup(of: Result<Int, RenderGate.Refusal>.self) { group in
            for index in 0..<5 {
                group.addTask {
                    await gate.run(until: Self.deadline(120)) {
                        order.append(index); return index
                    }
                }
                try await Self.waitUntil { gate.load.waiting == index + 1 }
            }
            latch.release(1)
            var results: [Result<Int, RenderGate.Refusal>] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(await busy == .success(1))
        #expect(results.count == 5)
        #expect(order.all == [0, 1, 2, 3, 4])
        try await gate.shutdown()
    }

    @Test func cancellationAnswersWaitingAndRunningJobsAtOnce() async throws {
        let gate = RenderGate(workers: 1, queue: 4)
        let latch = Latch()
        let running = Task { await gate.run(until: Self.deadline(60)) { latch.work() } }
        try await Self.waitUntil { latch.startedCount == 1 }
        let waiting = Task { await gate.run(until: Self.deadline(60)) { latch.work() } }
        try await Self.waitUntil { gate.load.waiting == 1 }
        let start = ContinuousClock.now
        waiting.cancel()
        #expect(await waiting.value == .failure(.draining))
        #expect(gate.load.waiting == 0)
        running.cancel()
        #expect(await running.value == .failure(.draining))
        // Well before the 60 s deadlines, the only other way they could end (see aWaiterPastItsDeadlineLeavesTheQueue).
        #expect(ContinuousClock.now - start < .seconds(45))
        // The render itself cannot be stopped: its worker is free once it ends.
        #expect(gate.load.running == 1)
        latch.release(1)
        try await Self.waitUntil { gate.load.running == 0 }
        // A job cancelled before it asks is refused without running.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await gate.run(until: Self.deadline(60)) { 1 }
        }
        #expect([.failure(.draining), .success(1)].contains(await early.value))
        try await gate.shutdown()
    }

    @Test func bodiesAreReadOnlyForWorkThatCanRunOrWait() async throws {
        let gate = RenderGate(workers: 1, queue: 1)
        #expect(gate.startReading() && gate.startReading())
        #expect(!gate.startReading())
        gate.doneReading()
        #expect(gate.startReading())
        gate.doneReading()
        gate.doneReading()
        // Every worker busy and the queue full: no body is read at all.
        let latch = Latch()
        async let first = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { latch.startedCount == 1 }
        async let second = gate.run(until: Self.deadline(120)) { latch.work() }
        try await Self.waitUntil { gate.load.waiting == 1 }
        #expect(!gate.startReading())
        latch.release(2)
        #expect(await [first, second] == [.success(1), .success(1)])
        #expect(gate.startReading())
        try await gate.shutdown()
    }
}
