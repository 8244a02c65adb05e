import Foundation
import Synchronization

/// One document asked of a render pool, from the asking task until a slot's thread answers it:
/// answered exactly once, whether drawn, refused, or cancelled first.
final class PoolJob: Sendable {
    /// What the asking task gets back.
    enum Outcome: Sendable {
        case drawn(documents: [[UInt8]], pageCount: Int?)
        case problem(Problem)
        case cancelled
    }

    /// The request's JSON frame and the trip's bytes.
    let request: [UInt8]
    let trip: [UInt8]
    private let cancelledFlag = Atomic<Bool>(false)
    private let outcome = OneAnswer<Outcome>()

    init(request: [UInt8], trip: [UInt8]) {
        self.request = request
        self.trip = trip
    }

    var isCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    func cancel() { cancelledFlag.store(true, ordering: .releasing) }

    /// The task that asked waits here.
    func wait(_ continuation: CheckedContinuation<Outcome, Never>) { outcome.wait(continuation) }

    /// Answers the job; every answer after the first is dropped.
    func answer(_ outcome: Outcome) { self.outcome.answer(outcome) }
}
