import ItineraryModel

/// A VTIMEZONE for an IANA zone over the years a trip covers, from the
/// system's tz database. Where the zone changes by a yearly rule in those
/// years (second Sunday of March, last Sunday of October, …) the rule is
/// written as an RRULE, as Outlook expects; otherwise each change is written
/// out. Observances start the year before the first year covered, so every
/// instant of the trip falls after one.
enum TimeZoneComponent {
    static func lines(for zone: Zone, years: ClosedRange<Int>) -> [String] {
        // The format's dates run from year 1 to 9999.
        let window = max(1, years.lowerBound - 1)...min(9999, years.upperBound + 1)
        let start = instant(CivilDate(year: window.lowerBound, month: 1, day: 1)!)
        let end = instant(CivilDate(year: window.upperBound, month: 12, day: 31)!)
        let transitions = zone.transitions(from: start, to: end)
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        if transitions.isEmpty {
            let offset = zone.offsetSeconds(at: start)
            lines += observance(
                daylight: zone.isDaylight(at: start), from: offset, to: offset, name: zone.abbreviation(at: start),
                start: "19700101T000000", rule: nil)
        } else if let rules = yearlyRules(transitions, years: window) {
            for (transition, rule) in rules {
                lines += observance(
                    daylight: transition.isDaylight, from: transition.offsetBefore, to: transition.offsetAfter,
                    name: transition.abbreviation, start: localStart(transition), rule: rule)
            }
        } else {
            let first = transitions[0]
            lines += observance(
                daylight: zone.isDaylight(at: start), from: first.offsetBefore, to: first.offsetBefore,
                name: zone.abbreviation(at: start), start: "19700101T000000", rule: nil)
            for transition in transitions {
                lines += observance(
                    daylight: transition.isDaylight, from: transition.offsetBefore, to: transition.offsetAfter,
                    name: transition.abbreviation, start: localStart(transition), rule: nil)
            }
        }
        return lines + ["END:VTIMEZONE"]
    }

    private static func observance(
        daylight: Bool, from: Int, to: Int, name: String, start: String, rule: String?
    ) -> [String] {
        let kind = daylight ? "DAYLIGHT" : "STANDARD"
        var lines = [
            "BEGIN:" + kind, "TZOFFSETFROM:" + ICalendarText.offset(from), "TZOFFSETTO:" + ICalendarText.offset(to),
            "TZNAME:" + ICalendarText.escape(name), "DTSTART:" + start,
        ]
        if let rule { lines.append("RRULE:" + rule) }
        return lines + ["END:" + kind]
    }

    /// When a change happens, on the clock that was in force before it (RFC 5545 §3.6.5).
    private static func localStart(_ transition: Transition) -> String {
        let (date, seconds) = ICalendarText.civil(transition.instant.seconds + Int64(transition.offsetBefore))
        return ICalendarText.localDateTime(date, seconds: seconds)
    }

    private typealias Transition = Zone.Transition

    /// The first change of each kind with the yearly rule all changes of that
    /// kind follow, or nil when some year breaks the pattern.
    private static func yearlyRules(
        _ transitions: [Transition], years window: ClosedRange<Int>
    ) -> [(Transition, String)]? {
        var result: [(Transition, String)] = []
        for daylight in [true, false] {
            let group = transitions.filter { $0.isDaylight == daylight }
            guard let first = group.first else { return nil }
            let years = group.map { ICalendarText.civil($0.instant.seconds + Int64($0.offsetBefore)).date.year }
            // One change of each kind in every year of the window: a rule with no
            // end must not outlive a zone that stopped changing its clocks.
            guard Set(years).count == group.count, years.first == window.lowerBound, years.last == window.upperBound,
                years.last! - years.first! + 1 == group.count
            else { return nil }
            let shapes = group.map(shape)
            guard Set(shapes.map(\.fixed)).count == 1 else { return nil }
            let rule: String
            if shapes.allSatisfy(\.isLast) {
                rule = "FREQ=YEARLY;BYMONTH=\(shapes[0].fixed.month);BYDAY=-1\(weekdays[shapes[0].fixed.weekday])"
            } else if Set(shapes.map(\.week)).count == 1 {
                rule =
                    "FREQ=YEARLY;BYMONTH=\(shapes[0].fixed.month);"
                    + "BYDAY=\(shapes[0].week)\(weekdays[shapes[0].fixed.weekday])"
            } else {
                return nil
            }
            result.append((first, rule))
        }
        // Two kinds whose offsets do not chain are no yearly rule.
        guard result.count == 2, result[0].0.offsetAfter == result[1].0.offsetBefore,
            result[1].0.offsetAfter == result[0].0.offsetBefore
        else { return nil }
        return result.sorted { $0.0.instant < $1.0.instant }
    }

    private struct FixedShape: Hashable {
        let month: Int
        let weekday: Int
        let seconds: Int
        let offsetBefore: Int
        let offsetAfter: Int
    }

    /// A change's month, weekday and clock time, its week of the month, and
    /// whether it falls in the month's last seven days.
    private static func shape(_ transition: Transition) -> (fixed: FixedShape, week: Int, isLast: Bool) {
        let (date, seconds) = ICalendarText.civil(transition.instant.seconds + Int64(transition.offsetBefore))
        let monthStart = CivilDate(year: date.year, month: date.month, day: 1)!
        let inNextMonth = monthStart.adding(days: 31)
        let nextMonthStart = CivilDate(year: inNextMonth.year, month: inNextMonth.month, day: 1)!
        let length = nextMonthStart.daysSinceEpoch - monthStart.daysSinceEpoch
        return (
            FixedShape(
                month: date.month, weekday: date.weekday, seconds: seconds,
                offsetBefore: transition.offsetBefore, offsetAfter: transition.offsetAfter),
            (date.day - 1) / 7 + 1, date.day + 7 > length
        )
    }

    private static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    private static func instant(_ date: CivilDate) -> Instant {
        Instant(seconds: Int64(date.daysSinceEpoch) * 86_400)
    }
}
