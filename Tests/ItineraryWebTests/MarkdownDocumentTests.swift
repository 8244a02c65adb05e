import Foundation
import ItineraryPresentation
import Testing
import TestSupport
@testable import ItineraryWeb

@Suite struct MarkdownDocumentTests {
    @Test func sampleTrip() throws {
        expectSnapshot(WebDocument.markdown(try Trips.sample()), pathExtension: "md")
    }

    @Test func hasTheStructure() throws {
        let outline = try Outline.markdown(WebDocument.markdown(try Trips.withRestDay()))
        #expect(outline.headings.first?.level == "h1")
        #expect(outline.headings.first?.text == "Spring Swing 2026")
        #expect(
            outline.sections.first?.paragraphs == [
                "Fri, Mar 6\u{2009}–\u{2009}Wed, Mar 11, 2026 · 6 days · 4 games · 3 cities · 755 mi"
            ])
        let route = try #require(outline.sections.first { $0.heading == "Route" })
        #expect(
            route.items.map { $0.lines.joined(separator: " ") } == [
                "Check in: The Hoxton, Chicago · Day 1 · Start", "Wrigley Field · Chicago · Day 1",
                "Deep dish at Lou Malnati's · Day 1", "Little Caesars Arena · Detroit · Day 2",
                "Fiserv Forum · Milwaukee · Day 3",
                "Post-game dinner · Day 3", "Harley-Davidson Museum · Day 4",
                "United Center · Chicago · Day 5 · End",
            ])
        let days = outline.sections.filter { $0.level == "h2" && $0.heading?.hasPrefix("Day ") == true }
        #expect(
            days.map(\.heading) == [
                "Day 1 · Friday, March 6", "Day 2 · Saturday, March 7", "Day 3 · Sunday, March 8",
                "Day 4 · Monday, March 9", "Day 5 · Tuesday, March 10", "Day 6 · Wednesday, March 11",
            ])
        #expect(days.last?.items.isEmpty == true)
        #expect(days.last?.paragraphs == ["No items yet"])
        // One ordered list per day with items, plus the route; nothing nested deeper.
        #expect(outline.blocks.filter { $0 == "ordered_list_open:ol" }.count == 6)
        #expect(outline.blocks.filter { $0 == "bullet_list_open:ul" }.isEmpty)
        #expect(outline.sections.flatMap(\.items).allSatisfy { $0.depth == 1 })
    }

    @Test func rowsReadAsSpecified() throws {
        let outline = try Outline.markdown(WebDocument.markdown(try Trips.sample()))
        let days = outline.sections.filter { $0.heading?.hasPrefix("Day ") == true }
        let dayTwo = days[1].items
        #expect(dayTwo[0].lines == ["🚗 Chicago → Detroit · 283 mi · 4 hr, 30 min"])
        #expect(dayTwo[0].strong == ["Chicago → Detroit"])
        #expect(dayTwo[1].lines.first == "🏟️ BOS @ DET · 7:00\u{202F}PM EST")
        #expect(dayTwo[1].strong == ["BOS @ DET"])
        #expect(
            dayTwo[1].lines.dropFirst().first
                == "Boston Bruins at Detroit Red Wings · Little Caesars Arena · Detroit · NHL")
        let hotel = days[0].items[0]
        #expect(
            hotel.lines == [
                "🏨 11:00\u{202F}AM · Check in: The Hoxton, Chicago", "📍 200 N Green St, Chicago, IL",
                "🎫 Confirmation HX-48213",
            ])
        #expect(hotel.quote == ["Late checkout requested.", "Parking: garage on Lake St."])
        #expect(hotel.strong.isEmpty)
        let rental = days[4].items[0]
        #expect(rental.quote == ["Return the rental at O'Hare by 5 PM"])
    }

    @Test func readingOrderEqualsShow() throws {
        let show = try runItinerary(["show", Fixtures.sampleURL.path])
        #expect(show.status == 0)
        let expected = ShowOutput(show.stdout)
        let outline = try Outline.markdown(WebDocument.markdown(try Trips.sample()))
        let days = outline.sections.filter { $0.level == "h2" && $0.heading?.hasPrefix("Day ") == true }
        #expect(days.map(\.heading) == expected.days.map(\.header))
        let trip = try Trips.sample()
        for ((day, shown), presented) in zip(zip(days, expected.days), trip.days) {
            #expect(day.items.count == shown.lines.count, "\(shown.header)")
            for ((item, line), row) in zip(zip(day.items, shown.lines), presented.rows) {
                let first = try #require(item.lines.first)
                #expect(
                    first.contains(row.title) && line.contains(row.title),
                    "\(shown.header): show says \(line), Markdown \(first)")
            }
        }
    }

    @Test func readsAsPlainText() throws {
        let text = WebDocument.markdown(try Trips.sample())
        // Escapes are there only where Markdown needs them: this sample needs none.
        #expect(!text.contains("\\"))
        #expect(!text.contains("<"))
        #expect(!text.contains("&"))
        #expect(
            text.hasPrefix(
                "# Spring Swing 2026\n\nFri, Mar 6\u{2009}–\u{2009}Tue, Mar 10, 2026 · "
                    + "5 days · 4 games · 3 cities · 755 mi\n"))
        #expect(text.contains("\n1. 🚗 **Chicago → Detroit** · 283 mi · 4 hr, 30 min"))
        #expect(!text.contains("\n\n\n"))
    }
}
