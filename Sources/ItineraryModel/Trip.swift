/// The trip's own settings: name, first day, length, zone and units.
package struct Trip: Sendable, Hashable {
    package var id: String
    package var name: String
    package var startDate: CivilDate
    package var dayCount: Int
    package var timeZone: Zone
    package var units: Units
    /// The last change to a trip field, for last-write-wins merges of two copies; absent: earliest.
    package var modifiedAt: Instant?

    package init(id: String, name: String, startDate: CivilDate, dayCount: Int, timeZone: Zone = .utc, units: Units = .imperial,
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
    package func date(ofDay day: Int) -> CivilDate {
        startDate.adding(days: day - 1)
    }

    /// The day of the trip a calendar date falls on; may be outside 1…dayCount.
    package func day(of date: CivilDate) -> Int {
        date.daysSinceEpoch - startDate.daysSinceEpoch + 1
    }
}

package enum Units: String, Sendable, Hashable, CaseIterable {
    case imperial
    case metric
}
