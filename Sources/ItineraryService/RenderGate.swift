import NIOPosix
import Synchronization

/// Bounded work: at most `workers` jobs run at once, each on a thread of its
/// own pool (rendering is CPU work that must not hold up the event loops or
/// Swift's shared executor); at most `queue` jobs wait for one; the rest are
/// refused at once. Requests that arrive once the service drains are refused
/// by the routes (`isDraining`); those that came before still run.
///
/// A job that passes its deadline is answered as timed out; one already
/// running cannot be stopped halfway (Cairo and Pango have no cancellation),
/// so it finishes, its result is dropped, and only then is its worker free.
/// A waiting or running job whose task is cancelled (the service's grace
/// period is over) is answered as draining at once.
final class RenderGate: Sendable {
    enum Refusal: Error, Equatable {
        /// Every worker busy and the queue full.
        case full
        /// SIGTERM came: no new work.
        case draining
        /// The deadline passed while waiting or rendering.
        case timedOut
    }

    /// How busy the gate is, for `/metrics` and `/ready`.
    struct Load: Sendable, Equatable {
        var running = 0
        var waiting = 0
    }

    let workers: Int
    let queueLimit: Int
    private let pool: NIOThreadPool
    private let state = Mutex(State())

    private struct State: ~Copyable {
        var running = 0
        var waiting: [Waiter] = []
        var reading = 0
        var draining = false
        var nextID = 0
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Refusal?, Never>
    }

    init(workers: Int, queue: Int) {
        self.workers = max(1, workers)
        self.queueLimit = max(0, queue)
        pool = NIOThreadPool(numberOfThreads: self.workers)
        pool.start()
    }

    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }

    var load: Load {
        state.withLock { Load(running: $0.running, waiting: $0.waiting.count) }
    }

    var isDraining: Bool { state.withLock { $0.draining } }

    /// No new requests from now on; those already received still run.
    func drain() {
        state.withLock { $0.draining = true }
    }

    /// A place for one request body being received: at most as many as can
    /// be rendered or wait (`workers + queue`), so the memory bodies take is
    /// bounded by that many times the body limit; none when the queue is full.
    func startReading() -> Bool {
        state.withLock { state in
            let full = state.running >= workers && state.waiting.count >= queueLimit
            guard !full, state.reading < workers + queueLimit else { return false }
            state.reading += 1
            return true
        }
    }

    func doneReading() {
        state.withLock { $0.reading -= 1 }
    }

    /// Runs `work` on a worker thread once one is free, and returns its result,
    /// or the reason it was not run or not waited for.
    func run<T: Sendable>(
        until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () -> T
    ) async -> Result<T, Refusal> {
        if let refusal = await admit(until: deadline) { return .failure(refusal) }
        return await execute(until: deadline) { _ in work() }
    }

    /// A queued job's render: waits for a worker as long as it takes (it is not refused for waiting,
    /// only when the queue is full or the service drains), then has `timeout` to run; `work` is given
    /// its deadline.
    func runWhenFree<T: Sendable>(
        timeout: Duration, _ work: @escaping @Sendable (ContinuousClock.Instant) -> T
    ) async -> Result<T, Refusal> {
        if let refusal = await admit(until: nil) { return .failure(refusal) }
        return await execute(until: .now + timeout, work)
    }

    /// Runs admitted work on a worker thread; the worker is released when it ends.
    private func execute<T: Sendable>(
        until deadline: ContinuousClock.Instant, _ work: @escaping @Sendable (ContinuousClock.Instant) -> T
    ) async -> Result<T, Refusal> {
        let outcome = Outcome<T>()
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            if !Task.isCancelled { outcome.resume(.failure(.timedOut)) }
        }
        defer { timer.cancel() }
        pool.submit { poolState in
            // The worker stays taken until the work is done, even when nobody
            // waits for it any more; it is free again before the answer is
            // given, so a client that sends its next request on reading the
            // answer never finds it still taken.
            guard case .active = poolState else {
                self.release()
                return outcome.resume(.failure(.draining))
            }
            guard !outcome.isSettled else { return self.release() }
            let result = work(deadline)
            self.release()
            outcome.resume(.success(result))
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { outcome.set($0) }
        } onCancel: {
            outcome.resume(.failure(.draining))
        }
    }

    /// Waits for a worker, until `deadline` (nil: as long as it takes); nil once one is taken.
    private func admit(until deadline: ContinuousClock.Instant?) async -> Refusal? {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = deadline.map { deadline in
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled { self.expire(id, as: .timedOut) }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Refusal?? = state.withLock { state in
                    if state.running < workers {
                        state.running += 1
                        return .some(nil)
                    }
                    if state.waiting.count >= queueLimit { return .some(.full) }
                    // The timer or the cancellation may have come already: they would find nobody to expire.
                    if let deadline, ContinuousClock.now >= deadline { return .some(.timedOut) }
                    if Task.isCancelled { return .some(.draining) }
                    state.waiting.append(Waiter(id: id, continuation: continuation))
                    return .none
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            expire(id, as: .draining)
        }
    }

    /// A waiter whose deadline passed, or whose request was cancelled, leaves the queue.
    private func expire(_ id: Int, as refusal: Refusal) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        waiter?.continuation.resume(returning: refusal)
    }

    /// A worker is free: it goes to the first waiter, else back to the pool.
    private func release() {
        let next: Waiter? = state.withLock { state in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: nil)
    }
}

/// The one answer a job gives: its result, its timeout or its cancellation,
/// whichever comes first, whether it comes before or after the caller waits.
private final class Outcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, RenderGate.Refusal>, Never>?
        var result: Result<T, RenderGate.Refusal>?
        var settled = false
    }

    private let state = Mutex(State())

    var isSettled: Bool { state.withLock { $0.settled } }

    /// The caller waits: resumed now if the answer is already in.
    func set(_ continuation: CheckedContinuation<Result<T, RenderGate.Refusal>, Never>) {
        let ready: Result<T, RenderGate.Refusal>? = state.withLock { state in
            guard let result = state.result else {
                state.continuation = continuation
                return nil
            }
            state.result = nil
            return result
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// The first answer wins; later ones are dropped.
    func resume(_ result: Result<T, RenderGate.Refusal>) {
        let continuation: CheckedContinuation<Result<T, RenderGate.Refusal>, Never>? = state.withLock { state in
            guard !state.settled else { return nil }
            state.settled = true
            guard let continuation = state.continuation else {
                state.result = result
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: result)
    }
}
