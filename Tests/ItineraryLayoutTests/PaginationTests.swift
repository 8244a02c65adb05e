import Foundation
import ItineraryLayout
import ItineraryPresentation
import Testing
import TestSupport

/// Pagination as data: where blocks land, measured by the fixed-width measurer.
@Suite struct PaginationTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case sample, long, longText, longSampleDay
        var testDescription: String { rawValue }

        func trip() throws -> PresentedTrip {
            switch self {
            case .sample: try Trips.sample()
            case .long: try Trips.long()
            case .longText: try Trips.longText()
            case .longSampleDay: try PaginationTests.sampleWithLongDay3()
            }
        }
    }

    static let layouts: [(DocumentStyle, PageSize)] = [
        (.book, .letter), (.book, .a4), (.daySheets, .letter), (.daySheets, .a4),
    ]

    /// The sample with twenty-five more dinners on day 3, so day 3 runs over a page.
    static func sampleWithLongDay3() throws -> PresentedTrip {
        let extra = (1...25).map { index in
            """
            { "id": "extra-\(index)", "day": 3, "sortOrder": \(200 + index), "kind": "custom", "category": "restaurant",
              "title": "Extra stop \(index)", \
            "notes": "Reservation under Swing; ask for the corner table by the window." },
            """
        }.joined(separator: "\n")
        let json = String(decoding: Fixtures.sampleBytes, as: UTF8.self).replacingOccurrences(
            of: "\"items\": [", with: "\"items\": [\n" + extra)
        return PresentedTrip(try Fixtures.read(json))
    }

    @Test(arguments: Case.allCases, layouts.indices)
    func nothingLeavesTheContentBox(_ trip: Case, _ layoutIndex: Int) throws {
        let (style, size) = Self.layouts[layoutIndex]
        let (document, content) = layout(try trip.trip(), style, size)
        for page in document.pages {
            for box in page.content(below: content) {
                #expect(content.contains(box.frame), "page \(page.number): \(box) leaves \(content)")
            }
            let footer = page.texts.filter { Page.footerRoles.contains($0.role) }
            #expect(footer.count == 2, "page \(page.number)")
            for text in footer {
                #expect(text.frame.y >= content.maxY, "the footer sits below the content box")
                #expect(
                    text.frame.maxY <= document.pageHeight && text.frame.x >= 0 && text.frame.maxX <= document.pageWidth
                )
            }
        }
    }

    /// Each row's lines are on the page of its main line, below it and above the next row's,
    /// and a card's texts lie inside its card.
    @Test(arguments: Case.allCases, layouts.indices)
    func aCardIsNeverSplit(_ trip: Case, _ layoutIndex: Int) throws {
        let (style, size) = Self.layouts[layoutIndex]
        let presented = try trip.trip()
        let (document, _) = layout(presented, style, size)
        let rows = presented.days.flatMap(\.rows)
        let mains = try Self.mainTexts(rows, in: document)
        for (index, row) in rows.enumerated() {
            let main = mains[index]
            let page = document.page(main.page)
            let next =
                index + 1 < rows.count && mains[index + 1].page == main.page ? mains[index + 1].frame.y : .infinity
            let parts = Self.parts(of: row)
            for (role, text) in parts {
                let found = page.texts(role).filter {
                    $0.text == text
                        || (role == .notes && $0.text.hasSuffix("…") && text.hasPrefix($0.text.dropLast()))
                }
                .filter { $0.frame.y >= main.frame.y - 4 && $0.frame.y < next }
                #expect(
                    found.count == 1,
                    "\(row.itemID): \(role.rawValue) \"\(text.prefix(40))\" is not with its row on page \(main.page)")
            }
            if let cardRole = Self.cardRole(row) {
                let cards = page.rects(cardRole).filter { $0.frame.contains(main.frame) }
                #expect(cards.count == 1, "\(row.itemID): its \(cardRole.rawValue) is not around its main line")
                if let card = cards.first {
                    for text in page.texts where text.frame.y >= card.frame.y && text.frame.y < card.frame.maxY {
                        #expect(
                            card.frame.contains(text.frame),
                            "\(row.itemID): \(text.role.rawValue) \"\(text.text.prefix(30))\" sticks out of its card")
                    }
                }
            }
        }
    }

    @Test(arguments: Case.allCases, layouts.indices)
    func rowsFollowTheItineraryOrder(_ trip: Case, _ layoutIndex: Int) throws {
        let (style, size) = Self.layouts[layoutIndex]
        let presented = try trip.trip()
        let (document, _) = layout(presented, style, size)
        let expected = presented.days.flatMap { day in [day.header] + day.rows.map(\.mainText.text) }
        let roles: Set<Role> = [.dayHeader, .matchup, .travel, .title]
        let shown = document.texts.filter { roles.contains($0.box.role) && !$0.text.hasSuffix(" (continued)") }.map(
            \.text)
        #expect(shown == expected)
    }

    /// Day 1 grows one item at a time, so the header of day 2 meets the foot of the page in every way.
    @Test(arguments: [DocumentStyle.book, .daySheets])
    func aDayHeaderIsNeverLastOnAPage(_ style: DocumentStyle) throws {
        var pagesSeen = Set<Int>()
        for count in 1...45 {
            var trip = TripJSON(days: 3)
            for index in 1...count {
                trip.custom(
                    day: 1, title: "Item \(index)", time: "10:00",
                    notes: index % 3 == 0 ? "A note on two lines\nsecond line" : nil)
            }
            trip.game(day: 2, away: "AAA", home: "BBB", city: "Chicago", at: (41.9, -87.6))
            trip.custom(day: 2, title: "After the game", time: "22:00")
            let (document, content) = layout(try trip.presented(), style)
            pagesSeen.insert(document.pages.count)
            for page in document.pages {
                let items = page.content(below: content).filter { box in
                    if case .text(let text) = box { return [Role.matchup, .title, .rest, .travel].contains(text.role) }
                    return false
                }
                for header in page.texts(.dayHeader) {
                    #expect(
                        items.contains { $0.frame.y >= header.frame.maxY },
                        "\(count) items: \"\(header.text)\" ends page \(page.number)")
                }
            }
        }
        #expect(pagesSeen.count > 1, "the items should push day 2 onto a later page")
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func aDayThatContinuesRepeatsItsHeader(_ style: DocumentStyle) throws {
        let trip = try Self.sampleWithLongDay3()
        let (document, _) = layout(trip, style)
        let day3 = trip.days[2]
        let pages = Set(
            document.texts.filter { text in day3.rows.contains { $0.mainText.text == text.text } }.map(\.page)
        ).sorted()
        #expect(pages.count >= 2, "day 3 should run over a page")
        let continued = document.texts(.dayHeader).filter {
            $0.text.hasPrefix("Day 3 ") && $0.text.hasSuffix("(continued)")
        }
        #expect(
            continued.map(\.text) == Array(repeating: "Day 3 · Sunday, March 8 (continued)", count: pages.count - 1))
        #expect(continued.map(\.page) == Array(pages.dropFirst()))
        for text in continued {
            // The continued header comes before every row on its page.
            let page = document.page(text.page)
            let firstRow =
                page.texts.filter { [Role.matchup, .travel, .title].contains($0.role) }.map(\.frame.y).min()
                ?? .infinity
            #expect(text.frame.maxY <= firstRow)
        }
        // The page where the day starts has its plain header, and only one page does.
        let plain = document.texts(.dayHeader).filter { $0.text == day3.header }
        #expect(plain.map(\.page) == [pages[0]])
    }

    /// Every page a day's rows run onto after its first starts with that day's header, marked continued.
    @Test(arguments: Case.allCases, layouts.indices)
    func everyPageOfADayHasItsHeader(_ trip: Case, _ layoutIndex: Int) throws {
        let (style, size) = Self.layouts[layoutIndex]
        let presented = try trip.trip()
        let (document, _) = layout(presented, style, size)
        let rows = presented.days.flatMap { day in day.rows.map { (day, $0) } }
        let mains = try Self.mainTexts(rows.map(\.1), in: document)
        for day in presented.days {
            let pages = zip(rows, mains).filter { $0.0.0.number == day.number }.map(\.1.page)
            guard let first = pages.first else { continue }
            let headers = document.texts(.dayHeader)
            #expect(headers.filter { $0.text == day.header }.map(\.page) == [first])
            for page in Set(pages).subtracting([first]).sorted() {
                let top = try #require(
                    headers.first { $0.page == page }, "page \(page) of day \(day.number) has no header")
                #expect(top.text == day.header + " (continued)")
                let firstRow = mains.filter { $0.page == page }.map(\.frame.y).min() ?? .infinity
                #expect(top.frame.maxY <= firstRow)
            }
        }
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func longTextWrapsInsideItsCard(_ style: DocumentStyle) throws {
        let trip = try Trips.longText()
        let (document, content) = layout(trip, style)
        let custom = try #require(document.texts(.title).first { $0.text.hasPrefix("A very long custom title") })
        #expect(custom.box.wrapWidth != nil)
        #expect(custom.frame.height > 2 * Typography.lineHeight(custom.box.style), "the title wraps to several lines")
        #expect(custom.frame.width <= (custom.box.wrapWidth ?? 0) + 0.001)
        for text in document.texts where text.box.wrapWidth != nil {
            #expect(
                text.frame.width <= text.box.wrapWidth! + 0.001,
                "\(text.box.role.rawValue) is wider than its wrap width")
            #expect(content.contains(text.frame))
        }
        let notes = document.texts(.notes)
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.frame.height > 2 * Typography.lineHeight($0.box.style) })
        // A game card grows with its wrapped venue, and keeps it inside.
        let venue = try #require(document.texts(.venue).first)
        let card = try #require(document.page(venue.page).rects(.gameCard).first)
        #expect(venue.frame.height > Typography.lineHeight(venue.box.style))
        #expect(card.frame.contains(venue.frame))
    }

    @Test func aLongTripNameIsShortenedInTheFooter() throws {
        let trip = try Trips.longText()
        let (document, content) = layout(trip)
        for page in document.pages {
            let name = try #require(page.texts(.footerTrip).first)
            let number = try #require(page.texts(.footerPage).first)
            #expect(name.text.hasSuffix("…") && trip.name.hasPrefix(name.text.dropLast()))
            #expect(!name.frame.intersects(number.frame))
            #expect(name.frame.x >= content.x && number.frame.maxX <= content.maxX + 0.001)
        }
    }

    @Test func a4PagesAreTallerAndNarrower() throws {
        let trip = try Trips.long()
        let (letter, _) = layout(trip, .book, .letter)
        let (a4, a4Content) = layout(trip, .book, .a4)
        #expect((letter.pageWidth, letter.pageHeight) == (612, 792))
        #expect(abs(a4.pageWidth - 595.276) < 0.01 && abs(a4.pageHeight - 841.89) < 0.01)
        #expect(a4Content.maxX < a4.pageWidth && a4Content.maxY < a4.pageHeight)
    }

    // MARK: Helpers

    struct Found {
        let page: Int
        let frame: Rect
    }

    /// The main line of each row, found in reading order.
    static func mainTexts(_ rows: [Row], in document: LaidOutDocument) throws -> [Found] {
        var found: [Found] = []
        var texts = document.texts[...]
        for row in rows {
            let (role, text) = row.mainText
            let index = try #require(
                texts.firstIndex { $0.box.role == role && $0.text == text }, "\(row.itemID) \"\(text)\" is missing")
            found.append(Found(page: texts[index].page, frame: texts[index].frame))
            texts = texts[(index + 1)...]
        }
        return found
    }

    /// The texts a row shows besides its main line, by role.
    static func parts(of row: Row) -> [(Role, String)] {
        switch row {
        case .game(let game):
            return [
                (.teams, game.teams), (.venue, game.venue), (.time, game.time), (.sport, game.sport.uppercased()),
            ]
        case .travel(let travel):
            var parts: [(Role, String)] = [(.mode, travel.modeName.uppercased())]
            if let confirmation = travel.confirmation { parts.append((.confirmation, "Confirmation " + confirmation)) }
            if let notes = travel.notes { parts.append((.notes, notes)) }
            return parts
        case .custom(let custom):
            var parts: [(Role, String)] = []
            if let time = custom.time { parts.append((.time, time)) }
            if let address = custom.address { parts.append((.address, address)) }
            if let confirmation = custom.confirmation { parts.append((.confirmation, "Confirmation " + confirmation)) }
            if let notes = custom.notes { parts.append((.notes, notes)) }
            return parts
        }
    }

    static func cardRole(_ row: Row) -> Role? {
        switch row {
        case .game: .gameCard
        case .travel: .travelRow
        case .custom: nil
        }
    }
}

extension Typography {
    /// One line of `style` as the fixed-width measurer sets it.
    static func lineHeight(_ style: TextStyle) -> Double {
        FixedWidthMeasurer().measure("x", style: style, width: nil).height
    }
}
