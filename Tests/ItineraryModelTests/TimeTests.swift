import Testing
@testable import ItineraryModel
import TestSupport

@Suite struct CivilDateTests {
    @Test func parsesAndPrints() throws {
        let date = try #require(CivilDate(iso: "2026-03-08"))
        #expect((date.year, date.month, date.day) == (2026, 3, 8))
        #expect(date.description == "2026-03-08")
        #expect(CivilDate(year: 1, month: 1, day: 1)?.description == "0001-01-01")
    }

    @Test(arguments: [
        "2026-02-29", "2026-04-31", "2026-00-10", "2026-01-00", "10000-01-01", "2026-1-01", "２０２６-01-01",
        "2026/01/01",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func countsDaysAcrossMonthsYearsAndLeapDays() throws {
        let start = try #require(CivilDate(iso: "2026-12-31"))
        #expect(start.adding(days: 1).description == "2027-01-01")
        #expect(start.adding(days: -365).description == "2025-12-31")
        #expect(CivilDate(iso: "2028-02-28")?.adding(days: 1).description == "2028-02-29")
        #expect(CivilDate(iso: "2100-02-28")?.adding(days: 1).description == "2100-03-01")
        #expect(CivilDate(iso: "1970-01-01")?.daysSinceEpoch == 0)
        #expect(CivilDate(iso: "1969-12-31")?.daysSinceEpoch == -1)
        for offset in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: offset).daysSinceEpoch == offset)
        }
    }

    @Test func weekdays() {
        #expect(CivilDate(iso: "2026-03-06")?.weekday == 5)  // Friday
        #expect(CivilDate(iso: "1970-01-01")?.weekday == 4)  // Thursday
        #expect(CivilDate(iso: "1969-12-28")?.weekday == 0)  // Sunday, before the epoch
    }

    @Test func tripDays() throws {
        let trip = Trip(id: "t", name: "n", startDate: try #require(CivilDate(iso: "2026-03-07")), dayCount: 3)
        #expect(trip.date(ofDay: 2).description == "2026-03-08")
        #expect(trip.day(of: try #require(CivilDate(iso: "2026-03-09"))) == 3)
        #expect(trip.day(of: try #require(CivilDate(iso: "2026-03-06"))) == 0)
    }
}

@Suite struct InstantTests {
    @Test func offsetsAreApplied() throws {
        let chicago = try #require(Instant(iso: "2026-03-06T13:20:00-06:00"))
        #expect(chicago.isoUTC == "2026-03-06T19:20:00Z")
        #expect(chicago.offsetSeconds == -21_600)
        #expect(Instant(iso: "2026-03-06T19:20:00Z") == chicago)
        #expect(Instant(iso: "2026-03-07T00:50:00+05:30") == chicago)
    }

    @Test func fractionsOrderInstants() throws {
        let whole = try #require(Instant(iso: "2026-01-17T11:01:16Z"))
        let half = try #require(Instant(iso: "2026-01-17T11:01:16.5Z"))
        let nano = try #require(Instant(iso: "2026-01-17T11:01:16.000000001Z"))
        #expect(whole < nano && nano < half)
        #expect(half.fraction == 0.5)
    }

    @Test func beforeTheEpoch() throws {
        let instant = try #require(Instant(iso: "1969-12-31T23:59:59Z"))
        #expect(instant.seconds == -1)
        #expect(instant.isoUTC == "1969-12-31T23:59:59Z")
    }

    @Test func localTimes() {
        #expect(LocalTime(iso: "00:00")?.minutesSinceMidnight == 0)
        #expect(LocalTime(iso: "23:59")?.iso == "23:59")
        #expect(LocalTime(iso: "24:00") == nil)
        #expect(LocalTime(iso: "7:05") == nil)
    }
}

@Suite struct ZoneTests {
    @Test func abbreviationsPeopleRead() throws {
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        let detroit = try #require(Zone(identifier: "America/Detroit"))
        #expect(chicago.abbreviation(at: try #require(Instant(iso: "2026-03-06T13:20:00-06:00"))) == "CST")
        #expect(chicago.abbreviation(at: try #require(Instant(iso: "2026-03-10T19:00:00-05:00"))) == "CDT")
        #expect(detroit.abbreviation(at: try #require(Instant(iso: "2026-03-07T19:00:00-05:00"))) == "EST")
        #expect(detroit.abbreviation(at: try #require(Instant(iso: "2026-07-07T19:00:00-04:00"))) == "EDT")
        #expect(Zone.utc.abbreviation(at: try #require(Instant(iso: "2026-07-07T19:00:00Z"))) == "UTC")
    }

    @Test func theDSTChangeItself() throws {
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        // 2026-03-08 01:59:59 CST is followed by 03:00:00 CDT.
        let before = try #require(Instant(iso: "2026-03-08T07:59:59Z"))
        let after = try #require(Instant(iso: "2026-03-08T08:00:00Z"))
        #expect(chicago.local(before).time == LocalTime(hour: 1, minute: 59))
        #expect(chicago.local(after).time == LocalTime(hour: 3, minute: 0))
        #expect(chicago.local(after).date.description == "2026-03-08")
        #expect(chicago.offsetSeconds(at: before) == -21_600)
        #expect(chicago.offsetSeconds(at: after) == -18_000)
    }

    @Test func aLateGameLandsOnItsLocalDate() throws {
        // 00:30 in Honolulu is 10:30 UTC the same day; 00:30 in Tokyo is 15:30 UTC the day before.
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo"))
        let start = try #require(Instant(iso: "2026-03-07T00:30:00+09:00"))
        #expect(start.isoUTC.hasPrefix("2026-03-06"))
        #expect(tokyo.local(start).date.description == "2026-03-07")
        #expect(tokyo.local(start).time == LocalTime(hour: 0, minute: 30))
        // And the other way: 00:30 in Chicago is already the next day in UTC, and the written offset does not matter.
        let chicago = try #require(Zone(identifier: "America/Chicago"))
        let written = try #require(Instant(iso: "2026-03-07T06:30:00Z"))
        #expect(chicago.local(written).date.description == "2026-03-07")
        let lateNight = try #require(Instant(iso: "2026-03-06T23:30:00-07:00"))  // 00:30 CST on the 7th
        #expect(chicago.local(lateNight).date.description == "2026-03-07")
        let game = Game(
            id: "g", sport: "NBA", away: .init(abbr: "AA", name: "A"), home: .init(abbr: "BB", name: "B"),
            start: lateNight, timeZone: chicago, stadium: .init(name: "S", city: "Chicago", latitude: 0, longitude: 0))
        #expect(game.localStartDate.description == "2026-03-07")
    }

    @Test func zoneNamesThatCouldLeaveTheDatabaseAreRefused() {
        #expect(Zone(identifier: "../../etc/passwd") == nil)
        #expect(Zone(identifier: "/etc/localtime") == nil)
        #expect(Zone(identifier: "America/../Etc/UTC") == nil)
        #expect(Zone(identifier: String(repeating: "A", count: 65)) == nil)
        #expect(Zone(identifier: "Europe/Zürich") == nil)
        #expect(Zone(identifier: "Europe/Zurich") != nil)
        #expect(Zone(identifier: "Etc/GMT+5")?.abbreviation(at: Instant(seconds: 0)) == "GMT−5")
    }
}

@Suite struct InstantFractionTests {
    @Test func anyNumberOfFractionDigitsAndACommaAreISO8601() throws {
        let long = try #require(Instant(iso: "2026-01-17T11:01:16.1234567891Z"))
        let short = try #require(Instant(iso: "2026-01-17T11:01:16.123456789Z"))
        #expect(long == short)
        let comma = try #require(Instant(iso: "2026-01-17T11:01:16,5Z"))
        #expect(comma == Instant(iso: "2026-01-17T11:01:16.5Z"))
        #expect(Instant(iso: "2026-01-17T11:01:16.Z") == nil)
    }
}

@Suite struct ZoneNameTests {
    @Test(arguments: ["America/Chicago", "UTC", "Etc/GMT+5", "Europe/Berlin", "Asia/Kolkata"])
    func tzDatabaseNamesAreZones(name: String) {
        #expect(Zone(identifier: name) != nil)
    }

    @Test(arguments: ["CST", "GMT+5", "america/chicago", "America", "Europe/../Etc/UTC", "/etc/passwd", ""])
    func otherNamesAreNot(name: String) {
        #expect(Zone(identifier: name) == nil)
    }
}
