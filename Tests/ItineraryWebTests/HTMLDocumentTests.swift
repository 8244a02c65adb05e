import Foundation
import ItineraryPresentation
import Testing
import TestSupport
@testable import ItineraryWeb

@Suite struct HTMLDocumentTests {
    @Test func sampleTrip() throws {
        expectSnapshot(WebDocument.html(try Trips.sample()), pathExtension: "html")
    }

    @Test func isValidHTML5() throws {
        for trip in [try Trips.sample(), try Trips.withRestDay(), try Trips.everyString("plain")] {
            let outline = try Outline.html(WebDocument.html(trip))
            #expect(outline.parseError == nil)
        }
    }

    @Test func rightToLeftPagesSayItAndTheirLanguage() throws {
        for (tag, direction) in [("ar-EG", "rtl"), ("he", "rtl"), ("de", "ltr"), ("ja", "ltr")] {
            let html = WebDocument.html(
                PresentedTrip(try Fixtures.sample(), language: try #require(Language(resolving: tag))))
            #expect(html.contains("<html lang=\"\(tag)\" dir=\"\(direction)\">"), "\(tag)")
        }
    }

    @Test func hasTheSemanticStructure() throws {
        let outline = try Outline.html(WebDocument.html(try Trips.withRestDay()))
        #expect(outline.lang == "en-US")
        #expect(outline.title == "Spring Swing 2026 · Trip itinerary")
        #expect(outline.h1 == ["Spring Swing 2026"])
        let days = try #require(outline.days)
        #expect(
            days.map(\.header) == [
                "Day 1 · Friday, March 6", "Day 2 · Saturday, March 7", "Day 3 · Sunday, March 8",
                "Day 4 · Monday, March 9", "Day 5 · Tuesday, March 10", "Day 6 · Wednesday, March 11",
            ])
        #expect(days.last?.rest == "No items yet")
        #expect(days.last?.items.isEmpty == true)
        #expect(days.dropLast().allSatisfy { $0.rest == nil && !$0.items.isEmpty })
        let elements = try #require(outline.elements)
        #expect(elements.filter { $0 == "section" }.count == 6 + 1, "one a day, and the bookings")
        #expect(elements.filter { $0 == "ol" }.count == 5 + 1, "one list per day with items, and the route's stops")
    }

    @Test func isSelfContained() throws {
        let outline = try Outline.html(WebDocument.html(try Trips.sample()))
        let elements = Set(try #require(outline.elements))
        #expect(elements.isDisjoint(with: ["script", "link", "img", "iframe", "object", "embed", "base", "a"]))
        let attributes = try #require(outline.attributes)
        #expect(!attributes.contains { ["src", "href", "srcset", "action"].contains($0[1]) || $0[1].hasPrefix("on") })
        let css = try #require(outline.styles).joined()
        #expect(!css.contains("url("))
        #expect(!css.contains("@import"))
        #expect(elements.contains("svg"))
    }

    @Test func readingOrderEqualsShow() throws {
        let show = try runItinerary(["show", Fixtures.sampleURL.path])
        #expect(show.status == 0)
        let expected = ShowOutput(show.stdout)
        let outline = try Outline.html(WebDocument.html(try Trips.sample()))
        let days = try #require(outline.days)
        #expect(days.map(\.header) == expected.days.map(\.header))
        for (day, shown) in zip(days, expected.days) {
            #expect(day.items.count == shown.lines.count, "\(shown.header)")
            for (item, line) in zip(day.items, shown.lines) {
                let title = try #require(item.title)
                #expect(line.contains(title), "\(shown.header): show says \(line), the page \(title)")
                // The first column names the kind in the document's words: a league, a mode, a category.
                let first = line.split(separator: " ").first.map(String.init) ?? ""
                let kind =
                    ["Drive", "Flight", "Train", "Bus", "Travel"].contains(first)
                    ? "travel" : (first.allSatisfy(\.isUppercase) ? "game" : "custom")
                #expect(kind == item.kind, "\(line)")
            }
        }
        // The fixture's own statement of the order.
        #expect(
            days[2].items.map(\.title) == ["Hotel checkout", "Detroit → Milwaukee", "ORL @ MIL", "Post-game dinner"])
    }

    @Test func routeHasATextAlternativeInOrder() throws {
        let trip = try Trips.sample()
        let outline = try Outline.html(WebDocument.html(trip))
        let svg = try #require(outline.svg)
        #expect(svg.role == "img")
        #expect(svg.labelledby == "route-title route-desc")
        let desc = try #require(svg.desc)
        let names = try #require(outline.stops)
        #expect(names.count == trip.route.count)
        #expect(names.first == "Check in: The Hoxton, Chicago")
        #expect(names[1] == "Wrigley Field · Chicago")
        var cursor = desc.startIndex
        for (index, name) in names.enumerated() {
            let range = try #require(desc.range(of: name, range: cursor..<desc.endIndex), "stop \(index + 1) in order")
            cursor = range.upperBound
        }
        #expect(svg.markers >= 3)
        #expect(Set(svg.labels).isSuperset(of: ["Chicago", "Detroit", "Milwaukee"]))
    }

    @Test func tripWithoutPlacesHasNoDiagram() throws {
        let json = """
            {"format": "itinerary/v1", "trip": {"id": "t", "name": "Nowhere", "startDate": "2026-01-01"},
             "items": [{"id": "a", "day": 1, "kind": "custom", "category": "note", "title": "Think"}]}
            """
        let outline = try Outline.html(WebDocument.html(PresentedTrip(try Fixtures.read(json))))
        #expect(outline.parseError == nil)
        #expect(outline.svg == nil)
        #expect(!(outline.elements ?? []).contains("figure"))
    }

    @Test(arguments: PageSize.allCases)
    func printStylesheetUsesThePageSize(size: PageSize) throws {
        let outline = try Outline.html(WebDocument.html(try Trips.sample(), options: DocumentOptions(pageSize: size)))
        let css = try #require(outline.styles).joined()
        #expect(css.contains("@page {\n  size: \(size.cssName);"))
        #expect(css.contains("@media print"))
        #expect(
            css.contains(".item { break-inside: avoid;") || css.contains(".route, .item, .rest { break-inside: avoid;"))
    }

    @Test func daySheetsStartEachDayOnANewPage() throws {
        let book = try Outline.html(WebDocument.html(try Trips.sample(), options: DocumentOptions(layout: .book)))
        let daySheets = DocumentOptions(layout: .daySheets)
        let sheets = try Outline.html(WebDocument.html(try Trips.sample(), options: daySheets))
        let bodyClass = { (outline: HTMLOutline) in
            outline.attributes?.first { $0[0] == "body" && $0[1] == "class" }?[2]
        }
        #expect(bodyClass(book) == "layout-book")
        #expect(bodyClass(sheets) == "layout-day-sheets")
        #expect(try #require(sheets.styles).joined().contains(".layout-day-sheets .day { break-before: page;"))
    }

    @Test func noteLineBreaksAreKept() throws {
        let outline = try Outline.html(WebDocument.html(try Trips.sample()))
        let hotel = try #require(outline.days?.first?.items.first)
        #expect(hotel.notes == "Late checkout requested.\nParking: garage on Lake St.")
        #expect(try #require(outline.styles).joined().contains("white-space: pre-line"))
    }
}

/// `itinerary show` output: day headers and the lines of their items.
struct ShowOutput {
    struct Day {
        let header: String
        var lines: [String]
    }

    var days: [Day] = []

    init(_ text: String) {
        for line in text.split(separator: "\n").dropFirst(2) {
            if line.hasPrefix("Day ") {
                days.append(Day(header: String(line), lines: []))
            } else if line.hasPrefix("  "), !days.isEmpty,
                line.trimmingCharacters(in: .whitespaces) != Language.english.text(.dayRest)
            {
                days[days.count - 1].lines.append(String(line))
            }
        }
    }
}
