import Foundation
import Synchronization

/// An IANA time zone: its UTC offset at an instant and the abbreviation people read ("CST").
package struct Zone: Sendable, Hashable {
    package let identifier: String
    package let timeZone: TimeZone

    package init?(identifier: String) {
        let found = Self.known.withLock { known -> Zone? in
            if let cached = known[identifier] { return cached }
            let zone = Self.load(identifier)
            // A file names few zones: a hostile one with thousands of bad names is not kept.
            if known.count < 1_024 { known[identifier] = zone }
            return zone
        }
        guard let found else { return nil }
        self = found
    }

    /// Zones looked up so far (nil for a name that is none): a trip names a
    /// few zones thousands of times, and each lookup reads the tz database.
    private static let known = Mutex<[String: Zone?]>([:])

    private init(identifier: String, timeZone: TimeZone) {
        self.identifier = identifier
        self.timeZone = timeZone
    }

    private static func load(_ identifier: String) -> Zone? {
        // Names are file paths in the tz database: refuse anything that could leave it.
        guard !identifier.isEmpty, identifier.utf8.count <= 64,
            identifier.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0))
            }),
            !identifier.hasPrefix("/"), !identifier.contains(".."),
            Zone.isInDatabase(identifier),
            let timeZone = TimeZone(identifier: identifier)
        else { return nil }
        return Zone(identifier: identifier, timeZone: timeZone)
    }

    package static let utc = Zone(identifier: "UTC")!

    /// Whether the name is one of the tz database's. Foundation also takes
    /// abbreviations ("CST") and offsets ("GMT+5", read as UTC+5 where the tz
    /// database's Etc/GMT+5 is UTC−5), which the format does not allow. Where
    /// the system has no tz database, Foundation's word is taken.
    static func isInDatabase(_ identifier: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo", isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            return true
        }
        return FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + identifier, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    package func offsetSeconds(at instant: Instant) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds)))
    }

    /// The local calendar date and wall-clock time of an instant in this zone.
    package func local(_ instant: Instant) -> (date: CivilDate, time: LocalTime) {
        let local = instant.seconds + Int64(offsetSeconds(at: instant))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let rest = Int(local - days * 86_400)
        return (CivilDate(daysSinceEpoch: Int(days)), LocalTime(hour: rest / 3600, minute: rest / 60 % 60)!)
    }

    /// The abbreviation in force at an instant, "CST" or "CDT"; "GMT+9" style where the tz database has none.
    package func abbreviation(at instant: Instant) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(instant.seconds))
        let offset = timeZone.secondsFromGMT(for: date)
        let isDST = timeZone.isDaylightSavingTime(for: date)
        if let name = ZoneAbbreviations.shared.abbreviation(zone: identifier, at: instant, offset: offset, isDST: isDST)
        {
            return name
        }
        if offset == 0 { return "UTC" }
        let hours = abs(offset) / 3600
        let minutes = abs(offset) / 60 % 60
        return "GMT" + (offset < 0 ? "−" : "+") + String(hours) + (minutes == 0 ? "" : ":" + Digits.pad(minutes, 2))
    }

    package static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
    package func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

extension Zone {
    /// A change of a zone's offset: daylight saving time starting or ending.
    package struct Transition: Sendable, Equatable {
        /// The instant of the change.
        package let instant: Instant
        /// The offset before and after it, in seconds east of UTC.
        package let offsetBefore: Int
        package let offsetAfter: Int
        /// Whether the offset after it is daylight saving time.
        package let isDaylight: Bool
        /// "CDT", "CST", or "GMT+1" style where the tz database has none.
        package let abbreviation: String
    }

    /// The offset changes from `start` up to `end`, from the tz database
    /// (through Foundation, which also follows a zone's rule past the years
    /// its file lists).
    package func transitions(from start: Instant, to end: Instant) -> [Transition] {
        var transitions: [Transition] = []
        var date = Date(timeIntervalSince1970: TimeInterval(start.seconds))
        let limit = Date(timeIntervalSince1970: TimeInterval(end.seconds))
        // A zone changes a few times a year at most; the bound keeps a broken database from looping.
        while transitions.count < 1_000, let next = timeZone.nextDaylightSavingTimeTransition(after: date),
            next < limit, next > date
        {
            let instant = Instant(seconds: Int64(next.timeIntervalSince1970.rounded()))
            let before = timeZone.secondsFromGMT(for: next.addingTimeInterval(-1))
            let after = timeZone.secondsFromGMT(for: next)
            if before != after {
                transitions.append(
                    Transition(
                        instant: instant, offsetBefore: before, offsetAfter: after,
                        isDaylight: timeZone.isDaylightSavingTime(for: next), abbreviation: abbreviation(at: instant)))
            }
            date = next
        }
        return transitions
    }

    /// Whether the offset at an instant is daylight saving time.
    package func isDaylight(at instant: Instant) -> Bool {
        timeZone.isDaylightSavingTime(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds)))
    }
}
