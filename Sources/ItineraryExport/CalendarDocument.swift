import ItineraryModel
import ItineraryPresentation

/// The trip as an iCalendar file (RFC 5545): games at their real start in
/// their venue's zone, custom items with a time in the trip's zone, the rest
/// (travel, items without a time) as all-day events that leave the person
/// free. Every zone used has a VTIMEZONE, so every calendar agrees on the
/// times; UIDs come from the trip and item ids, so importing a changed trip
/// updates its events instead of adding them again.
package enum CalendarDocument {
    /// The length of a custom item with a time, in minutes: the format gives no end.
    package static let customItemLength = 60

    /// A calendar served as a feed that clients subscribe to (RFC 7986).
    package struct Feed: Sendable {
        /// The feed's own URL, written as `SOURCE`.
        package let url: String
        /// How often a client should fetch it again, in seconds: `REFRESH-INTERVAL` and `X-PUBLISHED-TTL`.
        package let refreshSeconds: Int

        package init(url: String, refreshSeconds: Int) {
            self.url = url
            self.refreshSeconds = refreshSeconds
        }
    }

    /// When the trip last changed as far as its file says: the latest of the trip's, the
    /// games' and the items' `modifiedAt` and the tombstones' `removedAt`, in seconds since 1970;
    /// nil when nothing is stamped. The same file gives the same instant, so a
    /// calendar of an unchanged trip has the same bytes.
    package static func lastModified(_ itinerary: Itinerary) -> Int64? {
        let stamps =
            [itinerary.trip.modifiedAt].compactMap { $0?.seconds }
            + itinerary.games.compactMap { $0.modifiedAt?.seconds }
            + itinerary.items.compactMap { $0.modifiedAt?.seconds }
            + itinerary.removed.map(\.removedAt.seconds)
        return stamps.max()
    }

    /// The file's bytes.
    /// - Parameters:
    ///   - stamp: seconds since 1970 written as every event's DTSTAMP: `SOURCE_DATE_EPOCH`, else
    ///     `lastModified`, never the clock.
    ///   - version: the tool's version, for PRODID.
    ///   - feed: for a subscribed calendar, its URL and refresh interval.
    package static func ics(_ trip: PresentedTrip, stamp: Int64, version: String, feed: Feed? = nil) -> [UInt8] {
        let ordered = trip.ordered
        var writer = Writer(ordered: ordered, stamp: ICalendarText.utc(stamp), trip: trip)
        writer.line("BEGIN:VCALENDAR")
        writer.line("VERSION:2.0")
        writer.line("PRODID:-//itinerary//itinerary \(version)//EN")
        writer.line("CALSCALE:GREGORIAN")
        writer.line("METHOD:PUBLISH")
        writer.line("NAME:" + ICalendarText.escapeLine(ordered.trip.name))
        writer.line("X-WR-CALNAME:" + ICalendarText.escapeLine(ordered.trip.name))
        if ordered.days.allSatisfy(\.entries.isEmpty) {
            // A calendar with no event says why, in its language (RFC 7986's DESCRIPTION, and the
            // property Apple's and Google's calendars read): never a blank document.
            let why = ICalendarText.escapeLine(trip.dateRange + trip.language.separator + trip.language.text(.dayRest))
            writer.line("DESCRIPTION:" + why)
            writer.line("X-WR-CALDESC:" + why)
        }
        if let feed {
            let interval = ICalendarText.duration(seconds: feed.refreshSeconds)
            writer.line("REFRESH-INTERVAL;VALUE=DURATION:" + interval)
            writer.line("X-PUBLISHED-TTL:" + interval)
            writer.line("SOURCE;VALUE=URI:" + feed.url)
        }
        writer.line("X-WR-TIMEZONE:" + ordered.trip.timeZone.identifier)
        // The zones first: each needs its VTIMEZONE before the events that name it.
        for day in ordered.days {
            for entry in day.entries {
                if let game = entry.game {
                    writer.use(game.timeZone)
                } else if entry.item.custom?.time != nil {
                    writer.use(ordered.trip.timeZone)
                }
            }
        }
        let years = ordered.dateRange.lowerBound.year...ordered.dateRange.upperBound.year
        for zone in writer.zones {
            for line in TimeZoneComponent.lines(for: zone, years: years) { writer.line(line) }
        }
        for day in ordered.days {
            for entry in day.entries {
                for line in writer.event(entry, on: day) { writer.line(line) }
            }
        }
        writer.line("END:VCALENDAR")
        return writer.bytes
    }

    private struct Writer {
        let ordered: OrderedItinerary
        let stamp: String
        /// The words and formats of the document's language.
        let trip: PresentedTrip
        var bytes: [UInt8] = []
        /// The zones the events name, in the order first named.
        var zones: [Zone] = []

        mutating func line(_ line: String) {
            ICalendarText.appendFolded(line, to: &bytes)
        }

        mutating func use(_ zone: Zone) {
            if !zones.contains(zone) { zones.append(zone) }
        }

        func event(_ entry: Entry, on day: Day) -> [String] {
            let item = entry.item
            var lines = ["BEGIN:VEVENT", "UID:" + ICalendarText.escape(uid(item)), "DTSTAMP:" + stamp]
            // A game's event changes with its item and with the schedule's game.
            if let modified = [item.modifiedAt, entry.game?.modifiedAt].compactMap({ $0?.seconds }).max() {
                lines.append("LAST-MODIFIED:" + ICalendarText.utc(modified))
            }
            if let game = entry.game {
                lines += timed(game.start.seconds, minutes: game.expectedMinutes, zone: game.timeZone)
                lines.append("SUMMARY:" + ICalendarText.escapeLine(game.matchup))
                lines.append("LOCATION:" + ICalendarText.escapeLine(game.stadium.name + ", " + game.stadium.city))
                lines.append("GEO:" + geo(game.stadium.latitude, game.stadium.longitude))
                lines.append(
                    "DESCRIPTION:"
                        + ICalendarText.escape(
                            trip.formats.teams(away: game.away.name, home: game.home.name) + " · \(game.sport)"))
                lines.append("CATEGORIES:GAME," + ICalendarText.escape(game.sport))
                lines.append("TRANSP:OPAQUE")
            } else if let travel = item.travel {
                lines += allDay(day.date)
                let row = TravelRow(item, travel, units: trip.units, formats: trip.formats)
                lines.append("SUMMARY:" + ICalendarText.escapeLine(row.line))
                lines.append("CATEGORIES:TRAVEL")
                if let description = details([
                    row.modeName, item.notes, item.confirmation.map(trip.formats.confirmation),
                ]) {
                    lines.append("DESCRIPTION:" + ICalendarText.escape(description))
                }
                lines.append("TRANSP:TRANSPARENT")
            } else if let custom = item.custom {
                if let time = custom.time {
                    let zone = ordered.trip.timeZone
                    lines += timed(
                        local: day.date, minutes: time.minutesSinceMidnight, length: CalendarDocument.customItemLength,
                        zone: zone)
                } else {
                    lines += allDay(day.date)
                }
                lines.append(
                    "SUMMARY:"
                        + ICalendarText.escapeLine(trip.formats.categoryName(custom.category) + ": " + custom.title))
                if let address = custom.location?.address, !address.isEmpty {
                    lines.append("LOCATION:" + ICalendarText.escapeLine(address))
                }
                if let place = custom.location {
                    lines.append("GEO:" + geo(place.latitude, place.longitude))
                }
                if let description = details([item.notes, item.confirmation.map(trip.formats.confirmation)]) {
                    lines.append("DESCRIPTION:" + ICalendarText.escape(description))
                }
                lines.append("CATEGORIES:" + Self.categoryNames[custom.category, default: ""].uppercased())
                lines.append(custom.time == nil ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE")
            }
            return lines + ["END:VEVENT"]
        }

        /// "Restaurant", "Hotel": a category as the start of a summary.
        static let categoryNames: [Custom.Category: String] = Dictionary(
            uniqueKeysWithValues: Custom.Category.allCases.map {
                ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst())
            })

        /// The same trip id and item id give the same UID on every export.
        private func uid(_ item: Item) -> String {
            item.id + "." + ordered.trip.id + "@itinerary"
        }

        /// A timed event starting at an instant, written on the clock of a zone.
        private func timed(_ seconds: Int64, minutes: Int, zone: Zone) -> [String] {
            func local(_ seconds: Int64) -> String {
                let instant = Instant(seconds: seconds)
                let (date, time) = ICalendarText.civil(seconds + Int64(zone.offsetSeconds(at: instant)))
                return ICalendarText.localDateTime(date, seconds: time)
            }
            return [
                "DTSTART;TZID=\(zone.identifier):" + local(seconds),
                "DTEND;TZID=\(zone.identifier):" + local(seconds + Int64(minutes) * 60),
            ]
        }

        /// A timed event at a wall-clock time of a day, in a zone.
        private func timed(local date: CivilDate, minutes: Int, length: Int, zone: Zone) -> [String] {
            let end = minutes + length
            let endDate = date.adding(days: end / 1_440)
            return [
                "DTSTART;TZID=\(zone.identifier):" + ICalendarText.localDateTime(date, seconds: minutes * 60),
                "DTEND;TZID=\(zone.identifier):" + ICalendarText.localDateTime(endDate, seconds: end % 1_440 * 60),
            ]
        }

        /// An all-day event: its date, and the next day as the exclusive end.
        private func allDay(_ date: CivilDate) -> [String] {
            [
                "DTSTART;VALUE=DATE:" + ICalendarText.date(date),
                "DTEND;VALUE=DATE:" + ICalendarText.date(date.adding(days: 1)),
            ]
        }

        private func geo(_ latitude: Double, _ longitude: Double) -> String {
            // FLOAT has no exponent.
            GPXDocument.coordinate(latitude) + ";" + GPXDocument.coordinate(longitude)
        }

        private func details(_ parts: [String?]) -> String? {
            let kept = parts.compactMap { $0 }.filter { !$0.isEmpty }
            return kept.isEmpty ? nil : kept.joined(separator: "\n")
        }
    }
}
