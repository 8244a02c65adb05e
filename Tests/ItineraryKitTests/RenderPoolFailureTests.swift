import Foundation
import ItineraryKit
import TestSupport
import TripGenerator
import Testing

/// Issue #52: a render pool whose worker misbehaves (never ready, never answering, never reading,
/// dying mid-frame, sending a length of 4 GiB) costs its request one sentence and a bounded wait,
/// and leaves no process and no descriptor behind. Each runs in a process of its own (an exit
/// test), where the process's descriptors and children are the pool's alone to count.
@Suite struct RenderPoolFailureTests {
    /// A pool of one fake worker in `mode` draws one document; the problem's code, or "drawn".
    static func misbehaving(_ mode: String, trip: CheckedTrip = .sample) async -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/fake_worker.py").path
        let before = (descriptors: descriptors(), children: children())
        let answer: String
        do {
            let pool = try RenderPool(
                workers: 1, worker: URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script, mode],
                timeLimit: .milliseconds(800))
            do {
                _ = try await pool.render(trip, .pdf)
                answer = "drawn"
            } catch let problem as Problem {
                answer = problem.code.rawValue
            } catch {
                answer = "\(error)"
            }
            await pool.shutdown()
        } catch {
            return "no pool: \(error)"
        }
        let after = (descriptors: descriptors(), children: children())
        guard after.descriptors == before.descriptors else {
            return "descriptors left open: \(after.descriptors.subtracting(before.descriptors).sorted())"
        }
        guard after.children.isEmpty, before.children.isEmpty else { return "children left: \(after.children)" }
        return answer
    }

    /// This process's open descriptors, with what each is (`socket:[…]`, `pipe:[…]`, a file): not the
    /// listing's own (closed once listed), nor the runtime's timers and event queues (`anon_inode:`).
    static func descriptors() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(
            names.compactMap { name in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                    !target.hasPrefix("anon_inode:")
                else { return nil }
                return "\(name) \(target)"
            })
    }

    /// This process's children, zombies included.
    static func children() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }

    /// Its start fails twice (at the pool's start, and again for the document): each child is killed and reaped.
    @Test func aWorkerThatIsNeverReady() async {
        await #expect(processExitsWith: .success) {
            let answer = await RenderPoolFailureTests.misbehaving("never-ready")
            guard answer == "noRenderWorker" else { fatalError(answer) }
        }
    }

    @Test func aWorkerThatNeverAnswers() async {
        await #expect(processExitsWith: .success) {
            let answer = await RenderPoolFailureTests.misbehaving("never-answers")
            guard answer == "timedOut" else { fatalError(answer) }
        }
    }

    /// The request is larger than the socket's buffer: sending it waits, then passes the deadline.
    @Test func aWorkerThatNeverReads() async {
        await #expect(processExitsWith: .success) {
            let year = try? CheckedTrip(bytes: Array(TripGenerator.bytes(days: 365, items: 5_000, seed: 2026)))
            guard let year else { fatalError("the generated trip does not check") }
            let answer = await RenderPoolFailureTests.misbehaving("never-reads", trip: year)
            guard answer == "timedOut" else { fatalError(answer) }
        }
    }

    /// Tried once more on a new worker, which dies too: one sentence.
    @Test func aWorkerThatDiesMidFrame() async {
        await #expect(processExitsWith: .success) {
            let answer = await RenderPoolFailureTests.misbehaving("dies-mid-frame")
            guard answer == "renderFailed" else { fatalError(answer) }
        }
    }

    /// A length of 4 GiB less 16 is refused before any of it is read.
    @Test func aWorkerThatSendsAHugeLength() async {
        await #expect(processExitsWith: .success) {
            let answer = await RenderPoolFailureTests.misbehaving("huge-length")
            guard answer == "renderFailed" else { fatalError(answer) }
        }
    }

    /// A task cancelled while its worker draws: the worker is killed, the task gets CancellationError.
    @Test func aCancelledTaskStopsItsWorker() async {
        await #expect(processExitsWith: .success) {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Scripts/fake_worker.py").path
            let before = RenderPoolFailureTests.descriptors()
            guard
                let pool = try? RenderPool(
                    workers: 1, worker: URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script, "never-answers"])
            else { fatalError("no pool") }
            let task = Task { try await pool.render(.sample, .pdf) }
            try? await Task.sleep(for: .milliseconds(500))
            let start = ContinuousClock.now
            task.cancel()
            do {
                _ = try await task.value
                fatalError("drawn")
            } catch is CancellationError {
                guard ContinuousClock.now - start < .seconds(1) else { fatalError("cancelled late") }
            } catch {
                fatalError("\(error)")
            }
            await pool.shutdown()
            guard RenderPoolFailureTests.descriptors() == before, RenderPoolFailureTests.children().isEmpty else {
                fatalError("left behind: \(RenderPoolFailureTests.children())")
            }
        }
    }
}
