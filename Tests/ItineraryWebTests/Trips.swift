import Foundation
import ItineraryModel
import ItineraryPresentation
import TestSupport

/// The trips these tests render.
enum Trips {
    static func sample() throws -> PresentedTrip {
        PresentedTrip(try Fixtures.sample())
    }

    /// The sample with a sixth day that has nothing planned.
    static func withRestDay() throws -> PresentedTrip {
        let json = String(decoding: Fixtures.sampleBytes, as: UTF8.self).replacingOccurrences(
            of: "\"dayCount\": 5", with: "\"dayCount\": 6")
        return PresentedTrip(try Fixtures.read(json))
    }

    /// A valid trip in which every string a person typed is `text` (cities
    /// get a suffix so the two differ; the travel between them obeys the rules).
    static func everyString(_ text: String) throws -> PresentedTrip {
        let json = everyStringJSON(text)
        return PresentedTrip(try Fixtures.read(json))
    }

    static func everyStringJSON(_ text: String) -> String {
        let cityA = TripJSON.quoted(text), cityB = TripJSON.quoted(text + " B")
        let value = TripJSON.quoted(text), confirmation = TripJSON.quoted(limited(text, 100))
        return """
            {
              "format": "itinerary/v1",
              "trip": { "id": \(value), "name": \(value), "startDate": "2026-03-06", "dayCount": 3, \
            "timeZone": "America/Chicago" },
              "games": [
                { "id": "g1", "sport": \(TripJSON.quoted(limited(text, 40))),
                  "away": { "abbr": "AAA", "name": \(value) }, "home": { "abbr": "BBB", "name": \(value) },
                  "start": "2026-03-06T19:00:00-06:00", "timeZone": "America/Chicago",
                  "stadium": { "name": \(value), "city": \(cityA), "latitude": 41.9, "longitude": -87.6 } },
                { "id": "g2", "sport": "NBA",
                  "away": { "abbr": "CCC", "name": \(value) }, "home": { "abbr": "DDD", "name": \(value) },
                  "start": "2026-03-07T19:00:00-05:00", "timeZone": "America/Detroit",
                  "stadium": { "name": \(value), "city": \(cityB), "latitude": 42.3, "longitude": -83.0 } }
              ],
              "items": [
                { "id": "c1", "day": 1, "sortOrder": 10, "kind": "custom", "category": "note", "title": \(value),
                  "notes": \(value), "confirmation": \(confirmation),
                  "location": { "latitude": 41.88, "longitude": -87.63, "address": \(value) } },
                { "id": "g-1", "day": 1, "sortOrder": 100, "kind": "game", "gameId": "g1" },
                { "id": "t1", "day": 2, "sortOrder": 10, "kind": "travel", "fromCity": \(cityA), "toCity": \(cityB),
                  "distanceMiles": 283, "durationMinutes": 270, "notes": \(value), "confirmation": \(confirmation) },
                { "id": "g-2", "day": 2, "sortOrder": 100, "kind": "game", "gameId": "g2" },
                { "id": \(TripJSON.quoted("id " + text)), "day": 2, "sortOrder": 200, \
            "kind": "custom", "category": "restaurant",
                  "title": \(value), "time": "19:30" }
              ]
            }
            """
    }

    /// The first code points of a text, as the format counts lengths.
    static func limited(_ text: String, _ count: Int) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(count)))
    }

    /// The strings people have used to break pages and documents.
    static let hostile: [String] = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "' onmouseover='alert(1)' x='",
        "javascript:alert(document.cookie)",
        "{{name}} {{{name}}} {{#days}}x{{/days}} {{>trip}}",
        "<a href=\"javascript:alert(1)\">click</a>",
        "*star* _under_ **strong** __strong__",
        "# Heading",
        "## Day 9 · Not a day",
        "[link](javascript:alert(1)) ![image](x.png) [ref]",
        "| a | b |\n|---|---|\n| c | d |",
        "`code` and ```fence```",
        "1. first\n2. second",
        "- bullet\n+ plus\n* star",
        "> quoted\n>> deeper",
        "<b>bold</b> <!-- comment --> <div>block</div>",
        "&amp; &#60; &lt;tag&gt; &copy;",
        "line one\nline two\r\nline three\n\n    indented code?",
        "back\\slash\\ and \\*escaped\\*",
        "trailing spaces  \nnext line",
        "Title\n===",
        "<https://example.com/autolink> <mailto:x@example.com>",
        "~~strike~~ ~sub~",
        "[^1] footnote and [ ] task",
    ]
}
