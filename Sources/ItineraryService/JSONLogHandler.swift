import ItineraryKit
import Foundation
import Logging
import Synchronization

/// swift-log's handler for the service: one JSON object per line, with the
/// time, level, message, label and every metadata value as a field, so a log
/// collector reads it without a pattern.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let sink: Sink

    /// Where lines go: standard output by default, or a function (for tests).
    public final class Sink: Sendable {
        private let write: @Sendable ([UInt8]) -> Void
        private let lock = Mutex(())

        public init(_ write: @escaping @Sendable ([UInt8]) -> Void) {
            self.write = write
        }

        public static let standardOutput = Sink { line in
            // A closed standard output loses the line, never the server.
            try? FileHandle.standardOutput.write(contentsOf: Data(line))
        }

        func emit(_ line: [UInt8]) {
            // Whole lines, never interleaved.
            lock.withLock { _ in write(line) }
        }
    }

    public init(label: String, sink: Sink = .standardOutput) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [String: LogValue] = [:]
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        for (key, value) in merged { fields[key] = LogValue(value) }
        // The line's own fields win over metadata of the same name.
        fields["time"] = LogValue(.string(Self.timestamp()))
        fields["level"] = LogValue(.string(event.level.rawValue))
        fields["message"] = LogValue(.string(event.message.description))
        fields["logger"] = LogValue(.string(label))
        sink.emit(JSONBody.encode(fields))
    }

    /// A metadata value as JSON: numbers and flags as themselves, the rest as text.
    private struct LogValue: Encodable {
        let value: Logger.Metadata.Value
        init(_ value: Logger.Metadata.Value) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .string(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .stringConvertible(let convertible):
                var container = encoder.singleValueContainer()
                switch convertible {
                case let number as Int: try container.encode(number)
                case let number as Double where number.isFinite: try container.encode(number)
                case let flag as Bool: try container.encode(flag)
                default: try container.encode(convertible.description)
                }
            case .array(let values):
                var container = encoder.unkeyedContainer()
                for element in values { try container.encode(LogValue(element)) }
            case .dictionary(let values):
                try values.mapValues(LogValue.init).encode(to: encoder)
            }
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
