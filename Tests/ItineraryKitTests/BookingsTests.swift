import Foundation
import ItineraryKit
import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport
import TripGenerator

/// The bookings part and the parts a traveller chooses: read back by pdftotext,
/// html5lib and markdown-it in the trip's order (Scripts/check_bookings.py), the
/// PDF's table by pikepdf, and the pages as the layout made them.
@Suite(.serialized) struct BookingsTests {
    static let fortnight = { try! CheckedTrip(bytes: TripGenerator.bytes(days: 14, items: 60, seed: 2026)) }()
    static let year = { try! CheckedTrip(bytes: TripGenerator.bytes(days: 365, items: 5000, seed: 2026)) }()
    static let scripts = Fixtures.packageRoot.appendingPathComponent("Tests/ItineraryKitTests/Scripts")

    /// The items with a confirmation in the trip's order, worked out from the model.
    static func expected(_ trip: CheckedTrip, omit: Set<OmittedField> = []) -> [[String: Any]] {
        trip.ordered.entries.compactMap { entry -> [String: Any]? in
            guard let confirmation = entry.item.confirmation, !confirmation.isEmpty else { return nil }
            if let travel = entry.item.travel {
                let route = travel.fromCity + " → " + travel.toCity
                return ["title": route, "confirmation": confirmation, "address": NSNull()]
            }
            guard let custom = entry.item.custom else { return nil }
            let address = omit.contains(.addresses) ? nil : custom.location?.address
            return ["title": custom.title, "confirmation": confirmation, "address": address ?? NSNull()]
        }
    }

    static func check(_ trip: CheckedTrip, options: RenderOptions, title: String?, omit: Set<OmittedField> = []) throws
    {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let formats: [OutputFormat] = [.pdf, .html, .md]
        var files: [String] = []
        for (format, bytes) in zip(formats, try trip.render(formats, options: options)) {
            let file = folder.appendingPathComponent("trip.\(format.rawValue)")
            try Data(bytes[0]).write(to: file)
            files.append(file.path)
        }
        let expectation = folder.appendingPathComponent("expected.json")
        let rows = Self.expected(trip, omit: omit)
        let heading: Any = title ?? NSNull()
        try JSONSerialization.data(withJSONObject: ["title": heading, "rows": rows]).write(to: expectation)
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [scripts.appendingPathComponent("check_bookings.py").path, expectation.path] + files)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        if title != nil {
            let python = Fixtures.packageRoot.appendingPathComponent(".build-deps/pdf-check/bin/python")
            let tags = try runProcess(
                python, [scripts.appendingPathComponent("check_table_tags.py").path, files[0], String(rows.count)])
            #expect(tags.status == 0, "\(tags.stdout)\(tags.stderr)")
        }
    }

    @Test(arguments: [("en", "Bookings"), ("de", "Buchungen"), ("ar", "الحجوزات"), ("ja", "予約一覧")])
    func everyBookingOnItsRowInTheTripsOrder(_ locale: String, _ title: String) throws {
        #expect(Self.expected(Self.fortnight).count >= 10)
        try Self.check(Self.fortnight, options: RenderOptions(locale: locale), title: title)
    }

    @Test func leftOutConfirmationsLeaveNoPartAndLeftOutAddressesNoAddress() throws {
        try Self.check(Self.fortnight, options: RenderOptions(omit: [.confirmations]), title: nil)
        try Self.check(
            Self.fortnight, options: RenderOptions(omit: [.addresses]), title: "Bookings", omit: [.addresses])
    }

    @Test func aTripWithoutConfirmationsHasNoBookingsPart() throws {
        var trip = TripJSON(name: "No bookings", days: 1)
        trip.custom(day: 1, title: "Lunch", time: "12:00")
        let checked = try CheckedTrip(bytes: Array(trip.json.utf8))
        try Self.check(checked, options: RenderOptions(), title: nil)
        let pdf = try checked.render(.pdf)[0]
        #expect(!String(decoding: pdf, as: UTF8.self).contains("Bookings"))
    }

    /// A part asked for by name that has nothing to show says so, under the trip's name, in the
    /// document's language, in every format (issue #46); left to the defaults, it is left out.
    @Test(arguments: [
        ("en", "bookings", "No bookings with a confirmation."),
        ("en", "map", "No places with coordinates to map."),
        ("de", "bookings", "Keine Buchungen mit Bestätigung."),
        ("de", "map", "Keine Orte mit Koordinaten für die Karte."),
        ("ja", "bookings", "確認番号のある予約はありません。"),
    ])
    func aPartWithNothingToShowSaysSo(_ locale: String, _ partName: String, _ sentence: String) throws {
        let parsed: ItineraryPresentation.Section? = .init(rawValue: partName)
        let part = try #require(parsed)
        var trip = TripJSON(name: "Nothing booked", days: 1)
        trip.custom(day: 1, title: "Lunch", time: "12:00")
        let checked = try CheckedTrip(bytes: Array(trip.json.utf8))
        let options = RenderOptions(locale: locale, sections: [part])
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rendered = try checked.render([.pdf, .html, .md], options: options)
        let pdf = folder.appendingPathComponent("trip.pdf")
        try Data(rendered[0][0]).write(to: pdf)
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"]).stdout
        let html = String(decoding: rendered[1][0], as: UTF8.self)
        let markdown = String(decoding: rendered[2][0], as: UTF8.self)
        #expect(text.uppercased().contains("NOTHING BOOKED") && text.contains(sentence), "\(text)")
        #expect(html.contains("<h1 class=\"trip-name\" dir=\"auto\">Nothing booked</h1>") && html.contains(sentence))
        #expect(markdown.hasPrefix("# Nothing booked\n") && markdown.contains("\n\(sentence)\n"), "\(markdown)")
        // The sentence is a paragraph after the part's heading, under the H1.
        let structure = Self.pages(checked, options).pages[0].blocks.map(\.kind)
        #expect(structure == [.partHeader])
        // The book by default leaves the empty part out.
        let plain = String(decoding: try checked.render(.md)[0], as: UTF8.self)
        #expect(!plain.contains(sentence))
    }

    /// The pages as the layout made them, with the printed document's own measurer.
    static func pages(_ trip: CheckedTrip, _ options: RenderOptions) -> LaidOutDocument {
        trip.layOut(trip.present(options), options).document
    }

    @Test(arguments: ["fortnight", "year"])
    func withADayAPageEachDayStartsItsPage(_ name: String) throws {
        let trip = name == "year" ? Self.year : Self.fortnight
        let document = Self.pages(trip, RenderOptions(dayPerPage: true))
        var starts = 0
        for page in document.pages {
            for (index, block) in page.blocks.enumerated() {
                if case .dayHeader(_, false) = block.kind {
                    #expect(index == 0 || (index == 1 && page.blocks[0].kind == .title), "page \(page.number)")
                    starts += 1
                }
            }
        }
        #expect(starts == trip.ordered.days.count)
        // The bookings start a page of their own too.
        #expect(document.pages.contains { $0.blocks.first?.kind == .partHeader })
    }

    @Test(arguments: ["fortnight", "year"])
    func theDaysAloneAreTheDaysAlone(_ name: String) throws {
        let trip = name == "year" ? Self.year : Self.fortnight
        let document = Self.pages(trip, RenderOptions(sections: [.days]))
        let kinds = document.pages.flatMap { $0.blocks.map(\.kind) }
        #expect(!kinds.contains(.title) && !kinds.contains(.route) && !kinds.contains(.partHeader))
        #expect(!kinds.contains { if case .tableRow = $0 { true } else { false } })
        // Each day's header is bookmarked, nothing else.
        let bookmarks = document.pages.flatMap(\.bookmarks)
        #expect(bookmarks.count == trip.ordered.days.count)
        // The first page begins with the first day, the trip's name above it as the document's title.
        #expect(document.pages[0].blocks[0].kind == .dayHeader(day: 1, continued: false))
    }

    @Test func thePartsComeInTheDocumentsOrderWhateverTheList() throws {
        let document = Self.pages(Self.fortnight, RenderOptions(sections: [.bookings, .map]))
        let kinds = document.pages.flatMap { $0.blocks.map(\.kind) }
        // Without the cover, the trip's name opens the document (its H1), above the map.
        #expect(Array(kinds.prefix(3)) == [.title, .route, .partHeader])
        #expect(document.pages.flatMap(\.bookmarks).map(\.title) == ["Bookings"])
        var options = RenderOptions()
        #expect(throws: Problem.self) { try options.set("sections", to: "") }
        do {
            try options.set("sections", to: "days,index")
            Issue.record("an unknown part was taken")
        } catch {
            #expect(error.message == "unknown part \"index\"; choose cover, map, days or bookings.")
        }
    }

    /// Day sheets have no cover and no trip map, but asked for those alone they are drawn
    /// as the book draws them: never a blank document (issue #46).
    @Test func daySheetsAskedForTheMapOrTheCoverAloneAreNotBlank() throws {
        let map = Self.pages(Self.fortnight, RenderOptions(layout: .daySheets, sections: [.map]))
        #expect(map.pages.flatMap { $0.blocks.map(\.kind) } == [.title, .route])
        let cover = Self.pages(Self.fortnight, RenderOptions(layout: .daySheets, sections: [.cover]))
        #expect(cover.pages.flatMap { $0.blocks.map(\.kind) }.first == .title)
        // With days asked for too, the sheets are days (each with its own map): no cover, no trip map.
        let days = Self.pages(Self.fortnight, RenderOptions(layout: .daySheets, sections: [.cover, .map, .days]))
        #expect(days.pages[0].blocks.first?.kind == .dayHeader(day: 1, continued: false))
        #expect(!days.pages.flatMap { $0.blocks.map(\.kind) }.contains(.title))
    }

    @Test func daySheetsEndWithTheBookingsWhenAsked() throws {
        let plain = Self.pages(Self.fortnight, RenderOptions(layout: .daySheets))
        #expect(!plain.pages.flatMap { $0.blocks.map(\.kind) }.contains(.partHeader))
        let asked = Self.pages(Self.fortnight, RenderOptions(layout: .daySheets, sections: [.days, .bookings]))
        let last = asked.pages.firstIndex { $0.blocks.first?.kind == .partHeader }
        #expect(last != nil)
        #expect(
            asked.pages[(last ?? 0)...].allSatisfy { page in
                page.blocks.allSatisfy {
                    switch $0.kind {
                    case .partHeader, .tableHeader, .tableRow: true
                    default: false
                    }
                }
            })
    }

    @Test func aLongTableRepeatsItsHeaderRowOnEachPage() throws {
        let document = Self.pages(Self.year, RenderOptions())
        let tablePages = document.pages.filter { page in page.blocks.contains { $0.kind == .tableRow } }
        #expect(tablePages.count > 1)
        for page in tablePages.dropFirst() {
            #expect(page.blocks.first?.kind == .tableHeader(repeated: true), "page \(page.number)")
        }
    }
}
