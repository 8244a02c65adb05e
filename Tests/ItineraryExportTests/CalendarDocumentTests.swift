import Foundation
import Testing
@testable import ItineraryExport
import ItineraryKit
import ItineraryModel
import TestSupport

@Suite struct ICalendarTextTests {
    @Test func textIsEscaped() {
        #expect(ICalendarText.escape("a\\b;c,d\ne\r\nf") == "a\\\\b\\;c\\,d\\ne\\nf")
        #expect(ICalendarText.escape("tab\there\u{1}") == "tab here ")
        #expect(ICalendarText.escape("a\u{85}b\u{2028}c\u{2029}d\r\re\u{7F}") == "a\\nb\\nc\\nd\\n\\ne ")
        // Characters that share a first byte with NEL, LS and PS are text.
        #expect(
            ICalendarText.escape("Chicago → Detroit · 283 mi, \u{80}\u{2027}\u{202A}é")
                == "Chicago → Detroit · 283 mi\\, \u{80}\u{2027}\u{202A}é")
        #expect(ICalendarText.escape("ends with \r") == "ends with \\n")
        #expect(ICalendarText.escape("") == "")
    }

    @Test func oneLineTextHasSpacesForLineBreaks() {
        #expect(ICalendarText.escapeLine("x\r\ny\nz\u{2028}w\u{85}v, u;\\") == "x y z w v\\, u\\;\\\\")
        #expect(ICalendarText.escapeLine("Chicago → Detroit · 283 mi") == "Chicago → Detroit · 283 mi")
    }

    @Test func linesFoldAt75OctetsWithoutSplittingACharacter() {
        let line = "SUMMARY:" + String(repeating: "é🇯🇵x", count: 40)
        let folded = ICalendarText.folded(line)
        #expect(folded.suffix(2) == [0x0D, 0x0A])
        // Physical lines, split at CRLF on the bytes (a Character would join CR and LF, and flags).
        var physical: [[UInt8]] = [[]]
        var index = 0
        while index < folded.count - 2 {
            if folded[index] == 0x0D, folded[index + 1] == 0x0A {
                physical.append([])
                index += 2
            } else {
                physical[physical.count - 1].append(folded[index])
                index += 1
            }
        }
        #expect(physical.count > 1)
        for (number, part) in physical.enumerated() {
            #expect(part.count <= 75)
            #expect(String(validating: part, as: UTF8.self) != nil, "line \(number) splits a character")
            if number > 0 { #expect(part.first == 0x20) }
        }
        // Unfolding gives the line back.
        let unfolded = physical.enumerated().flatMap { $0.offset == 0 ? $0.element : Array($0.element.dropFirst()) }
        #expect(String(decoding: unfolded, as: UTF8.self) == line)
    }

    @Test func offsets() {
        #expect(ICalendarText.offset(-18_000) == "-0500")
        #expect(ICalendarText.offset(19_800) == "+0530")
        #expect(ICalendarText.offset(0) == "+0000")
    }
}

@Suite struct TimeZoneComponentTests {
    @Test func chicagoHasItsYearlyRules() throws {
        let lines = TimeZoneComponent.lines(for: try #require(Zone(identifier: "America/Chicago")), years: 2026...2026)
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
        #expect(lines.contains("TZNAME:CDT"))
        #expect(lines.contains("DTSTART:20250309T020000"))
    }

    @Test func europeEndsOnTheLastSunday() throws {
        let lines = TimeZoneComponent.lines(for: try #require(Zone(identifier: "Europe/Berlin")), years: 2026...2027)
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"))
        #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"))
    }

    @Test func aZoneWithoutDaylightTimeHasOneObservance() throws {
        let lines = TimeZoneComponent.lines(for: try #require(Zone(identifier: "America/Phoenix")), years: 2026...2026)
        #expect(lines.filter { $0.hasPrefix("BEGIN:STANDARD") }.count == 1)
        #expect(!lines.contains { $0.hasPrefix("BEGIN:DAYLIGHT") })
        #expect(lines.contains("TZOFFSETTO:-0700"))
    }
}

/// A calendar that stays current: the same trip gives the same bytes (its stamps come
/// from the file, never the clock), each event says when it changed, and a feed says
/// where it lives and how often to look again.
@Suite struct CalendarFeedTests {
    @Test func theSameTripGivesTheSameBytesWithoutSourceDateEpoch() throws {
        let first = try CheckedTrip.sample.render(.ics)[0]
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try CheckedTrip.sample.render(.ics)[0] == first)
        let text = String(decoding: first, as: UTF8.self)
        // The sample's latest stamp is the post-game dinner's modifiedAt.
        #expect(text.contains("DTSTAMP:20260117T110116Z\r\n"))
        #expect(!text.contains("DTSTAMP:2026112"))
        #expect(CheckedTrip.sample.lastModified == Date(timeIntervalSince1970: 1_768_647_676))
    }

    @Test func eachEventSaysWhenItsItemChanged() throws {
        let text = String(decoding: try CheckedTrip.sample.render(.ics)[0], as: UTF8.self)
        let dinner = text.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("UID:i-dinner3.") } ?? ""
        #expect(dinner.contains("LAST-MODIFIED:20260117T110116Z\r\n"))
        // An item without modifiedAt has no LAST-MODIFIED: nothing says when it changed.
        let game = text.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("UID:i-g1.") } ?? ""
        #expect(!game.contains("LAST-MODIFIED"))
    }

    @Test func aFeedNamesItselfAndItsRefreshInterval() throws {
        var options = RenderOptions()
        let file = String(decoding: try CheckedTrip.sample.render(.ics, options: options)[0], as: UTF8.self)
        #expect(file.contains("\r\nNAME:Spring Swing 2026\r\nX-WR-CALNAME:Spring Swing 2026\r\n"))
        #expect(!file.contains("REFRESH-INTERVAL") && !file.contains("SOURCE"))
        options.calendarFeed = (url: "https://example.com/v1/feeds/abc.ics", refreshSeconds: 5_400)
        let feed = String(decoding: try CheckedTrip.sample.render(.ics, options: options)[0], as: UTF8.self)
        #expect(feed.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H30M\r\nX-PUBLISHED-TTL:PT1H30M\r\n"))
        #expect(feed.contains("\r\nSOURCE;VALUE=URI:https://example.com/v1/feeds/abc.ics\r\n"))
    }

    @Test func durations() {
        #expect(ICalendarText.duration(seconds: 900) == "PT15M")
        #expect(ICalendarText.duration(seconds: 3_600) == "PT1H")
        #expect(ICalendarText.duration(seconds: 86_400) == "P1D")
        #expect(ICalendarText.duration(seconds: 90) == "PT1M30S")
        #expect(ICalendarText.duration(seconds: 0) == "PT0S")
    }

    @Test func tombstonedItemsAreAbsent() throws {
        let text = String(
            decoding: try ExportReadBackTests.trip("hostile").render(.ics)[0], as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR"))
        let json = ExportReadBackTests.json(
            games: [],
            items: [
                #"{"id": "n1", "day": 1, "kind": "custom", "category": "note", "title": "Kept"}"#
            ],
            extra: #", "removed": [{"id": "n2", "removedAt": "2026-02-01T10:00:00Z"}]"#)
        let trip = try CheckedTrip(bytes: Array(json.utf8))
        let calendar = String(decoding: try trip.render(.ics)[0], as: UTF8.self)
        #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(!calendar.contains("UID:n2."))
        // A tombstone's removedAt is the trip's latest change.
        #expect(calendar.contains("DTSTAMP:20260201T100000Z"))
    }
}
