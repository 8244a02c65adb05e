import Foundation
import Synchronization

/// The idle loops of one replica, by what they wait for, each woken by one
/// piece of new work of its kind. A wake-up that finds no idle loop is kept
/// for the next loop to wait, which then looks again at once: work that comes
/// between a loop's look and its wait is not left for the timeout. Used by
/// both job stores.
final class WorkWaiters: Sendable {
    private struct Waiter {
        let id: UUID
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Mutex<(idle: [JobWork: [Waiter]], pending: [JobWork: Int])>(([:], [:]))

    /// Waits until work of the kind may be there, or `timeout` passes.
    func wait(_ kind: JobWork, timeout: Duration) async {
        let id = UUID()
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.wake(id, kind)
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                if state.pending[kind, default: 0] > 0 {
                    state.pending[kind, default: 0] -= 1
                    return true
                }
                state.idle[kind, default: []].append(Waiter(id: id, continuation: continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// One idle loop of the kind, for one new piece of work.
    func wakeOne(_ kind: JobWork) {
        let waiter: Waiter? = state.withLock { state in
            guard state.idle[kind]?.isEmpty == false else {
                state.pending[kind] = min(state.pending[kind, default: 0] + 1, JobRunner.loopLimit)
                return nil
            }
            return state.idle[kind]?.removeFirst()
        }
        waiter?.continuation.resume()
    }

    /// A loop whose wait is over (its timeout), unless woken already.
    private func wake(_ id: UUID, _ kind: JobWork) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.idle[kind]?.firstIndex(where: { $0.id == id }) else { return nil }
            return state.idle[kind]?.remove(at: index)
        }
        waiter?.continuation.resume()
    }
}
