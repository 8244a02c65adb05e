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

/// Collects the bytes Cairo writes through a stream callback.
final class ByteSink {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C callback; a plain function, so it is not isolated to any actor.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
