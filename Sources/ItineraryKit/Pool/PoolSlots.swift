import Foundation
import Synchronization

/// A render pool's moving parts: the documents waiting, and one thread per worker (a slot)
/// that owns its worker process and does all the waiting on it (its socket, its start, its
/// reaping). The threads are the pool's own, never Swift's cooperative pool: an asking task
/// only suspends until its job is answered.
final class PoolSlots: Sendable {
    struct Settings: Sendable {
        var executable: String
        var arguments: [String]
        /// How long one document may take a worker, its cold start included.
        var timeLimit: Duration
        /// Documents a worker draws before it is replaced by a new one.
        var recycleAfter: Int
        /// Where the pool says what became of its workers, and whether it is a failure; nil: nowhere.
        var log: (@Sendable (_ sentence: String, _ isFailure: Bool) -> Void)?
    }

    let settings: Settings
    private let queue = Mutex<Queue>(Queue())
    private let running = Mutex<(threads: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    private struct Queue: ~Copyable {
        var jobs: [PoolJob] = []
        var idle: [Slot] = []
        var closed = false
    }

    /// A slot's thread sleeps on its own semaphore while it has nothing to do.
    private final class Slot: Sendable {
        let wake = DispatchSemaphore(value: 0)
    }

    init(count: Int, settings: Settings) {
        self.settings = settings
        running.withLock { $0.threads = count }
        for _ in 0..<count {
            let slot = Slot()
            let thread = Thread { [self] in self.run(slot) }
            thread.name = "itinerary render pool"
            thread.start()
        }
    }

    /// Queues a job for the next free slot; false once the pool is closed.
    func enqueue(_ job: PoolJob) -> Bool {
        let slot = queue.withLock { queue -> Slot?? in
            guard !queue.closed else { return .none }
            queue.jobs.append(job)
            return .some(queue.idle.popLast())
        }
        guard let slot else { return false }
        slot?.wake.signal()
        return true
    }

    /// A job that is still waiting leaves the queue, answered as cancelled; one being drawn is
    /// stopped by its slot, which sees the flag within 50 ms and kills its worker.
    func cancel(_ job: PoolJob) {
        job.cancel()
        let waiting = queue.withLock { queue in
            guard let index = queue.jobs.firstIndex(where: { $0 === job }) else { return false }
            queue.jobs.remove(at: index)
            return true
        }
        if waiting { job.answer(.cancelled) }
    }

    /// No more jobs: those waiting are refused, each slot finishes its document and ends its worker.
    func close() {
        let (jobs, idle) = queue.withLock { queue in
            queue.closed = true
            defer { (queue.jobs, queue.idle) = ([], []) }
            return (queue.jobs, queue.idle)
        }
        for job in jobs { job.answer(.problem(PoolProblems.shutDown())) }
        for slot in idle { slot.wake.signal() }
    }

    /// Returns once every slot's thread has ended its worker and stopped.
    func stopped() async {
        await withCheckedContinuation { continuation in
            let done = running.withLock { running in
                if running.threads == 0 { return true }
                running.waiting.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: A slot's thread

    private func run(_ slot: Slot) {
        var worker = start(Frames.Wait(deadline: .now + settings.timeLimit)).worker
        while let job = take(slot, worker: &worker) {
            serve(job, worker: &worker)
        }
        if let worker { settings.log?("render worker \(worker.pid) ended (\(worker.close())).", false) }
        let waiting = running.withLock { running in
            running.threads -= 1
            guard running.threads == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { running.waiting = [] }
            return running.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// The next job, waiting for one; nil once the pool is closed. While it waits, it looks at its
    /// worker every second: one that died (killed from outside) is reaped and replaced at once.
    private func take(_ slot: Slot, worker: inout WorkerProcess?) -> PoolJob? {
        while true {
            let next = queue.withLock { queue -> PoolJob?? in
                if !queue.jobs.isEmpty { return .some(queue.jobs.removeFirst()) }
                if queue.closed { return .some(nil) }
                if !queue.idle.contains(where: { $0 === slot }) { queue.idle.append(slot) }
                return .none
            }
            if let next { return next }
            guard slot.wake.wait(timeout: .now() + .seconds(1)) == .timedOut else { continue }
            if let stale = worker, !stale.isRunning {
                settings.log?(
                    "render worker \(stale.pid) stopped while waiting (\(stale.kill())); starting another.", true)
                worker = start(Frames.Wait(deadline: .now + settings.timeLimit)).worker
            }
        }
    }

    /// A new worker, ready; a worker that cannot start is killed, reaped and its socket closed.
    private func start(_ wait: Frames.Wait) -> (worker: WorkerProcess?, failure: WorkerFailure?) {
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(executable: settings.executable, arguments: settings.arguments)
        } catch {
            settings.log?(error.sentence + ".", true)
            return (nil, error)
        }
        do throws(WorkerFailure) {
            let ready: PoolMessage.Ready
            do throws(WorkerFailure) { ready = try worker.awaitReady(wait) } catch .frames(.timedOut) {
                throw .cannotStart("it did not say it was ready within \(Self.seconds(settings.timeLimit)) s")
            }
            settings.log?(
                "render worker \(worker.pid) ready (Cairo \(ready.cairo), "
                    + (ready.locked ? "drawing under the library's lock)." : "drawing without a lock)."), false)
            return (worker, nil)
        } catch {
            let status = worker.kill()
            settings.log?("render worker \(worker.pid) did not start (\(status)): \(error.sentence).", true)
            return (nil, error)
        }
    }

    /// Draws one job, starting a worker when there is none; a worker that stops or garbles its
    /// answer costs one more try on a new one, a time limit passed or a cancellation none.
    private func serve(_ job: PoolJob, worker: inout WorkerProcess?) {
        let wait = Frames.Wait(deadline: .now + settings.timeLimit, cancelled: { job.isCancelled })
        for attempt in 1...2 {
            if job.isCancelled { return job.answer(.cancelled) }
            if let stale = worker, !stale.isRunning {
                settings.log?(
                    "render worker \(stale.pid) stopped while waiting (\(stale.kill())); starting another.", true)
                worker = nil
            }
            if worker == nil {
                let started = start(wait)
                guard let fresh = started.worker else {
                    return job.answer(outcome(of: started.failure ?? .garbled("nothing")))
                }
                worker = fresh
            }
            guard let current = worker else { return }
            do {
                let (answer, documents) = try current.exchange(job.request, trip: job.trip, wait)
                current.documents += 1
                job.answer(
                    answer.problem.map { .problem($0) } ?? .drawn(documents: documents, pageCount: answer.pageCount))
                if current.documents >= settings.recycleAfter {
                    settings.log?(
                        "render worker \(current.pid) drew \(current.documents) documents; replaced "
                            + "(\(current.close())).", false)
                    worker = start(Frames.Wait(deadline: .now + settings.timeLimit)).worker
                }
                return
            } catch {
                let status = current.kill()
                worker = nil
                let retried = attempt == 1 && error.isWorthRetrying
                settings.log?(
                    "render worker \(current.pid) stopped (\(status)): \(error.sentence)"
                        + (retried ? "; the document is tried once more on a new one." : "."), true)
                if !retried { return job.answer(outcome(of: error)) }
            }
        }
    }

    /// "0.8", "120".
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }

    private func outcome(of failure: WorkerFailure) -> PoolJob.Outcome {
        switch failure {
        case .frames(.cancelled): .cancelled
        case .frames(.timedOut): .problem(PoolProblems.timedOut(settings.timeLimit))
        case .notReady(let problem): .problem(PoolProblems.cannotStart(problem.message))
        case .cannotStart: .problem(PoolProblems.cannotStart(failure.sentence))
        case .frames, .garbled: .problem(PoolProblems.stopped(failure.sentence))
        }
    }
}

extension WorkerFailure {
    /// A worker that stopped or misbehaved mid-document: a new one may well draw it.
    var isWorthRetrying: Bool {
        switch self {
        case .frames(.closed), .frames(.broken), .frames(.tooLarge), .garbled: true
        case .frames(.timedOut), .frames(.cancelled), .cannotStart, .notReady: false
        }
    }
}
