import ItineraryKit
import Foundation
import Logging
import Synchronization

/// swift-log's handler for the service: one JSON object per line, with the
/// time, level, message, label and every metadata value as a field, so a log
/// collector reads it without a pattern.
package struct JSONLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let sink: Sink

    /// Where lines go: standard output by default, or a function (for tests).
    package final class Sink: Sendable {
        private let write: @Sendable ([UInt8]) -> Void
        private let lock = Mutex(())

        package init(_ write: @escaping @Sendable ([UInt8]) -> Void) {
            self.write = write
        }

        package static let standardOutput = Sink { line in
            // A closed standard output loses the line, never the server.
            try? FileHandle.standardOutput.write(contentsOf: Data(line))
        }

        func emit(_ line: [UInt8]) {
            // Whole lines, never interleaved.
            lock.withLock { _ in write(line) }
        }
    }

    package init(label: String, sink: Sink = .standardOutput) {
        self.label = label
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var fields: [String: JSONValue] = [:]
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        for (key, value) in merged { fields[key] = Self.json(value) }
        // The line's own fields win over metadata of the same name.
        fields["time"] = .string(Self.timestamp())
        fields["level"] = .string(event.level.rawValue)
        fields["message"] = .string(event.message.description)
        fields["logger"] = .string(label)
        sink.emit(JSONBody.encode(fields))
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible):
            switch convertible {
            case let number as Int: .number(JSONNumber(number))
            case let number as Double:
                number.isFinite ? .number(JSONNumber(number)) : .string(String(describing: number))
            case let flag as Bool: .bool(flag)
            default: .string(convertible.description)
            }
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .object(JSONObject(Array(values.mapValues(json))))
        }
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, now.tv_nsec / 1_000_000)
    }
}
