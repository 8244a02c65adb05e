import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// Day sheets: a page (or more) per day, a large header and the day's own route.
@Suite struct DaySheetTests {
    @Test(arguments: [PageSize.letter, .a4])
    func onePagePerDay(_ size: PageSize) throws {
        let trip = try Trips.sample()
        let (document, _) = layout(trip, .daySheets, size)
        #expect(document.pages.count == trip.days.count)
        for (page, day) in zip(document.pages, trip.days) {
            #expect(page.texts(.dayHeader).map(\.text) == [day.header])
            let kicker = try #require(page.texts(.tripName).first)
            #expect(kicker.text == "SPRING SWING 2026")
            #expect(kicker.frame.maxY <= page.texts(.dayHeader)[0].frame.y)
        }
    }

    @Test func theHeaderIsLargerThanTheBooks() throws {
        let trip = try Trips.sample()
        let book = layout(trip, .book).document.texts(.dayHeader)
        let sheets = layout(trip, .daySheets).document.texts(.dayHeader)
        let bookSize = try #require(book.first?.box.style.size)
        #expect(sheets.allSatisfy { $0.box.style.size > bookSize * 1.3 })
    }

    @Test func eachSheetHasASmallRouteOfItsDay() throws {
        let trip = try Trips.sample()
        let book = try #require(layout(trip).document.page(1).rects(.route).first)
        let (document, _) = layout(trip, .daySheets)
        for (page, day) in zip(document.pages, trip.days) {
            let stops = day.route
            guard let frame = RoutePanelTests.routeFrame(page) else {
                #expect(stops.isEmpty, "day \(day.number) has stops but no diagram")
                continue
            }
            #expect(frame.height < book.frame.height)
            let route = page.route(in: frame)
            #expect(route.markers.flatMap(\.numbers).sorted() == Array(1...stops.count), "day \(day.number)")
            #expect(
                page.texts(.routeCaption).map(\.text) == [
                    "TODAY'S STOPS · \(stops.count) \(stops.count == 1 ? "STOP" : "STOPS")"
                ])
            // The diagram sits between the header and the first row.
            let header = page.texts(.dayHeader)[0]
            let firstRow =
                page.texts.filter { [Role.matchup, .travel, .title, .rest].contains($0.role) }.map(\.frame.y).min()
                ?? .infinity
            #expect(header.frame.maxY <= frame.y && frame.maxY <= firstRow)
        }
    }

    /// A theme with a footer line moves the trip's name into a running header, but
    /// only in the book: every day sheet names the trip above its day already.
    @Test func aThemedSheetNamesItsTripOnce() throws {
        let trip = try Trips.sample()
        let look = Look(palette: .builtIn, footer: "Northwind Trips", logo: nil)
        func pages(_ style: DocumentStyle) -> [Page] {
            DocumentLayout(pageSize: .letter, style: style, measurer: FixedWidthMeasurer(), map: .none, look: look)
                .layout(trip).pages
        }
        for page in pages(.daySheets) {
            #expect(page.texts(.headerTrip).isEmpty, "page \(page.number)")
            #expect(page.texts(.tripName).count == 1, "page \(page.number)")
        }
        let book = pages(.book)
        #expect(book.count > 1)
        for page in book.dropFirst() {
            #expect(page.texts(.headerTrip).map(\.text) == ["Spring Swing 2026"], "page \(page.number)")
        }
    }

    @Test func aContinuedSheetKeepsTheTripName() throws {
        let (document, _) = layout(try PaginationTests.sampleWithLongDay3(), .daySheets)
        let continued = document.pages.filter { $0.texts(.dayHeader).first?.text.hasSuffix("(continued)") == true }
        #expect(!continued.isEmpty)
        for page in continued {
            #expect(page.texts(.tripName).map(\.text) == ["SPRING SWING 2026"])
            #expect(page.rects(.route).isEmpty, "the day's route is drawn once, on its first sheet")
        }
    }
}

/// A first item as tall as the layout allows (its notes cut to fit a page) after the header and the route.
@Suite struct DaySheetTallFirstItemTests {
    static func trip() throws -> PresentedTrip {
        var trip = TripJSON(days: 1)
        trip.custom(day: 1, title: "Packing list", notes: String(repeating: "socks\n", count: 300), at: (41.9, -87.6))
        trip.custom(day: 1, title: "Dinner", at: (41.95, -87.65))
        return try trip.presented()
    }

    @Test func theFirstRowIsOnTheSheetThatHasTheHeader() throws {
        let (document, _) = layout(try Self.trip(), .daySheets)
        let header = try #require(document.texts(.dayHeader).first { !$0.text.hasSuffix("(continued)") })
        let firstRow = try #require(document.texts(.title).first)
        #expect(
            firstRow.page == header.page, "the header's sheet has no row; the first row is on page \(firstRow.page)")
    }

    @Test func theDaysMapFollowsTheRowsWhenItCannotSitAboveThem() throws {
        let (document, _) = layout(try Self.trip(), .daySheets)
        let firstRow = try #require(document.texts(.title).first)
        let caption = try #require(document.texts(.routeCaption).first)
        #expect(
            caption.page > firstRow.page
                || (caption.page == firstRow.page && caption.box.frame.y > firstRow.box.frame.y))
    }
}

/// A sport name too long for its badge is shortened, so nothing leaves the card.
@Suite struct LongSportBadgeTests {
    @Test func theBadgeTextStaysInTheCard() throws {
        var json = TripJSON(days: 1)
        json.game(day: 1, away: "AAA", home: "BBB", city: "Chicago", at: (41.9, -87.6))
        let text = json.json.replacingOccurrences(
            of: "\"sport\": \"NBA\"", with: "\"sport\": \"INTERNATIONALCHAMPIONSHIP\"")
        #expect(text.contains("INTERNATIONALCHAMPIONSHIP"))
        let trip = PresentedTrip(try Fixtures.read(text))
        let (document, content) = layout(trip, .book)
        let page = try #require(document.pages.first)
        let card = try #require(page.rects(.gameCard).first)
        let sport = try #require(page.texts(.sport).first)
        #expect(card.frame.contains(sport.frame), "\(sport.frame) in \(card.frame)")
        #expect(content.contains(sport.frame))
        #expect(sport.text.hasSuffix("…"))
    }
}

/// Notes too long for a page are shortened to what fits, not much less.
@Suite struct LongNotesTests {
    @Test func notesFillThePageBeforeTheyAreShortened() throws {
        var json = TripJSON(days: 1)
        json.custom(day: 1, title: "Packing list", notes: String(repeating: "socks\n", count: 300))
        let (document, content) = layout(try json.presented(), .book)
        let notes = try #require(document.pages.lazy.flatMap { $0.texts(.notes) }.first)
        #expect(notes.text.hasSuffix("…"))
        #expect(notes.frame.height > content.height * 0.5, "\(notes.frame.height) of \(content.height)")
        #expect(content.contains(notes.frame))
    }
}
