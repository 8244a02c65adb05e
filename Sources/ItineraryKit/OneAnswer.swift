import Synchronization

/// The one answer a piece of work gives to the task that waits for it: the first answer wins and later ones are
/// dropped, whether it comes before or after the task waits. A render pool's job (drawn, refused or cancelled) and
/// the service's gated work (its result, its timeout or its cancellation) answer through it.
package final class OneAnswer<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        /// An answer that came before the task waited.
        var early: Value?
        var answered = false
    }

    private let state = Mutex(State())

    package init() {}

    /// Whether an answer has been given.
    package var isAnswered: Bool { state.withLock { $0.answered } }

    /// The task waits here: resumed at once if the answer is already in.
    package func wait(_ continuation: CheckedContinuation<Value, Never>) {
        let early = state.withLock { state -> Value? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.early = nil
            return early
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Answers; every answer after the first is dropped.
    package func answer(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.answered else { return nil }
            state.answered = true
            guard let continuation = state.continuation else {
                state.early = value
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: value)
    }
}
