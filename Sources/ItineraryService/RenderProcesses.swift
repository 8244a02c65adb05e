import Foundation
import ItineraryKit
import Logging
import Synchronization

/// Render processes: `itinerary serve` draws its documents in child processes
/// of its own (`itinerary render-worker`), one per worker, each drawing one
/// document at a time. Cairo 1.16 is safe on one thread only (every call in
/// the library is under one lock, docs/architecture.md), so workers in one
/// process draw one document at a time; in processes of their own they use
/// every core. A process that dies or passes the time limit is killed and
/// replaced; its request alone is answered 500 or 503.
///
/// Each talks to the service over a socket pair (its standard input):
/// frames of a 4-byte big-endian length and bytes. The service sends an
/// order (`RenderOrder` as JSON) and the trip; the process answers a header
/// (`Answer`) and the document. A new process draws the sample trip first
/// and says it is ready.
final class RenderProcesses: Sendable {
    /// The command that starts one: the executable and its arguments.
    let command: [String]
    /// The service's time limit, for the sentence of a process that passes it.
    private let timeout: Double
    private let logger: Logger
    private let idle = Mutex<[RenderProcess]>([])

    init(command: [String], timeout: Double, logger: Logger) {
        self.command = command
        self.timeout = timeout
        self.logger = logger
    }

    /// What a render process sends back.
    struct Answer: Codable {
        var ready: Bool?
        var document: RenderedDocument.Header?
        var problem: ServiceProblem.Wire?
    }

    /// Starts `count` processes and waits until each has drawn the sample; a sentence if one cannot.
    func start(count: Int, until deadline: ContinuousClock.Instant) -> String? {
        var started: [RenderProcess] = []
        var failure: String?
        for _ in 0..<count {
            do throws(ProcessFailure) { started.append(try RenderProcess(command: command)) } catch {
                failure = error.sentence
            }
        }
        for process in started {
            do throws(ProcessFailure) {
                try process.awaitReady(until: deadline)
                idle.withLock { $0.append(process) }
            } catch {
                process.kill()
                failure = error.sentence
            }
        }
        return failure
    }

    /// Draws one document in a free process (started if none is free). Blocks: run it on a worker thread.
    func render(
        _ order: RenderOrder, trip: [UInt8], until deadline: ContinuousClock.Instant
    ) -> Result<RenderedDocument, ServiceProblem> {
        let process: RenderProcess
        do throws(ProcessFailure) {
            if let free = takeLiving() {
                process = free
            } else {
                process = try RenderProcess(command: command)
                try process.awaitReady(until: deadline)
            }
        } catch {
            logger.error("cannot start a render process", metadata: ["error": .string(error.sentence)])
            return .failure(.renderFailed("the server cannot start a render process."))
        }
        do throws(ProcessFailure) {
            let answer = try process.exchange(order, trip: trip, until: deadline)
            idle.withLock { $0.append(process) }
            return answer
        } catch {
            let status = process.kill()
            if case .timedOut = error {
                return .failure(.refused(.timedOut, timeout: timeout))
            }
            logger.error(
                "a render process stopped; the next request starts another",
                metadata: ["error": .string(error.sentence), "status": .string(status)])
            return .failure(.renderFailed("the render process stopped while drawing this document."))
        }
    }

    /// A free process that is still running; one that died waiting (killed from outside) is let go.
    private func takeLiving() -> RenderProcess? {
        while let process = idle.withLock({ $0.popLast() }) {
            if process.isRunning { return process }
            let status = process.kill()
            logger.warning("a render process stopped between requests", metadata: ["status": .string(status)])
        }
        return nil
    }

    /// Ends every free process (each sees its input end and exits).
    func shutdown() {
        let processes = idle.withLock { idle in
            defer { idle = [] }
            return idle
        }
        for process in processes { process.close() }
    }
}

/// Why a render process could not answer.
enum ProcessFailure: Error {
    case cannotStart(String)
    case timedOut
    case broken(String)

    var sentence: String {
        switch self {
        case .cannotStart(let why): "cannot start \(why)."
        case .timedOut: "the render process did not answer in time."
        case .broken(let why): why
        }
    }
}

/// One child process and the service's end of its socket. Used by one
/// thread at a time: taken from the free list, given back when done.
/// Foundation's `Process` is not `Sendable`: it is kept in a `Mutex`, so the
/// compiler, not a comment, proves no two threads touch it at once.
private final class RenderProcess: Sendable {
    private let process: Mutex<Process>
    private let socket: Int32

    init(command: [String]) throws(ProcessFailure) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .cannotStart("a render process: no socket (\(String(cString: strerror(errno))))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        // The child's end becomes its standard input; what it prints goes to the service's log.
        process.standardInput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
        } catch {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            throw .cannotStart("\(command[0]) (\(error.localizedDescription))")
        }
        Glibc.close(ends[1])
        self.process = Mutex(process)
        socket = ends[0]
    }

    var isRunning: Bool { process.withLock { $0.isRunning } }

    /// The first answer: ready once the sample is drawn.
    func awaitReady(until deadline: ContinuousClock.Instant) throws(ProcessFailure) {
        let (answer, _) = try receive(until: deadline)
        guard answer.ready == true else {
            throw .broken(answer.problem.map { "the render process cannot draw: \($0.detail)" } ?? "no ready answer")
        }
    }

    func exchange(
        _ order: RenderOrder, trip: [UInt8], until deadline: ContinuousClock.Instant
    ) throws(ProcessFailure) -> Result<RenderedDocument, ServiceProblem> {
        let header: [UInt8]
        do { header = Array(try JSONEncoder().encode(order)) } catch { throw .broken("cannot encode the order") }
        try Frames.write(header, to: socket)
        try Frames.write(trip, to: socket)
        let (answer, bytes) = try receive(until: deadline)
        if let document = answer.document { return .success(RenderedDocument(header: document, bytes: bytes)) }
        if let problem = answer.problem { return .failure(ServiceProblem(problem)) }
        throw .broken("an answer with neither a document nor a problem")
    }

    private func receive(until deadline: ContinuousClock.Instant) throws(ProcessFailure) -> (Answer, [UInt8]) {
        let header = try Frames.read(from: socket, until: deadline)
        let bytes = try Frames.read(from: socket, until: deadline)
        do {
            return (try JSONDecoder().decode(RenderProcesses.Answer.self, from: Data(header)), bytes)
        } catch {
            throw .broken("an answer that cannot be read")
        }
    }

    typealias Answer = RenderProcesses.Answer

    /// Kills the process at once; says how it ended.
    @discardableResult
    func kill() -> String {
        process.withLock { process in
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            Glibc.close(socket)
            process.waitUntilExit()
            switch process.terminationReason {
            case .uncaughtSignal: return "signal \(process.terminationStatus)"
            default: return "exit \(process.terminationStatus)"
            }
        }
    }

    /// Closes its input: it exits once its document is done.
    func close() {
        Glibc.close(socket)
    }
}

/// Frames on a socket: a 4-byte big-endian length, then the bytes. Written with `send` and
/// `MSG_NOSIGNAL` (a render process that died must not raise SIGPIPE in the service, and
/// changing SIGPIPE's disposition would be process-wide), read with `poll` for the deadline.
enum Frames {
    /// More is not a frame of ours: the largest body and document are far smaller.
    static let limit = 1 << 30

    static func write(_ bytes: [UInt8], to socket: Int32) throws(ProcessFailure) {
        let count = UInt32(bytes.count)
        let length: [UInt8] = [
            UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF),
        ]
        try send(length, to: socket)
        try send(bytes, to: socket)
    }

    private static func send(_ bytes: [UInt8], to socket: Int32) throws(ProcessFailure) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .broken("cannot write to the render process (\(String(cString: strerror(errno))))")
            }
            sent += result
        }
    }

    /// One frame; nil deadline: wait as long as it takes.
    static func read(from socket: Int32, until deadline: ContinuousClock.Instant?) throws(ProcessFailure) -> [UInt8] {
        let length = try receive(4, from: socket, until: deadline)
        let count = length.reduce(0) { $0 << 8 | Int($1) }
        guard count <= limit else { throw .broken("a frame of \(count) bytes") }
        return try receive(count, from: socket, until: deadline)
    }

    private static func receive(
        _ count: Int, from socket: Int32, until deadline: ContinuousClock.Instant?
    ) throws(ProcessFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { throw .timedOut }
                var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(
                    clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
                let ready = Glibc.poll(&poll, 1, milliseconds)
                if ready < 0, errno == EINTR { continue }
                if ready == 0 { throw .timedOut }
            }
            let result = bytes.withUnsafeMutableBytes {
                Glibc.recv(socket, $0.baseAddress! + received, count - received, 0)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .broken("cannot read from the render process (\(String(cString: strerror(errno))))")
            }
            if result == 0 { throw .broken("the render process ended its output") }
            received += result
        }
        return bytes
    }
}

/// `itinerary render-worker`: the child's side. Draws the sample, says it is
/// ready, then draws each order it is sent until its input ends.
public enum RenderWorker {
    /// Serves the orders on standard input (a socket); returns the exit status. `passIdentity` signs Wallet passes,
    /// `signing` every PDF.
    public static func serve(
        themes: [String: Theme], passIdentity: SigningIdentity? = nil,
        signing: (identity: SigningIdentity, timestampURL: String?)? = nil
    ) -> Int32 {
        let socket: Int32 = 0
        do {
            let ready: RenderProcesses.Answer
            do {
                _ = try CheckedTrip.sample.render(.pdf)
                ready = .init(ready: true)
            } catch {
                ready = .init(problem: ServiceProblem.renderFailed("cannot render the sample trip: \(error).").wire)
            }
            try answer(ready, bytes: [], to: socket)
            guard ready.ready == true else { return 1 }
            while true {
                let header: [UInt8]
                do throws(ProcessFailure) {
                    header = try Frames.read(from: socket, until: nil)
                } catch {
                    return 0  // The service closed its end: done.
                }
                let trip = try Frames.read(from: socket, until: nil)
                let order = try JSONDecoder().decode(RenderOrder.self, from: Data(header))
                let drawn: Result<RenderedDocument, ServiceProblem>
                do throws(ServiceProblem) {
                    drawn = .success(
                        try order.render(trip, themes: themes, passIdentity: passIdentity, signing: signing))
                } catch {
                    drawn = .failure(error)
                }
                switch drawn {
                case .success(let document):
                    try answer(.init(document: document.header), bytes: document.bytes, to: socket)
                case .failure(let problem):
                    try answer(.init(problem: problem.wire), bytes: [], to: socket)
                }
            }
        } catch is ProcessFailure {
            return 0  // The service went away mid-answer: nobody is left to answer.
        } catch {
            FileHandle.standardError.write(Data("itinerary render-worker: \(error)\n".utf8))
            return 1
        }
    }

    private static func answer(_ answer: RenderProcesses.Answer, bytes: [UInt8], to socket: Int32) throws {
        try Frames.write(Array(try JSONEncoder().encode(answer)), to: socket)
        try Frames.write(bytes, to: socket)
    }
}
