internal import CCairo
import ItinerarySigning

/// A Cairo call that did not succeed, with Cairo's own explanation.
struct CairoFailure: Error, CustomStringConvertible {
    let operation: String
    let reason: String
    /// Why a signature could not be made (issue #51), told apart from Cairo's failures.
    var signing: SigningFailure? = nil

    var description: String { "\(operation) failed: \(reason)" }

    /// Throws when a status is not success; the one place Cairo statuses are checked.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(CairoFailure) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoFailure(operation: operation(), reason: String(cString: cairo_status_to_string(status)))
    }
}

/// Collects the bytes Cairo writes through a stream callback, in a buffer kept
/// in C (`itinerary_bytes_write`, CCairo/shim.h: why it is not a Swift closure).
final class ByteSink {
    private let buffer: UnsafeMutablePointer<itinerary_bytes>

    init() {
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: itinerary_bytes(data: nil, size: 0, capacity: 0))
    }

    deinit {
        free(buffer.pointee.data)
        buffer.deallocate()
    }

    /// What the callback is given; valid while the sink lives.
    var opaque: UnsafeMutableRawPointer { UnsafeMutableRawPointer(buffer) }

    /// The C callback.
    static let write: cairo_write_func_t = itinerary_bytes_write

    /// The bytes written so far, without copying them; valid only inside `body`.
    func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(self) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: buffer.pointee.data, count: buffer.pointee.size))
        }
    }

    /// How many bytes were written.
    var count: Int { buffer.pointee.size }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { withBytes { Array($0) } }
}
