import Foundation
import ItineraryKit
import Synchronization

/// `itinerary-bench pool FILE [SECONDS] [ROUNDS]`: PDFs a second of FILE's trip book drawn in this
/// process on one and on two threads (under the library's lock on Cairo 1.16: before issue #52),
/// and by a `RenderPool` of 1, 2 and 4 workers (`itinerary` beside this program), each fed by twice
/// as many tasks as it has workers. Every mode runs SECONDS (default 10) a round, the modes in
/// turn, ROUNDS rounds (default 3); the table gives each mode's median and its ratio to one thread.
enum PoolBench {
    static func run(_ arguments: [String]) async -> Int32 {
        let seconds = arguments.count > 1 ? Double(arguments[1]) : 10
        let rounds = arguments.count > 2 ? Int(arguments[2]) : 3
        guard let seconds, let rounds, seconds > 0, rounds >= 1,
            let data = FileManager.default.contents(atPath: arguments[0]),
            let trip = try? CheckedTrip(bytes: Array(data))
        else {
            FileHandle.standardError.write(
                Data("pool: FILE is a valid trip; SECONDS above 0, ROUNDS at least 1.\n".utf8))
            return 2
        }
        let worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("itinerary")
        let options = RenderOptions(creationDate: 1_772_800_000)
        let modes: [(name: String, threads: Int?, workers: Int?)] = [
            ("this process, 1 thread", 1, nil), ("this process, 2 threads", 2, nil),
            ("RenderPool, 1 worker", nil, 1), ("RenderPool, 2 workers", nil, 2), ("RenderPool, 4 workers", nil, 4),
        ]
        var rates = [[Double]](repeating: [], count: modes.count)
        for _ in 0..<rounds {
            for (index, mode) in modes.enumerated() {
                let rate: Double
                if let threads = mode.threads {
                    rate = inProcess(trip, options: options, threads: threads, seconds: seconds)
                } else {
                    do {
                        rate = try await pooled(
                            trip, options: options, workers: mode.workers ?? 1, worker: worker, seconds: seconds)
                    } catch {
                        FileHandle.standardError.write(Data("pool: \(error)\n".utf8))
                        return 1
                    }
                }
                rates[index].append(rate)
            }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "PDFs a second of \((arguments[0] as NSString).lastPathComponent), \(cores) cores, "
                + "median of \(rounds) rounds of \(Int(seconds)) s (the rounds' rates)")
        print("")
        print("| mode | PDFs/s | × one thread | rounds |")
        print("|---|---:|---:|---|")
        let base = median(rates[0])
        for (index, mode) in modes.enumerated() {
            let rate = median(rates[index])
            print(
                String(
                    format: "| %@ | %.1f | %.2f× | %@ |", mode.name, rate, rate / base,
                    rates[index].map { String(format: "%.1f", $0) }.joined(separator: ", ")))
        }
        return 0
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Threads of this process, each rendering until the time is up; documents a second.
    private static func inProcess(_ trip: CheckedTrip, options: RenderOptions, threads: Int, seconds: Double) -> Double
    {
        _ = try? trip.render(.pdf, options: options)
        let count = Atomic<Int>(0)
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while DispatchTime.now().uptimeNanoseconds < end {
                if (try? trip.render(.pdf, options: options)) != nil { count.add(1, ordering: .relaxed) }
            }
        }
        return Double(count.load(ordering: .relaxed)) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// A pool of `workers`, warmed, fed by twice as many tasks until the time is up; documents a second.
    private static func pooled(
        _ trip: CheckedTrip, options: RenderOptions, workers: Int, worker: URL, seconds: Double
    ) async throws -> Double {
        let pool = try RenderPool(workers: workers, worker: worker)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<workers * 2 { group.addTask { _ = try await pool.render(trip, .pdf, options: options) } }
            try await group.waitForAll()
        }
        let start = ContinuousClock.now
        let end = start + .milliseconds(Int64(seconds * 1000))
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<workers * 2 {
                group.addTask {
                    var drawn = 0
                    while ContinuousClock.now < end {
                        _ = try await pool.render(trip, .pdf, options: options)
                        drawn += 1
                    }
                    return drawn
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = ContinuousClock.now - start
        await pool.shutdown()
        return Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
