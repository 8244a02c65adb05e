import Foundation
import Testing
import ItineraryExport
import ItineraryKit
import ItineraryModel
import ItineraryPresentation
import TestSupport

/// The .ics and .gpx files read back by other people's parsers: Python's
/// icalendar (times from the file's own VTIMEZONE), gpxpy, gpsbabel and
/// xmllint against the GPX 1.1 schema (`make setup` installs them).
@Suite struct ExportReadBackTests {
    static let scripts = Fixtures.packageRoot.appendingPathComponent("Tests/ItineraryExportTests/Scripts")
    static let stamp = 1_772_755_200

    @Test(arguments: ["sample", "three zones", "one day", "hostile", "after daylight time ended"])
    func calendarReadsBack(_ name: String) throws {
        let trip = try Self.trip(name)
        let ics = try trip.render(.ics, options: RenderOptions(creationDate: Self.stamp))[0]
        try Self.check("check_ics.py", file: ics, ext: "ics", expected: Self.expectedCalendar(trip))
    }

    @Test(arguments: ["sample", "three zones", "one day", "hostile"])
    func gpxReadsBack(_ name: String) throws {
        let trip = try Self.trip(name)
        let gpx = try trip.render(.gpx, options: RenderOptions(creationDate: Self.stamp))[0]
        try Self.check("check_gpx.py", file: gpx, ext: "gpx", expected: Self.expectedGPX(trip))
    }

    @Test func aTripWithoutCoordinatesGivesAValidEmptyGPX() throws {
        let trip = try CheckedTrip(
            bytes: Array(
                Self.json(
                    games: [],
                    items: [
                        #"{"id": "n1", "day": 1, "kind": "custom", "category": "note", "title": "Pack"}"#
                    ]
                ).utf8))
        #expect(!trip.hasCoordinates)
        let gpx = try trip.render(.gpx, options: RenderOptions(creationDate: Self.stamp))[0]
        try Self.check("check_gpx.py", file: gpx, ext: "gpx", expected: Self.expectedGPX(trip))
    }

    /// A trip with nothing planned yet gives a calendar that says so, in its language (issue #46),
    /// and that the parser reads as a calendar of no event.
    @Test func aCalendarOfNothingSaysSo() throws {
        let trip = try CheckedTrip(bytes: Array(Self.json(games: [], items: [], days: 2).utf8))
        let ics = try trip.render(.ics, options: RenderOptions(creationDate: Self.stamp))[0]
        let text = String(decoding: ics, as: UTF8.self)
        #expect(text.contains("\r\nDESCRIPTION:") && text.contains(" · No items yet\r\nX-WR-CALDESC:"), "\(text)")
        try Self.check("check_ics.py", file: ics, ext: "ics", expected: Self.expectedCalendar(trip))
        let german = try trip.render(.ics, options: RenderOptions(creationDate: Self.stamp, locale: "de"))[0]
        #expect(String(decoding: german, as: UTF8.self).contains("Noch keine Einträge"))
        // A calendar with events has no such line.
        let sample = try CheckedTrip.sample.render(.ics, options: RenderOptions(creationDate: Self.stamp))[0]
        #expect(!String(decoding: sample, as: UTF8.self).contains("X-WR-CALDESC"))
    }

    /// The format's dates reach year 9999: the calendar's zone window stops there.
    @Test(arguments: ["0001-01-01", "9999-12-31"])
    func aTripAtTheEndOfTimeRenders(_ start: String) throws {
        let trip = try CheckedTrip(
            bytes: Array(
                Self.json(
                    games: [],
                    items: [
                        #"""
                        {"id": "c1", "day": 1, "kind": "custom", "category": "note", "title": "Far", \#
                        "time": "10:00"}
                        """#
                    ], start: start
                ).utf8))
        let ics = String(
            decoding: try trip.render(.ics, options: RenderOptions(creationDate: Self.stamp))[0], as: UTF8.self)
        #expect(ics.contains("BEGIN:VTIMEZONE"))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let trip = CheckedTrip.sample
        let options = RenderOptions(creationDate: Self.stamp)
        #expect(try trip.render([.ics, .gpx], options: options) == (try trip.render([.ics, .gpx], options: options)))
    }

    @Test func omittedFieldsAreInNoFormat() throws {
        let trip = CheckedTrip.sample
        let options = RenderOptions(creationDate: Self.stamp, omit: [.confirmations, .notes, .addresses])
        let secrets = trip.itinerary.items.flatMap { item in
            [item.confirmation, item.notes, item.custom?.location?.address].compactMap { $0 }.filter { $0.count > 6 }
        }
        #expect(!secrets.isEmpty)
        // PDF and PNG are checked by their own tests, Wallet passes (zipped, signed) by PassTests.
        for format in OutputFormat.allCases where ![.pdf, .png, .pkpass, .pkpasses].contains(format) {
            let text = String(decoding: try trip.render(format, options: options)[0], as: UTF8.self)
            for secret in secrets {
                // iCalendar escapes commas; compare the first words.
                let probe = String(secret.split(separator: ",")[0].prefix(12))
                #expect(!text.contains(probe), "\(format) still holds \(probe)")
            }
        }
    }

    // MARK: Trips

    static func trip(_ name: String) throws -> CheckedTrip {
        switch name {
        case "sample": return .sample
        case "three zones":
            return try CheckedTrip(
                bytes: Array(
                    json(
                        games: [
                            game("g1", "2026-11-01T13:00:00-05:00", "America/New_York", "Boston", 42.3467, -71.0972),
                            game("g2", "2026-11-02T19:00:00-06:00", "America/Chicago", "Chicago", 41.9484, -87.6553),
                            game("g3", "2026-11-03T19:10:00-07:00", "America/Denver", "Denver", 39.7559, -104.9942),
                        ],
                        items: [
                            #"{"id": "i1", "day": 1, "kind": "game", "gameId": "g1"}"#,
                            #"""
                            {"id": "t1", "day": 2, "sortOrder": 10, "kind": "travel", "fromCity": "Boston", \#
                            "toCity": "Chicago", "mode": "flight", "distanceMiles": 850}
                            """#,
                            #"{"id": "i2", "day": 2, "kind": "game", "gameId": "g2"}"#,
                            #"""
                            {"id": "c1", "day": 2, "sortOrder": 200, "kind": "custom", "category": "restaurant", \#
                            "title": "Late dinner", "time": "23:30"}
                            """#,
                            #"""
                            {"id": "t2", "day": 3, "sortOrder": 10, "kind": "travel", "fromCity": "Chicago", \#
                            "toCity": "Denver"}
                            """#,
                            #"{"id": "i3", "day": 3, "kind": "game", "gameId": "g3"}"#,
                        ], days: 3, start: "2026-11-01"
                    ).utf8))
        case "after daylight time ended":
            // Mexico City kept daylight time until October 2022: a yearly rule must not run on into 2023.
            return try CheckedTrip(
                bytes: Array(
                    json(
                        games: [
                            game(
                                "g1", "2023-07-01T19:00:00-06:00", "America/Mexico_City", "Mexico City", 19.4042,
                                -99.1686)
                        ],
                        items: [
                            #"{"id": "i1", "day": 1, "kind": "game", "gameId": "g1"}"#,
                            #"""
                            {"id": "c1", "day": 1, "sortOrder": 200, "kind": "custom", "category": "restaurant", \#
                            "title": "Tacos", "time": "22:00", "location": {"latitude": 0.00001, "longitude": -99.1}}
                            """#,
                        ], days: 1, start: "2023-07-01", zone: "America/Mexico_City"
                    ).utf8))
        case "one day":
            return try CheckedTrip(
                bytes: Array(
                    json(
                        games: [
                            game("g1", "2026-06-01T13:05:00-04:00", "America/New_York", "New York", 40.8296, -73.9262)
                        ],
                        items: [
                            #"""
                            {"id": "c1", "day": 1, "sortOrder": 1, "kind": "custom", "category": "hotel", \#
                            "title": "Check in"}
                            """#,
                            #"{"id": "i1", "day": 1, "kind": "game", "gameId": "g1"}"#,
                            #"""
                            {"id": "c2", "day": 1, "sortOrder": 300, "kind": "custom", "category": "activity", \#
                            "title": "High Line", "time": "18:00", \#
                            "location": {"latitude": 40.748, "longitude": -74.0048}}
                            """#,
                        ], days: 1, start: "2026-06-01", zone: "America/New_York"
                    ).utf8))
        default:
            let evil = "a;b,c\\\\d\\nSUMMARY:evil\\r\\nEND:VEVENT</name><evil/>&amp;\\u0001"
            return try CheckedTrip(
                bytes: Array(
                    json(
                        games: [
                            game("g1", "2026-03-06T19:00:00-06:00", "America/Chicago", evil, 41.9, -87.6, stadium: evil)
                        ],
                        items: [
                            #"{"id": "i1", "day": 1, "kind": "game", "gameId": "g1"}"#,
                            #"""
                            {"id": "c1;x", "day": 1, "sortOrder": 200, "kind": "custom", "category": "note", \#
                            "title": "\#(evil)", "time": "20:00", "notes": "\#(evil)", "confirmation": "\#(evil)", \#
                            "location": {"latitude": 41.88, "longitude": -87.63, "address": "\#(evil)"}}
                            """#,
                        ], days: 1, start: "2026-03-06", name: evil
                    ).utf8))
        }
    }

    static func game(
        _ id: String, _ start: String, _ zone: String, _ city: String, _ latitude: Double, _ longitude: Double,
        stadium: String = "Park"
    ) -> String {
        #"""
        {"id": "\#(id)", "sport": "MLB", "away": {"abbr": "AWY", "name": "Away Team"}, \#
        "home": {"abbr": "HOM", "name": "Home Team"}, "start": "\#(start)", "timeZone": "\#(zone)", \#
        "stadium": {"name": "\#(stadium)", "city": "\#(city)", "latitude": \#(latitude), "longitude": \#(longitude)}}
        """#
    }

    static func json(
        games: [String], items: [String], days: Int = 1, start: String = "2026-03-06", zone: String = "America/Chicago",
        name: String = "Test trip", extra: String = ""
    ) -> String {
        #"""
        {"format": "itinerary/v1", \#
        "trip": {"id": "trip-1", "name": "\#(name)", "startDate": "\#(start)", "dayCount": \#(days), \#
        "timeZone": "\#(zone)"}, \#
        "games": [\#(games.joined(separator: ","))], "items": [\#(items.joined(separator: ","))]\#(extra)}
        """#
    }

    // MARK: What the parsers must find

    /// Each event as the checker expects it, worked out here from the model
    /// with Foundation's calendar (not the exporter's time zone code).
    static func expectedCalendar(_ trip: CheckedTrip) -> [String: Any] {
        let ordered = trip.ordered
        var events: [[String: Any]] = []
        for day in ordered.days {
            for entry in day.entries {
                let item = entry.item
                var event: [String: Any] = ["uid": item.id + "." + ordered.trip.id + "@itinerary"]
                if let game = entry.game {
                    let minutes = game.expectedMinutes
                    event["summary"] = game.matchup
                    event["kind"] = "timed"
                    event["tzid"] = game.timeZone.identifier
                    event["startUTC"] = game.start.isoUTC
                    event["endUTC"] = Instant(seconds: game.start.seconds + Int64(minutes * 60)).isoUTC
                    event["transparent"] = false
                    event["location"] = game.stadium.name + ", " + game.stadium.city
                    event["geo"] = [game.stadium.latitude, game.stadium.longitude]
                    event["descriptionContains"] = [game.away.name, game.home.name]
                } else if let travel = item.travel {
                    event["summary"] =
                        TravelRow(item, travel, units: ordered.trip.units ?? .imperial, formats: .english).line
                    event["kind"] = "allday"
                    event["date"] = day.date.description
                    event["endDate"] = day.date.adding(days: 1).description
                    event["transparent"] = true
                    event["location"] = NSNull()
                    event["geo"] = NSNull()
                    event["descriptionContains"] = []
                } else if let custom = item.custom {
                    let name = custom.category.rawValue.prefix(1).uppercased() + custom.category.rawValue.dropFirst()
                    event["summary"] = name + ": " + custom.title
                    if let time = custom.time {
                        let start = utc(
                            day.date, minutes: time.minutesSinceMidnight, zone: ordered.trip.timeZone.identifier)
                        event["kind"] = "timed"
                        event["tzid"] = ordered.trip.timeZone.identifier
                        event["startUTC"] = Instant(seconds: start).isoUTC
                        event["endUTC"] = Instant(seconds: start + 3_600).isoUTC
                        event["transparent"] = false
                    } else {
                        event["kind"] = "allday"
                        event["date"] = day.date.description
                        event["endDate"] = day.date.adding(days: 1).description
                        event["transparent"] = true
                    }
                    event["location"] = custom.location?.address.map { $0 as Any } ?? NSNull()
                    event["geo"] = custom.location.map { [$0.latitude, $0.longitude] as Any } ?? NSNull()
                    event["descriptionContains"] = [item.notes, item.confirmation].compactMap { $0 }
                }
                events.append(event)
            }
        }
        for index in events.indices {
            for key in ["summary", "location"] {
                if let text = events[index][key] as? String { events[index][key] = oneLine(text) }
            }
            if let parts = events[index]["descriptionContains"] as? [String] {
                events[index]["descriptionContains"] = parts.map(multiLine)
            }
        }
        return ["calname": oneLine(ordered.trip.name), "events": events]
    }

    /// A one-line property's text as a calendar shows it: line breaks and control characters as spaces.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.replacingOccurrences(of: "\r\n", with: " ").unicodeScalars.map { scalar in
                    scalar.value < 0x20 || scalar.value == 0x7F || [0x85, 0x2028, 0x2029].contains(scalar.value)
                        ? " " : scalar
                }))
    }

    /// A description's text as a calendar shows it: line breaks kept (one for CRLF), control characters as spaces.
    static func multiLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.map { scalar in
                    scalar == "\n"
                        ? scalar
                        : (scalar == "\r" || [0x85, 0x2028, 0x2029].contains(scalar.value)
                            ? "\n"
                            : (scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar))
                }))
    }

    /// Seconds since 1970 of a wall-clock time in a zone, by Foundation.
    static func utc(_ date: CivilDate, minutes: Int, zone: String) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: minutes / 60, minute: minutes % 60)
        return Int64(calendar.date(from: components)!.timeIntervalSince1970)
    }

    static func expectedGPX(_ trip: CheckedTrip) -> [String: Any] {
        let ordered = trip.ordered
        // XML 1.0 cannot hold most control characters: the file leaves them out.
        func xml(_ text: String) -> String {
            String(
                String.UnicodeScalarView(
                    text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }))
        }
        func point(_ stop: RouteStop) -> [String: Any] {
            ["name": xml(stop.name), "lat": stop.latitude, "lon": stop.longitude]
        }
        let waypoints = ordered.days.flatMap(\.route).map { stop -> [String: Any] in
            var waypoint = point(stop)
            waypoint["sym"] = symbol(ordered.entries.first { $0.item.id == stop.itemID })
            waypoint["descContains"] = ["Day \(stop.day)"]
            return waypoint
        }
        let routes = ordered.days.filter { !$0.route.isEmpty }.map { day -> [String: Any] in
            ["name": "Day \(day.number) · " + longDate(day.date), "points": day.route.map(point)]
        }
        return ["name": xml(ordered.trip.name), "waypoints": waypoints, "routes": routes]
    }

    static func symbol(_ entry: Entry?) -> String {
        if entry?.game != nil { return "Stadium" }
        return ["restaurant": "Restaurant", "hotel": "Lodging", "activity": "Scenic Area"][
            entry?.item.custom?.category.rawValue ?? ""] ?? "Flag, Blue"
    }

    static func longDate(_ date: CivilDate) -> String {
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(weekdays[date.weekday]), \(months[date.month - 1]) \(date.day)"
    }

    // MARK: Running a checker

    static func check(_ script: String, file: [UInt8], ext: String, expected: [String: Any]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("trip.\(ext)"),
            expectation = folder.appendingPathComponent("expected.json")
        try Data(file).write(to: output)
        try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys]).write(to: expectation)
        var environment: [String: String] = [:]
        let xsd = Fixtures.packageRoot.appendingPathComponent(".build-deps/gpx.xsd").path
        if FileManager.default.fileExists(atPath: xsd) { environment["GPX_XSD"] = xsd }
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", scripts.appendingPathComponent(script).path, output.path, expectation.path],
            environment: environment)
        #expect(result.status == 0, "\(script): \(result.stdout)\(result.stderr)")
        if ext == "gpx" {
            #expect(environment["GPX_XSD"] != nil, "the GPX 1.1 schema is missing: run make setup")
        }
    }
}
