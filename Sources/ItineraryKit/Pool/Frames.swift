import Foundation

/// Frames on a render pool's socket: a 4-byte big-endian length, then that many bytes. Both
/// ways have a deadline and a size limit: a peer that stops reading or writing, or sends a
/// length it never fills, costs a bounded wait and no more memory than it sent.
///
/// Written with `send` and `MSG_NOSIGNAL` (a peer that died must not raise SIGPIPE, and
/// changing SIGPIPE's disposition would be process-wide), both ways through `poll`.
enum Frames {
    /// Why a frame could not be sent or received.
    enum Failure: Error, Equatable {
        /// The deadline passed.
        case timedOut
        /// The peer closed its end before or inside a frame.
        case closed
        /// A length over the limit for what was expected.
        case tooLarge(Int, limit: Int)
        /// The socket failed (errno's words).
        case broken(String)
        /// The caller's request was cancelled while waiting.
        case cancelled

        var sentence: String {
            switch self {
            case .timedOut: "it did not answer in time"
            case .closed: "it ended its output"
            case .tooLarge(let count, let limit): "it sent a frame of \(count) bytes, over the limit of \(limit)"
            case .broken(let why): "its socket failed (\(why))"
            case .cancelled: "the request was cancelled"
            }
        }
    }

    /// What waits may be cut short by: a deadline, and a request that is cancelled.
    struct Wait {
        var deadline: ContinuousClock.Instant?
        var cancelled: (@Sendable () -> Bool)?

        static let forever = Wait(deadline: nil)
    }

    static func write(_ bytes: [UInt8], to socket: Int32, _ wait: Wait) throws(Failure) {
        let count = UInt32(bytes.count)
        let length: [UInt8] = [
            UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF),
        ]
        try send(length, to: socket, wait)
        try send(bytes, to: socket, wait)
    }

    /// One frame of at most `limit` bytes.
    static func read(from socket: Int32, limit: Int, _ wait: Wait) throws(Failure) -> [UInt8] {
        let length = try receive(4, from: socket, wait)
        let count = length.reduce(0) { $0 << 8 | Int($1) }
        guard count <= limit else { throw .tooLarge(count, limit: limit) }
        return try receive(count, from: socket, wait)
    }

    private static func send(_ bytes: [UInt8], to socket: Int32, _ wait: Wait) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            try ready(for: POLLOUT, on: socket, wait)
            // send and recv take a raw buffer; the loops run only while bytes are left, so there is a base address.
            let result = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .broken(String(cString: strerror(errno)))
            }
            sent += result
        }
    }

    /// `count` bytes, kept as they arrive: a length that is never filled allocates only what came.
    private static func receive(_ count: Int, from socket: Int32, _ wait: Wait) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(count, 1 << 20))
        var chunk = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while bytes.count < count {
            try ready(for: POLLIN, on: socket, wait)
            let wanted = min(chunk.count, count - bytes.count)
            // As in send: chunk is never empty here.
            let result = chunk.withUnsafeMutableBytes {
                Glibc.recv(socket, $0.baseAddress!, wanted, Int32(MSG_DONTWAIT))
            }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { throw .closed }
                throw .broken(String(cString: strerror(errno)))
            }
            if result == 0 { throw .closed }
            bytes += chunk[..<result]
        }
        return bytes
    }

    /// Waits until the socket is ready for `event`, in steps of at most 50 ms so that a cancelled
    /// request is noticed.
    private static func ready(for event: Int32, on socket: Int32, _ wait: Wait) throws(Failure) {
        while true {
            if wait.cancelled?() == true { throw .cancelled }
            var step: Int32 = 50
            if let deadline = wait.deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { throw .timedOut }
                let milliseconds = left.nanoseconds / 1_000_000
                step = Int32(min(50, milliseconds + 1))
            } else if wait.cancelled == nil {
                step = -1
            }
            var poll = pollfd(fd: socket, events: Int16(event), revents: 0)
            let ready = Glibc.poll(&poll, 1, step)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .broken(String(cString: strerror(errno)))
            }
            // Readable, writable, or hung up / in error: the call that follows says which.
            if ready > 0 { return }
        }
    }
}
