/// An ISO 8601 date-time with its UTC offset, as the format writes `start` and `modifiedAt`.
package struct Instant: Sendable, Hashable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    package let seconds: Int64
    /// Fraction of a second, 0 ≤ fraction < 1.
    package let fraction: Double
    /// The offset it was written with, in seconds east of UTC.
    package let offsetSeconds: Int

    package init(seconds: Int64, fraction: Double = 0, offsetSeconds: Int = 0) {
        self.seconds = seconds
        self.fraction = fraction
        self.offsetSeconds = offsetSeconds
    }

    /// Accepts `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; an offset is required.
    package init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = Digits.number(bytes[11..<13]), let minute = Digits.number(bytes[14..<16]),
            let second = Digits.number(bytes[17..<19]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        // ISO 8601 allows a comma as well as a point, and any number of digits; past nanoseconds they are dropped.
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if index - start < 9 { fraction += Double(bytes[index] - 0x30) * scale }
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = Digits.number(bytes[(index + 1)..<(index + 3)]),
                let minutes = Digits.number(bytes[(index + 4)..<(index + 6)]),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        self.init(seconds: local - Int64(offset), fraction: min(fraction, 0.999_999_999), offsetSeconds: offset)
    }

    package static func < (lhs: Instant, rhs: Instant) -> Bool {
        (lhs.seconds, lhs.fraction) < (rhs.seconds, rhs.fraction)
    }

    package static func == (lhs: Instant, rhs: Instant) -> Bool {
        lhs.seconds == rhs.seconds && lhs.fraction == rhs.fraction
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(fraction)
    }

    /// The UTC date-time, as `2026-03-06T19:20:00Z`.
    package var isoUTC: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        return CivilDate(daysSinceEpoch: days).description + "T" + Digits.pad(rest / 3600, 2) + ":"
            + Digits.pad(rest / 60 % 60, 2) + ":" + Digits.pad(rest % 60, 2) + "Z"
    }
}

/// A wall-clock time of day, `HH:mm`.
package struct LocalTime: Sendable, Hashable, Comparable {
    package let hour: Int
    package let minute: Int

    package init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    package init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = Digits.number(bytes[0..<2]), let minute = Digits.number(bytes[3..<5])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    package var minutesSinceMidnight: Int { hour * 60 + minute }

    package static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    package var iso: String { Digits.pad(hour, 2) + ":" + Digits.pad(minute, 2) }
}
