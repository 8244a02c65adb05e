import ItineraryModel

/// How dates, times, distances and durations are written in every output.
package enum Formats {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]

    /// "Day 3 · Sunday, March 8".
    package static func dayHeader(_ number: Int, _ date: CivilDate) -> String {
        dayLabel(number) + " · " + longDate(date)
    }

    /// "Day 3".
    package static func dayLabel(_ number: Int) -> String {
        "Day \(number)"
    }

    /// "Sunday, March 8".
    package static func longDate(_ date: CivilDate) -> String {
        "\(weekdays[date.weekday]), \(months[date.month - 1]) \(date.day)"
    }

    /// "Sun, Mar 8".
    package static func shortDate(_ date: CivilDate) -> String {
        "\(weekdays[date.weekday].prefix(3)), \(months[date.month - 1].prefix(3)) \(date.day)"
    }

    /// "Fri, Mar 6 – Tue, Mar 10, 2026"; both years when they differ; one date for a one-day trip.
    package static func dateRange(_ first: CivilDate, _ last: CivilDate) -> String {
        if first == last { return shortDate(first) + ", \(first.year)" }
        if first.year == last.year { return shortDate(first) + " – " + shortDate(last) + ", \(last.year)" }
        return shortDate(first) + ", \(first.year) – " + shortDate(last) + ", \(last.year)"
    }

    /// "7:30 PM".
    package static func time(_ time: LocalTime) -> String {
        let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
        return "\(hour12):\(minute) " + (time.hour < 12 ? "AM" : "PM")
    }

    /// The local start time at the venue with its zone: "1:20 PM CST".
    package static func gameTime(_ game: Game) -> String {
        time(game.timeZone.local(game.start).time) + " " + game.timeZone.abbreviation(at: game.start)
    }

    /// An international mile, in kilometres.
    static let kilometresPerMile = 1.609344

    /// "283 mi" or, for metric trips, "455 km".
    package static func distance(miles: Double, units: Units) -> String {
        let value = units == .metric ? miles * kilometresPerMile : miles
        let unit = units == .metric ? "km" : "mi"
        return grouped(value) + " " + unit
    }

    /// "4h 30m", "45m", "3h".
    package static func duration(minutes: Double) -> String {
        let total = Int(min(max(minutes, 0), 1e9).rounded())
        let hours = total / 60, rest = total % 60
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h \(rest)m"
    }

    /// A whole number with thousands separators: "1,204"; small values keep one decimal ("0.4").
    package static func grouped(_ value: Double) -> String {
        let clamped = min(max(value, -1e15), 1e15)
        if abs(clamped) < 10 && clamped != clamped.rounded() {
            let tenths = (clamped * 10).rounded() / 10
            if tenths != tenths.rounded() { return String(tenths) }
        }
        let whole = Int64(clamped.rounded())
        let digits = String(abs(whole))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (whole < 0 ? "-" : "") + out
    }

    /// "1 day", "5 days".
    package static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
