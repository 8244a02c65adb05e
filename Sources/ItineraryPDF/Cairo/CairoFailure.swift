internal import CCairo

/// A Cairo call that did not succeed, with Cairo's own explanation.
struct CairoFailure: Error, CustomStringConvertible {
    let operation: String
    let reason: String

    var description: String { "\(operation) failed: \(reason)" }

    /// Throws when a status is not success; the one place Cairo statuses are checked.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(CairoFailure) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoFailure(operation: operation(), reason: String(cString: cairo_status_to_string(status)))
    }
}

/// Collects the bytes Cairo writes through a stream callback (`write`), in C (`itinerary_byte_sink`).
final class ByteSink {
    private let sink: UnsafeMutablePointer<itinerary_byte_sink>

    init(capacity: Int = 0) {
        sink = .allocate(capacity: 1)
        sink.initialize(to: itinerary_byte_sink(bytes: nil, count: 0, capacity: 0))
        if capacity > 0, let bytes = malloc(capacity) {
            sink.pointee.bytes = bytes.assumingMemoryBound(to: UInt8.self)
            sink.pointee.capacity = capacity
        }
    }

    deinit {
        free(sink.pointee.bytes)
        sink.deallocate()
    }

    /// What Cairo has written so far.
    var bytes: [UInt8] { withBytes { Array($0) } }

    /// What Cairo has written so far, where it is; valid until `body` returns.
    func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: sink.pointee.bytes, count: sink.pointee.count))
    }

    var opaque: UnsafeMutableRawPointer { UnsafeMutableRawPointer(sink) }

    /// The C callback to hand Cairo with `opaque`.
    static let write: cairo_write_func_t = itinerary_byte_sink_write
}
