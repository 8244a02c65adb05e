import Foundation
import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// What the trip book shows of the sample trip, and where.
@Suite struct TripBookTests {
    let trip: PresentedTrip
    let document: LaidOutDocument

    init() throws {
        trip = try Trips.sample()
        document = layout(trip).document
    }

    func only(_ role: Role, _ text: String) throws -> PlacedText {
        let found = document.texts(role).filter { $0.text == text }
        try #require(found.count == 1, "\(found.count) texts \"\(text)\" as \(role.rawValue)")
        return found[0]
    }

    @Test func titleBlockOpensThePage() throws {
        let name = try only(.tripName, "Spring Swing 2026")
        let dates = try only(.dateRange, "Fri, Mar 6\u{2009}–\u{2009}Tue, Mar 10, 2026")
        let summary = try only(.summary, trip.summary)
        #expect(trip.summary.hasPrefix("5 days · 4 games"))
        #expect([name.page, dates.page, summary.page] == [Int](repeating: 1, count: 3))
        #expect(name.frame.maxY <= dates.frame.y && dates.frame.maxY <= summary.frame.y)
        let route = try #require(document.page(1).rects(.route).first)
        let day1 = try only(.dayHeader, "Day 1 · Friday, March 6")
        #expect(summary.frame.maxY < route.frame.y && route.frame.maxY < day1.frame.y && day1.page == 1)
        #expect(document.texts.first?.text == "Spring Swing 2026")
    }

    @Test func everyDayInOrderWithItsHeader() throws {
        let headers = document.texts(.dayHeader).filter { !$0.text.hasSuffix("(continued)") }.map(\.text)
        #expect(
            headers == [
                "Day 1 · Friday, March 6", "Day 2 · Saturday, March 7", "Day 3 · Sunday, March 8",
                "Day 4 · Monday, March 9", "Day 5 · Tuesday, March 10",
            ])
        let pages = document.texts(.dayHeader).map(\.page)
        #expect(pages == pages.sorted())
    }

    @Test func aGameCard() throws {
        let matchup = try only(.matchup, "LAD @ CHC")
        let page = document.page(matchup.page)
        let card = try #require(page.rects(.gameCard).first { $0.frame.contains(matchup.frame) })
        let inCard = page.texts.filter { card.frame.contains($0.frame) }
        let byRole = Dictionary(inCard.map { ($0.role, $0.text) }, uniquingKeysWith: { first, _ in first })
        #expect(byRole[.teams] == "Los Angeles Dodgers at Chicago Cubs")
        #expect(byRole[.venue] == "Wrigley Field · Chicago")
        #expect(byRole[.time] == "1:20\u{202F}PM CST")
        #expect(byRole[.sport] == "MLB")
        // The time is set right, across from the matchup.
        let time = try #require(inCard.first { $0.role == .time })
        #expect(time.frame.x > matchup.frame.maxX && abs(time.frame.y - matchup.frame.y) < 4)
        #expect(page.rects(.sportBadge).contains { card.frame.contains($0.frame) })
    }

    @Test func aTravelRowShowsItsMode() throws {
        let line = try only(.travel, "Chicago → Detroit · 283 mi · 4 hr, 30 min")
        let page = document.page(line.page)
        let row = try #require(page.rects(.travelRow).first { $0.frame.contains(line.frame) })
        #expect(page.texts(.mode).contains { $0.text == "DRIVE" && row.frame.contains($0.frame) })
        let symbols = page.boxes.compactMap { box -> SymbolBox? in if case .symbol(let s) = box { s } else { nil } }
        #expect(symbols.contains { $0.symbol == .mode(.drive) && row.frame.contains($0.frame) })
    }

    @Test func aCustomRowShowsItsDetails() throws {
        let title = try only(.title, "Check in: The Hoxton, Chicago")
        let page = document.page(title.page)
        let below = page.texts.filter { $0.frame.y >= title.frame.y - 1 && $0.frame.y < title.frame.y + 80 }
        #expect(below.contains { $0.role == .time && $0.text == "11:00\u{202F}AM" })
        #expect(below.contains { $0.role == .address && $0.text == "200 N Green St, Chicago, IL" })
        #expect(below.contains { $0.role == .confirmation && $0.text == "Confirmation HX-48213" })
        #expect(
            below.contains { $0.role == .notes && $0.text == "Late checkout requested.\nParking: garage on Lake St." })
        let symbols = page.boxes.compactMap { box -> SymbolBox? in if case .symbol(let s) = box { s } else { nil } }
        #expect(
            symbols.contains {
                $0.symbol == .category(.hotel) && abs($0.frame.y - title.frame.y) < 4 && $0.frame.maxX <= title.frame.x
            })
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func aRestDaySaysSo(_ style: DocumentStyle) throws {
        let json = String(decoding: Fixtures.sampleBytes, as: UTF8.self).replacingOccurrences(
            of: "\"dayCount\": 5", with: "\"dayCount\": 6")
        let (document, _) = layout(PresentedTrip(try Fixtures.read(json)), style)
        let rest = document.texts(.rest)
        #expect(rest.map(\.text) == ["No items yet"])
        let header = try #require(document.texts(.dayHeader).last)
        #expect(header.text == "Day 6 · Wednesday, March 11")
        #expect(rest.first?.page == header.page && header.frame.maxY <= rest[0].frame.y)
        #expect(document.page(header.page).rects(.rest).first?.dashed == true)
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func everyPageHasAFooter(_ style: DocumentStyle) throws {
        let (document, _) = layout(try Trips.long(), style)
        #expect(document.pages.count > 2)
        for page in document.pages {
            #expect(page.texts(.footerTrip).map(\.text) == ["Long Haul"])
            #expect(page.texts(.footerPage).map(\.text) == ["Page \(page.number) of \(document.pages.count)"])
        }
        #expect(document.pages.map(\.number) == Array(1...document.pages.count))
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func oneBookmarkPerDay(_ style: DocumentStyle) throws {
        let trip = try PaginationTests.sampleWithLongDay3()
        let (document, _) = layout(trip, style)
        let bookmarks = document.pages.flatMap { page in page.bookmarks.map { (page: page.number, bookmark: $0) } }
        let bookings = style == .book && !trip.bookings.isEmpty ? [trip.bookingLabels.title] : []
        #expect(bookmarks.map(\.bookmark.title) == trip.days.map(\.header) + bookings)
        for (page, bookmark) in bookmarks {
            let header = try #require(
                (document.texts(.dayHeader) + document.texts(.partHeader)).first { $0.text == bookmark.title })
            #expect(header.page == page)
            #expect(
                bookmark.y <= header.frame.y + 0.001 && header.frame.y - bookmark.y < 30,
                "\(bookmark.title) points at its header")
        }
    }
}
