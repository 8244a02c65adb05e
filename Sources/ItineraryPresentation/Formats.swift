import Foundation
import ItineraryModel

/// How dates, times, distances, durations and counts are written in a
/// language: CLDR's patterns through Foundation with an explicit locale,
/// and the catalogue's words. Nothing here names a month or a weekday.
package struct Formats: Sendable {
    package let language: Language
    private let longDay: Date.FormatStyle
    private let shortDay: Date.FormatStyle
    private let shortDayWithYear: Date.FormatStyle
    /// Wall-clock times with no zone: written as UTC.
    private let clock: Date.FormatStyle

    package init(_ language: Language) {
        self.language = language
        let utc = TimeZone(identifier: "UTC") ?? .current
        // Trip dates are Gregorian whatever calendar the locale prefers.
        let base = Date.FormatStyle(locale: language.locale, calendar: Calendar(identifier: .gregorian), timeZone: utc)
        longDay = base.weekday(.wide).month(.wide).day()
        shortDay = base.weekday(.abbreviated).month(.abbreviated).day()
        shortDayWithYear = base.weekday(.abbreviated).month(.abbreviated).day().year()
        clock = base.hour().minute()
    }

    package static let english = Formats(.english)

    private static func date(_ date: CivilDate) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400)
    }

    /// "Day 3 · Sunday, March 8".
    package func dayHeader(_ number: Int, _ date: CivilDate) -> String {
        dayHeader(number, longDate: longDate(date))
    }

    /// The same, with the long date already written.
    package func dayHeader(_ number: Int, longDate: String) -> String {
        language.text(.dayHeader, ["day": .number(number), "date": .text(longDate)])
    }

    /// "Day 3".
    package func dayLabel(_ number: Int) -> String {
        language.text(.dayLabel, ["day": .number(number)])
    }

    /// "Sunday, March 8"; "Sonntag, 8. März".
    package func longDate(_ date: CivilDate) -> String {
        longDay.format(Self.date(date))
    }

    /// "March 2026", as the language names a month of a year.
    package func monthAndYear(_ date: CivilDate) -> String {
        Date.FormatStyle(
            locale: language.locale, calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "UTC") ?? .current
        )
        .month(.wide).year().format(Self.date(date))
    }

    /// "Sun, Mar 8".
    package func shortDate(_ date: CivilDate) -> String {
        shortDay.format(Self.date(date))
    }

    /// "Fri, Mar 6 – Tue, Mar 10, 2026", as the language writes a range; one date for a one-day trip.
    package func dateRange(_ first: CivilDate, _ last: CivilDate) -> String {
        if first == last { return shortDayWithYear.format(Self.date(first)) }
        let formatter = DateIntervalFormatter()
        formatter.locale = language.locale
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateTemplate = "yMMMEd"
        return formatter.string(from: Self.date(first), to: Self.date(last))
    }

    /// "7:30 PM", "19:30".
    package func time(_ time: LocalTime) -> String {
        clock.format(Date(timeIntervalSince1970: Double(time.minutesSinceMidnight * 60)))
    }

    /// The local start time at the venue with its zone: "1:20 PM CST", "13:20 GMT-6".
    package func gameTime(_ game: Game) -> String {
        let style = Date.FormatStyle(
            locale: language.locale, calendar: Calendar(identifier: .gregorian), timeZone: game.timeZone.timeZone
        )
        .hour().minute().timeZone(.specificName(.short))
        return style.format(Date(timeIntervalSince1970: Double(game.start.seconds)))
    }

    /// An international mile, in kilometres.
    static let kilometresPerMile = 1.609344

    /// "283 mi" or, for metric trips, "455 km".
    package func distance(miles: Double, units: Units) -> String {
        let value = units == .metric ? miles * Self.kilometresPerMile : miles
        return language.text(units == .metric ? .unitKilometres : .unitMiles, ["distance": .text(number(value))])
    }

    /// A scale bar's round distance, already in `units`: "50 mi", "0.5 km", "0,02 km".
    package func scaleDistance(_ value: Double, units: Units) -> String {
        let style = FloatingPointFormatStyle<Double>.number.locale(language.locale)
        let number =
            value >= 1
            ? value.formatted(style.precision(.fractionLength(0)))
            : value.formatted(style.precision(.significantDigits(1)))
        return language.text(units == .metric ? .unitKilometres : .unitMiles, ["distance": .text(number)])
    }

    /// "4 hr, 30 min", "4 Std., 30 Min.", "2 hr", "45 min": CLDR's short hour and minute
    /// units, joined as the language's short unit list joins two (the catalogue's
    /// `duration.*`, copied from CLDR by Scripts/cldr-durations).
    package func duration(minutes: Double) -> String {
        let total = Int(min(max(minutes, 0), 1e9).rounded())
        let (hours, rest) = total.quotientAndRemainder(dividingBy: 60)
        let hoursText = language.text(.durationHours, ["count": .number(hours)])
        let minutesText = language.text(.durationMinutes, ["count": .number(rest)])
        if hours == 0 { return minutesText }
        if rest == 0 { return hoursText }
        return language.text(.durationJoin, ["hours": .text(hoursText), "minutes": .text(minutesText)])
    }

    /// A distance's number: whole, grouped ("1,204"); small values keep one decimal ("0.4").
    package func number(_ value: Double) -> String {
        let clamped = min(max(value, -1e15), 1e15)
        let style = FloatingPointFormatStyle<Double>.number.locale(language.locale)
        if abs(clamped) < 10 && clamped != clamped.rounded() {
            return clamped.formatted(style.precision(.fractionLength(0...1)))
        }
        return clamped.formatted(style.precision(.fractionLength(0)))
    }

    /// A mode's word: "Drive", "Flight".
    package func modeName(_ mode: Travel.Mode) -> String {
        let key: MessageKey =
            switch mode {
            case .drive: .modeDrive
            case .flight: .modeFlight
            case .train: .modeTrain
            case .bus: .modeBus
            case .other: .modeOther
            }
        return language.text(key)
    }

    /// A category's word: "Restaurant", "Hotel".
    package func categoryName(_ category: Custom.Category) -> String {
        let key: MessageKey =
            switch category {
            case .restaurant: .categoryRestaurant
            case .hotel: .categoryHotel
            case .activity: .categoryActivity
            case .note: .categoryNote
            }
        return language.text(key)
    }

    /// "Confirmation K7Q2ZP".
    package func confirmation(_ code: String) -> String {
        language.text(.confirmationCode, ["code": .text(code)])
    }

    /// "Los Angeles Dodgers at Chicago Cubs".
    package func teams(away: String, home: String) -> String {
        language.text(.gameTeams, ["away": .text(away), "home": .text(home)])
    }

    /// "5 stops".
    package func stops(_ count: Int) -> String {
        language.text(.routeStops, ["count": .number(count)])
    }

    /// The route in words, the map's text alternative: "Chicago → Detroit → Chicago, 755 mi, 5 days".
    /// A long route is shortened by `Self.shortened`.
    package func routeAlternative(_ names: [String], miles: Double, units: Units, days: Int) -> String {
        language.text(
            .routeAlternative,
            [
                "stops": .text(Self.stopsInWords(names)), "distance": .text(distance(miles: miles, units: units)),
                "days": .number(days),
            ])
    }

    /// A day sheet's map in words: "Chicago → Detroit, 283 mi", or only the stops on a day without travel.
    package func dayRouteAlternative(_ names: [String], miles: Double, units: Units) -> String {
        let stops = Self.stopsInWords(names)
        guard miles > 0 else { return stops }
        return language.text(
            .routeDayAlternative, ["stops": .text(stops), "distance": .text(distance(miles: miles, units: units))])
    }

    /// "Chicago → Detroit → Chicago", shortened as `shortened` says.
    static func stopsInWords(_ names: [String]) -> String {
        shortened(names).joined(separator: " → ")
    }

    /// The stops a text alternative names: all of them, or for a long route its first and last
    /// stops (up to ten and about 500 characters at each end, never fewer than one) around "…".
    /// An alternative is read whole, every time, and PDF/A caps a string at 32,767 bytes: the
    /// year-long trip's full route was 122 KB.
    package static func shortened(_ names: [String]) -> [String] {
        func end(_ names: some Sequence<String>) -> [String] {
            var kept: [String] = [], length = 0
            for name in names.prefix(10) {
                length += name.unicodeScalars.count
                if !kept.isEmpty && length > 500 { break }
                kept.append(name)
            }
            return kept
        }
        let head = end(names), tail = end(names.reversed())
        guard head.count + tail.count + 1 < names.count else { return names }  // "…" in place of one stop says less
        return head + ["…"] + tail.reversed()
    }
}
