import Foundation

/// Every sentence a render pool says, in one place.
enum PoolProblems {
    /// The environment variable that names the worker executable, ahead of the search.
    static let workerVariable = "ITINERARY_RENDER_WORKER"

    static func noWorker(beside folder: String) -> Problem {
        Problem(
            code: .noRenderWorker,
            "cannot find the render worker: no itinerary executable in \(folder) or on PATH; "
                + "pass RenderPool(worker:) or set \(workerVariable).")
    }

    static func notExecutable(_ path: String) -> Problem {
        Problem(code: .noRenderWorker, location: path, "the render worker \(path) is not an executable file.")
    }

    static func badCount(_ workers: Int) -> Problem {
        Problem(code: .badOption, location: "workers", "a render pool has 1 to 256 workers, not \(workers).")
    }

    static func badSettings() -> Problem {
        Problem(
            code: .badOption, location: "timeLimit",
            "a render pool's time limit is above zero, and it recycles a worker after at least one document.")
    }

    static func cannotStart(_ why: String) -> Problem {
        Problem(code: .noRenderWorker, "the render pool cannot start a worker: \(why).")
    }

    static func timedOut(_ limit: Duration) -> Problem {
        Problem(
            code: .timedOut,
            "the document took longer than the render pool's time limit of \(PoolSlots.seconds(limit)) s; "
                + "its worker was stopped.")
    }

    static func stopped(_ why: String) -> Problem {
        Problem(code: .renderFailed, "cannot render the document: \(why), on a second worker too.")
    }

    static func shutDown() -> Problem {
        Problem(code: .renderFailed, "the render pool is shut down.")
    }
}
