import Foundation
import Synchronization

/// Abbreviations read from the system's tz database (TZif files), which Foundation
/// on Linux does not expose: it answers "GMT-6" where people expect "CST".
final class ZoneAbbreviations: Sendable {
    static let shared = ZoneAbbreviations()

    private struct ZoneType: Sendable { let offset: Int; let isDST: Bool; let name: String }
    private struct Table: Sendable { let times: [Int64]; let typeOfTransition: [Int]; let types: [ZoneType] }
    /// The tables read so far, by zone; nil for a zone without a usable file.
    private let cache = Mutex<[String: Table?]>([:])

    private func table(_ zone: String) -> Table? {
        cache.withLock { cache -> Table? in
            if let cached = cache[zone] { return cached }
            let table = Self.load(zone)
            cache[zone] = table
            return table
        }
    }

    func abbreviation(zone: String, at instant: Instant, offset: Int, isDST: Bool) -> String? {
        guard let table = table(zone) else { return nil }
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
            Int(
                Int32(
                    bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
                        | UInt32(bytes[at + 3])))
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
            let limit = charsStart + charcnt
            let nameIndex = min(charsStart + Int(bytes[base + 5]), limit)
            let end = bytes[nameIndex..<limit].firstIndex(of: 0) ?? limit
            types.append(
                ZoneType(
                    offset: int32(base), isDST: bytes[base + 4] != 0,
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
