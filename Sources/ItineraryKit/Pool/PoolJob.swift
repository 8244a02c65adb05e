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
    private let state = Mutex<State>(State())

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        /// An answer that came before the continuation did (a task cancelled before it waited).
        var early: Outcome?
        var answered = false
    }

    init(request: [UInt8], trip: [UInt8]) {
        self.request = request
        self.trip = trip
    }

    var isCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    func cancel() { cancelledFlag.store(true, ordering: .releasing) }

    /// The task that asked waits here.
    func wait(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early = state.withLock { state -> Outcome? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Answers the job; every answer after the first is dropped.
    func answer(_ outcome: Outcome) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard !state.answered else { return nil }
            state.answered = true
            guard let continuation = state.continuation else {
                state.early = outcome
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: outcome)
    }
}
