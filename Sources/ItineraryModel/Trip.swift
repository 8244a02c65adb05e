/// The trip's own settings: name, first day, length, zone, units and language.
package struct Trip: Sendable, Hashable {
    package var id: String
    package var name: String
    package var startDate: CivilDate
    package var dayCount: Int
    package var timeZone: Zone
    /// Miles or kilometres; nil: the document language's measurement system.
    package var units: Units?
    /// The BCP 47 tag of the language documents are written in unless the reader asks for another.
    package var locale: String?
    /// The last change to a trip field, for last-write-wins merges of two copies; absent: earliest.
    package var modifiedAt: Instant?

    package init(
        id: String, name: String, startDate: CivilDate, dayCount: Int, timeZone: Zone = .utc, units: Units? = nil,
        locale: String? = nil, modifiedAt: Instant? = nil
    ) {
        self.id = id
        self.name = name
        self.startDate = startDate
        self.dayCount = dayCount
        self.timeZone = timeZone
        self.units = units
        self.locale = locale
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
