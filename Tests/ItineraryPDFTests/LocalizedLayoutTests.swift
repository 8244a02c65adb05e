import Foundation
import ItineraryLayout
import ItineraryModel
import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// Every fixture laid out by Pango in the pseudo-locale (40 % longer words),
/// a right-to-left and a CJK language: nothing clipped or overlapping, no
/// English word outside the catalogue, and right-to-left pages mirrored.
@Suite struct LocalizedLayoutTests {
    enum Fixture: String, CaseIterable, CustomTestStringConvertible {
        case sample, emoji, long, scripts, longWords, wideName
        var testDescription: String { rawValue }

        func trip(_ tag: String) throws -> PresentedTrip {
            let english: PresentedTrip =
                switch self {
                case .sample: try Trips.sample()
                case .emoji: try Trips.emoji()
                case .long: try Trips.long()
                case .scripts: try Trips.scripts()
                case .longWords: try PangoLayoutTests.Case.longWords.trip()
                case .wideName: try PangoLayoutTests.Case.wideName.trip()
                }
            return PresentedTrip(english.ordered, language: try #require(Language(resolving: tag)))
        }
    }

    static let languages = ["en-XA", "ar", "ja"]

    @Test(arguments: Fixture.allCases, languages)
    func textStaysInItsBoxAndApart(_ fixture: Fixture, _ tag: String) throws {
        for style in [DocumentStyle.book, .daySheets] {
            let options = DocumentOptions(layout: style)
            let document = PrintedDocument(try fixture.trip(tag), options: options).document
            let content = DocumentLayout(
                pageSize: options.pageSize, style: style, measurer: FixedWidthMeasurer(), map: .none
            ).contentBox
            for page in document.pages {
                let map = page.boxes.compactMap { box -> Rect? in
                    if case .rect(let r) = box, r.role == .route { r.frame } else { nil }
                }
                var texts: [TextBox] = []
                for box in page.boxes {
                    guard case .text(let text) = box else { continue }
                    if text.role.rawValue.hasPrefix("footer") {
                        #expect(
                            text.frame.x >= content.x - 0.01 && text.frame.maxX <= content.maxX + 0.01,
                            "\(style) page \(page.number): \(text.text)")
                    } else {
                        #expect(
                            content.contains(text.frame),
                            """
                            \(style) page \(page.number): "\(text.text.prefix(40))" \
                            leaves the page's content \(text.frame)
                            """
                        )
                    }
                    if let wrap = text.wrapWidth {
                        #expect(text.frame.width <= wrap + 0.5, "\"\(text.text.prefix(40))\" is wider than its box")
                    }
                    // The map's own labels are checked by the map's tests.
                    if !map.contains(where: { $0.contains(text.frame) }) { texts.append(text) }
                }
                for (index, text) in texts.enumerated() {
                    for other in texts[(index + 1)...] where text.frame.intersects(other.frame) {
                        Issue.record(
                            """
                            \(style) page \(page.number): "\(text.text.prefix(30))" \
                            overlaps "\(other.text.prefix(30))"
                            """
                        )
                    }
                }
            }
        }
    }

    /// The words of the English catalogue; in the pseudo-locale each is accented, so one left as is was not looked up.
    static let englishWords: Set<String> = {
        let words = MessageKey.allCases.flatMap { key in
            Language.english.text(
                key, ["day": .number(1), "count": .number(2), "days": .number(2), "page": .number(1)]
            )
            .split(whereSeparator: { !$0.isLetter }).map(String.init)
        }
        return Set(words.filter { $0.count >= 2 })
    }()

    @Test(arguments: Fixture.allCases)
    func thePseudoLocaleLeavesNoEnglishWord(_ fixture: Fixture) throws {
        let trip = try fixture.trip("en-XA")
        // The trip's own text is never translated; CLDR's dates and times are not catalogue words.
        var own = [trip.name, trip.dateRange] + trip.route.map(\.name)
        for day in trip.days {
            own.append(day.longDate)
            for row in day.rows {
                switch row {
                case .game(let game):
                    own += [game.sport, game.matchup, game.awayName, game.homeName, game.venue, game.time]
                case .travel(let travel):
                    own +=
                        [travel.route, travel.fromCity, travel.toCity]
                        + [travel.notes, travel.confirmation].compactMap { $0 }
                case .custom(let custom):
                    own +=
                        [custom.title]
                        + [custom.time, custom.address, custom.notes, custom.confirmation].compactMap { $0 }
                }
            }
        }
        own.sort { $0.count > $1.count }
        for style in [DocumentStyle.book, .daySheets] {
            let document = PrintedDocument(trip, options: DocumentOptions(layout: style)).document
            for page in document.pages {
                // Map labels are place names, shortened to fit: the trip's own text.
                for case .text(let box) in page.boxes where box.role != .mapLabel {
                    var text = box.text
                    for piece in own where !piece.isEmpty { text = text.replacingOccurrences(of: piece, with: " ") }
                    for piece in own where !piece.isEmpty {
                        text = text.replacingOccurrences(of: piece.uppercased(), with: " ")
                    }
                    let left = text.split(whereSeparator: { !$0.isLetter }).map(String.init).filter {
                        Self.englishWords.contains($0)
                    }
                    #expect(
                        left.isEmpty,
                        "\(style) page \(page.number) \(box.role.rawValue): \"\(box.text)\" has English \(left)")
                }
            }
        }
    }

    @Test func rightToLeftPagesAreMirroredButNotTheirMap() throws {
        let book = DocumentOptions(layout: .book)
        let english = PrintedDocument(try Fixture.sample.trip("en-US"), options: book).document
        let arabic = PrintedDocument(try Fixture.sample.trip("ar"), options: book).document
        #expect(arabic.rightToLeft && !english.rightToLeft)
        #expect(arabic.language == "ar")
        let content = DocumentLayout(pageSize: .letter, style: .book, measurer: FixedWidthMeasurer(), map: .none)
            .contentBox
        func texts(_ document: LaidOutDocument, _ role: Role) -> [TextBox] {
            document.pages[0].boxes.compactMap { box in if case .text(let t) = box, t.role == role { t } else { nil } }
        }
        // Headers and titles end at the right margin, times start at the left one.
        for header in texts(arabic, .dayHeader) {
            #expect(abs(header.frame.maxX - content.maxX) < 0.5, "\(header.text) at \(header.frame)")
        }
        for header in texts(english, .dayHeader) { #expect(abs(header.frame.x - content.x) < 0.5) }
        for time in texts(arabic, .time) {
            #expect(abs(time.frame.x - content.x) < 20, "\(time.text) at \(time.frame)")
        }
        // The gold bar runs down the travel row's right edge.
        let bars = arabic.pages.flatMap(\.boxes).compactMap { box -> RectBox? in
            if case .rect(let r) = box, r.role == .goldAccent { r } else { nil }
        }
        #expect(
            !bars.isEmpty && bars.allSatisfy { $0.style == .accentBarRight && abs($0.frame.maxX - content.maxX) < 0.5 })
        // The map is geography: the same in both.
        func mapLabels(_ document: LaidOutDocument) -> [String] {
            document.pages[0].boxes.compactMap { box -> TextBox? in
                if case .text(let t) = box, t.role == .mapLabel { t } else { nil }
            }
            .sorted { $0.frame.x < $1.frame.x }.map(\.text)
        }
        #expect(mapLabels(arabic) == mapLabels(english))
    }
}
