internal import CSpawn
import Foundation

/// Why a worker could not answer: a sentence for the log and, through the pool, for the caller.
enum WorkerFailure: Error {
    /// The executable could not be started at all.
    case cannotStart(String)
    /// A frame could not be sent or received (timed out, cancelled, closed, too large).
    case frames(Frames.Failure)
    /// The worker started but could not draw the sample trip.
    case notReady(Problem)
    /// An answer that is not the protocol's.
    case garbled(String)

    var sentence: String {
        switch self {
        case .cannotStart(let why): "cannot start the render worker: \(why)"
        case .frames(let failure): "the render worker failed: \(failure.sentence)"
        case .notReady(let problem): "the render worker cannot draw: \(problem.message)"
        case .garbled(let what): "the render worker sent \(what)"
        }
    }
}

/// One worker: a child process and the pool's end of the socket pair that is its standard
/// input. Used by one slot thread at a time, never shared. Every way it ends (`kill`, `close`)
/// closes the socket once and reaps the child once: no descriptor and no process outlives it.
final class WorkerProcess {
    let pid: pid_t
    private let socket: Int32
    /// The socket is closed.
    private var ended = false
    /// How it ended, once reaped: its pid is then never signalled again (another process may have it).
    private var reaped: String?
    /// Documents drawn, for recycling.
    var documents = 0

    /// Starts `executable` with `arguments` in a process group of its own (a terminal's Ctrl-C is
    /// the host's to pass on), its standard input our socket, its standard output our standard error.
    init(executable: String, arguments: [String]) throws(WorkerFailure) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotStart("no socket (\(String(cString: strerror(errno))))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        // Nothing else of the host's: a descriptor it left inheritable (a listening socket, a file, the pipe a
        // host's Process watches to see another child end) must not live on in a worker for hours.
        itinerary_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals as a new program expects them, whatever the host blocks or ignores.
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // posix_spawn (Foundation's Process cannot close the host's descriptors) takes a C argv: copies of the
        // strings, freed once it has returned.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        Glibc.close(ends[1])
        guard status == 0 else {
            Glibc.close(ends[0])
            throw .cannotStart("\(executable) (\(String(cString: strerror(status))))")
        }
        self.pid = pid
        socket = ends[0]
    }

    deinit {
        if !ended { kill() }
    }

    /// Whether it is still running (not exited while it waited for work); one that has exited is reaped.
    var isRunning: Bool {
        guard !ended, reaped == nil else { return false }
        var status: Int32 = 0
        switch waitpid(pid, &status, WNOHANG) {
        case 0: return true
        case pid: reaped = Self.describe(status)
        default: reaped = "already reaped"
        }
        return false
    }

    /// The first answer: ready once it drew the sample.
    func awaitReady(_ wait: Frames.Wait) throws(WorkerFailure) -> PoolMessage.Ready {
        let (answer, _) = try receive(wait)
        if let ready = answer.ready { return ready }
        throw answer.problem.map { .notReady($0) } ?? .garbled("no ready answer")
    }

    /// Sends one request and the trip, and reads the answer and its documents.
    func exchange(
        _ request: [UInt8], trip: [UInt8], _ wait: Frames.Wait
    ) throws(WorkerFailure) -> (PoolMessage.Answer, [[UInt8]]) {
        do {
            try Frames.write(request, to: socket, wait)
            try Frames.write(trip, to: socket, wait)
        } catch {
            throw .frames(error)
        }
        return try receive(wait)
    }

    private func receive(_ wait: Frames.Wait) throws(WorkerFailure) -> (PoolMessage.Answer, [[UInt8]]) {
        let answer: PoolMessage.Answer
        do {
            let header = try Frames.read(from: socket, limit: PoolMessage.answerLimit, wait)
            answer = try JSONDecoder().decode(PoolMessage.Answer.self, from: Data(header))
        } catch let failure as Frames.Failure {
            throw .frames(failure)
        } catch {
            throw .garbled("an answer that cannot be read")
        }
        let count = answer.documents ?? 0
        guard (0...PoolMessage.documentCountLimit).contains(count) else {
            throw .garbled("an answer of \(count) documents")
        }
        var documents: [[UInt8]] = []
        for _ in 0..<count {
            do { documents.append(try Frames.read(from: socket, limit: PoolMessage.documentLimit, wait)) } catch {
                throw .frames(error)
            }
        }
        return (answer, documents)
    }

    /// Kills it at once, closes the socket and reaps it; says how it ended.
    @discardableResult
    func kill() -> String {
        guard !ended else { return reaped ?? "ended before" }
        ended = true
        if reaped == nil { Glibc.kill(pid, SIGKILL) }
        Glibc.close(socket)
        return reap()
    }

    /// Closes its input, so that it exits once it has read to the end; kills it when it has not
    /// exited after `grace`. Reaps it; says how it ended.
    @discardableResult
    func close(grace: Duration = .seconds(5)) -> String {
        guard !ended else { return reaped ?? "ended before" }
        ended = true
        Glibc.close(socket)
        if let reaped { return reaped }
        let deadline = ContinuousClock.now + grace
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return record(Self.describe(status)) }
            if result < 0 { return record("already reaped") }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Glibc.kill(pid, SIGKILL)
        return reap()
    }

    private func reap() -> String {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            // ECHILD: a host that ignores SIGCHLD has its children reaped by the kernel.
            if errno != EINTR { return record("already reaped") }
        }
        return record(Self.describe(status))
    }

    private func record(_ how: String) -> String {
        reaped = how
        return how
    }

    /// "exit 0", "signal 9".
    private static func describe(_ status: Int32) -> String {
        status & 0x7F == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)"
    }
}
