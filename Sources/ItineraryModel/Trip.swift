/// The trip's own settings: name, first day, length, zone and units.
public struct Trip: Sendable, Hashable {
    public var id: String
    public var name: String
    public var startDate: CivilDate
    public var dayCount: Int
    public var timeZone: Zone
    public var units: Units
    /// The last change to a trip field, for last-write-wins merges of two copies; absent: earliest.
    public var modifiedAt: Instant?

    public init(id: String, name: String, startDate: CivilDate, dayCount: Int, timeZone: Zone = .utc, units: Units = .imperial,
                modifiedAt: Instant? = nil) {
        self.id = id
        self.name = name
        self.startDate = startDate
        self.dayCount = dayCount
        self.timeZone = timeZone
        self.units = units
        self.modifiedAt = modifiedAt
    }

    /// The calendar date of a day of the trip, day 1 being `startDate`.
    public func date(ofDay day: Int) -> CivilDate {
        startDate.adding(days: day - 1)
    }

    /// The day of the trip a calendar date falls on; may be outside 1…dayCount.
    public func day(of date: CivilDate) -> Int {
        date.daysSinceEpoch - startDate.daysSinceEpoch + 1
    }
}

public enum Units: String, Sendable, Hashable, CaseIterable {
    case imperial
    case metric
}
