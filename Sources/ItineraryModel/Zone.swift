import Foundation

/// An IANA time zone: its UTC offset at an instant and the abbreviation people read ("CST").
public struct Zone: Sendable, Hashable {
    public let identifier: String
    private let timeZone: TimeZone

    public init?(identifier: String) {
        // Names are file paths in the tz database: refuse anything that could leave it.
        guard !identifier.isEmpty, identifier.utf8.count <= 64,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0)) }),
              !identifier.hasPrefix("/"), !identifier.contains(".."),
              Zone.isInDatabase(identifier),
              let timeZone = TimeZone(identifier: identifier)
        else { return nil }
        self.identifier = identifier
        self.timeZone = timeZone
    }

    public static let utc = Zone(identifier: "UTC")!

    /// Whether the name is one of the tz database's. Foundation also takes
    /// abbreviations ("CST") and offsets ("GMT+5", read as UTC+5 where the tz
    /// database's Etc/GMT+5 is UTC−5), which the format does not allow. Where
    /// the system has no tz database, Foundation's word is taken.
    static func isInDatabase(_ identifier: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo", isDirectory: &isDirectory), isDirectory.boolValue else {
            return true
        }
        return FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + identifier, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    public func offsetSeconds(at instant: Instant) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant.seconds)))
    }

    /// The local calendar date and wall-clock time of an instant in this zone.
    public func local(_ instant: Instant) -> (date: CivilDate, time: LocalTime) {
        let local = instant.seconds + Int64(offsetSeconds(at: instant))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let rest = Int(local - days * 86_400)
        return (CivilDate(daysSinceEpoch: Int(days)), LocalTime(hour: rest / 3600, minute: rest / 60 % 60)!)
    }

    /// The abbreviation in force at an instant, "CST" or "CDT"; "GMT+9" style where the tz database has none.
    public func abbreviation(at instant: Instant) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(instant.seconds))
        let offset = timeZone.secondsFromGMT(for: date)
        let isDST = timeZone.isDaylightSavingTime(for: date)
        if let name = ZoneAbbreviations.shared.abbreviation(zone: identifier, at: instant, offset: offset, isDST: isDST) {
            return name
        }
        if offset == 0 { return "UTC" }
        let hours = abs(offset) / 3600
        let minutes = abs(offset) / 60 % 60
        return "GMT" + (offset < 0 ? "−" : "+") + String(hours) + (minutes == 0 ? "" : ":" + Digits.pad(minutes, 2))
    }

    public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// Abbreviations read from the system's tz database (TZif files), which Foundation
/// on Linux does not expose: it answers "GMT-6" where people expect "CST".
final class ZoneAbbreviations: @unchecked Sendable {
    static let shared = ZoneAbbreviations()

    private struct ZoneType { let offset: Int; let isDST: Bool; let name: String }
    private struct Table { let times: [Int64]; let typeOfTransition: [Int]; let types: [ZoneType] }
    private let lock = NSLock()
    private var cache: [String: Table?] = [:]

    func abbreviation(zone: String, at instant: Instant, offset: Int, isDST: Bool) -> String? {
        lock.lock()
        let table: Table?
        if let cached = cache[zone] {
            table = cached
        } else {
            table = Self.load(zone)
            cache[zone] = table
        }
        lock.unlock()
        guard let table else { return nil }
        func matches(_ type: ZoneType) -> Bool { type.offset == offset && type.isDST == isDST }
        // The type of the latest transition at or before the instant that agrees
        // with Foundation's offset; names like "CPT" (1945) share offsets with "CDT".
        var index = table.times.count - 1
        while index >= 0 && table.times[index] > instant.seconds { index -= 1 }
        var match: ZoneType?
        while index >= 0 {
            let type = table.types[table.typeOfTransition[index]]
            if matches(type) {
                match = type
                break
            }
            index -= 1
        }
        if match == nil { match = table.types.first(where: matches) }
        guard let name = match?.name, name.first?.isLetter == true else { return nil }
        return name
    }

    private static func load(_ zone: String) -> Table? {
        guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + zone) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8) else { return nil }
        func int32(_ at: Int) -> Int {
            Int(Int32(bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])))
        }
        // The version 1 block (32-bit times) reaches 2037 in Debian's files, enough for names.
        let timecnt = int32(32), typecnt = int32(36), charcnt = int32(40)
        guard timecnt >= 0, typecnt > 0, charcnt >= 0 else { return nil }
        let indicesStart = 44 + timecnt * 4
        let typesStart = indicesStart + timecnt
        let charsStart = typesStart + typecnt * 6
        guard charsStart + charcnt <= bytes.count else { return nil }
        var types: [ZoneType] = []
        for index in 0..<typecnt {
            let base = typesStart + index * 6
            let nameIndex = charsStart + Int(bytes[base + 5])
            let end = nameIndex < charsStart + charcnt
                ? (bytes[nameIndex..<(charsStart + charcnt)].firstIndex(of: 0) ?? (charsStart + charcnt)) : nameIndex
            types.append(ZoneType(offset: int32(base), isDST: bytes[base + 4] != 0,
                                  name: String(decoding: bytes[min(nameIndex, end)..<end], as: UTF8.self)))
        }
        var times: [Int64] = []
        var typeOfTransition: [Int] = []
        for index in 0..<timecnt {
            let type = Int(bytes[indicesStart + index])
            guard type < typecnt else { return nil }
            times.append(Int64(int32(44 + index * 4)))
            typeOfTransition.append(type)
        }
        return Table(times: times, typeOfTransition: typeOfTransition, types: types)
    }
}
