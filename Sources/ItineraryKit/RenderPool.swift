import Foundation

/// Worker processes that draw documents, so that a program gets every core for PDFs and PNGs.
///
/// In one process, `CheckedTrip.render` draws PDFs and PNG pages one at a time on Cairo 1.16
/// (Debian 12's), whatever the threads: Cairo 1.16 is not safe for text on several threads,
/// so the library draws under one lock. A pool draws each document in a process of its own
/// that does nothing else (the `itinerary render-worker` command of this package), as
/// Chromium's renderers and Gotenberg do, and gives the same bytes `trip.render` gives in
/// the host for the same options (with a `creationDate`), in every format.
///
/// ```swift
/// let pool = try RenderPool(workers: ProcessInfo.processInfo.activeProcessorCount)
/// let pdf = try await pool.render(trip, .pdf, options: options)[0]   // from any number of tasks
/// ```
///
/// The pool is shared by every task of the program. Its waiting is done on threads of its
/// own, one per worker, never on Swift's cooperative pool: an asking task only suspends.
/// Documents wait in order for a free worker. A worker that dies or garbles its answer is
/// replaced and its document tried once more on the new one; past `timeLimit`, or when the
/// asking task is cancelled, the worker is killed, and its request alone fails. Every worker
/// is replaced after `recycleAfter` documents, so its caches and heap start afresh. Frames
/// between the pool and a worker have size limits and deadlines both ways; no process and no
/// descriptor outlives a worker.
public final class RenderPool: Sendable {
    private let slots: PoolSlots

    /// Starts `workers` worker processes, each drawing the sample trip before it takes work.
    /// - Parameters:
    ///   - workers: how many documents are drawn at once, 1 to 256: the number of cores.
    ///   - worker: the executable started, `itinerary` built from this package (or a program of
    ///     your own that calls `serveAsWorker()`); nil: the file `ITINERARY_RENDER_WORKER`
    ///     names, else `itinerary` beside this program's executable, else on `PATH`.
    ///   - arguments: what it is started with.
    ///   - timeLimit: how long one document may take a worker, its start included.
    ///   - recycleAfter: documents a worker draws before a new one takes its place.
    ///   - log: told, one sentence at a time, when a worker starts, is recycled, or (a failure)
    ///     stops, cannot start or is killed.
    /// - Throws: `Problem`: `noRenderWorker` when no worker executable is found; `badOption`
    ///   for a count or limit out of range. A worker that cannot start fails the first render.
    public init(
        workers: Int, worker: URL? = nil, arguments: [String] = ["render-worker"],
        timeLimit: Duration = .seconds(120), recycleAfter: Int = 1000,
        log: (@Sendable (_ sentence: String, _ isFailure: Bool) -> Void)? = nil
    ) throws(Problem) {
        guard (1...256).contains(workers) else { throw PoolProblems.badCount(workers) }
        guard timeLimit > .zero, recycleAfter >= 1 else { throw PoolProblems.badSettings() }
        let executable: String
        if let worker { executable = worker.path } else { executable = try Self.findWorker() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: executable, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isExecutableFile(atPath: executable)
        else { throw PoolProblems.notExecutable(executable) }
        slots = PoolSlots(
            count: workers,
            settings: PoolSlots.Settings(
                executable: executable, arguments: arguments, timeLimit: timeLimit, recycleAfter: recycleAfter,
                log: log))
    }

    deinit {
        slots.close()
    }

    /// One format's bytes, as `CheckedTrip.render(_:options:)` gives them, drawn by a worker.
    /// - Throws: the `Problem` `render` would throw (`badOption`, `renderFailed`, …);
    ///   `timedOut` past the time limit; `noRenderWorker` when no worker could start;
    ///   `CancellationError` when the task is cancelled (its worker is stopped).
    public func render(
        _ trip: CheckedTrip, _ format: OutputFormat, options: RenderOptions = RenderOptions()
    ) async throws -> [[UInt8]] {
        try options.check()
        return try await draw(trip, format: format, page: nil, options: options).documents
    }

    /// One page of the PNG preview and the page count, as `CheckedTrip.renderPNGPage(_:options:)`
    /// gives them, drawn by a worker.
    /// - Throws: as `render(_:_:options:)` does.
    public func renderPNGPage(
        _ trip: CheckedTrip, _ page: Int, options: RenderOptions = RenderOptions()
    ) async throws -> (png: [UInt8]?, pageCount: Int) {
        try options.check()
        let drawn = try await draw(trip, format: .png, page: page, options: options)
        return (drawn.documents.first, drawn.pageCount ?? 0)
    }

    /// Refuses new documents, lets those being drawn finish, and returns once every worker
    /// has exited and been reaped. Documents still waiting fail (`renderFailed`).
    public func shutdown() async {
        slots.close()
        await slots.stopped()
    }

    /// A worker's whole life, for a program's `main`: reads requests from standard input (the
    /// pool's socket) and answers them until the pool closes it; returns the exit status.
    /// `itinerary render-worker` is this call; a program of your own may be its own worker.
    public static func serveAsWorker() -> Int32 {
        PoolWorker.serve()
    }

    private func draw(
        _ trip: CheckedTrip, format: OutputFormat, page: Int?, options: RenderOptions
    ) async throws -> (documents: [[UInt8]], pageCount: Int?) {
        let request = PoolMessage.Request(
            format: format.rawValue, page: page, options: RenderOptions.Wire(options), isSource: trip.source != nil)
        let header: [UInt8]
        do { header = Array(try JSONEncoder().encode(request)) } catch {
            throw Problem(code: .renderFailed, "cannot render the document: its options cannot be sent (\(error)).")
        }
        let job = PoolJob(request: header, trip: trip.source ?? Array(trip.itinerary.document.formatted.utf8))
        let slots = self.slots
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                job.wait(continuation)
                if !slots.enqueue(job) { job.answer(.problem(PoolProblems.shutDown())) }
            }
        } onCancel: {
            slots.cancel(job)
        }
        switch outcome {
        case .drawn(let documents, let pageCount): return (documents, pageCount)
        case .problem(let problem): throw problem
        case .cancelled: throw CancellationError()
        }
    }

    /// `ITINERARY_RENDER_WORKER`, else `itinerary` beside this program, else on `PATH`.
    private static func findWorker() throws(Problem) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment[PoolProblems.workerVariable], !named.isEmpty { return named }
        let own = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path ?? "."
        let folders = [own] + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for folder in folders where !folder.isEmpty {
            let candidate = (folder as NSString).appendingPathComponent("itinerary")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw PoolProblems.noWorker(beside: own)
    }
}
