import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// The layout rules again, measured by Pango: real fonts are wider, taller and
/// fall back to other faces for scripts Inter lacks.
@Suite struct PangoLayoutTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case sample, long, scripts, longWords, wideName
        var testDescription: String { rawValue }

        func trip() throws -> PresentedTrip {
            switch self {
            case .sample: try Trips.sample()
            case .long: try Trips.long()
            case .scripts: try Trips.scripts()
            case .longWords: try Self.longWords()
            case .wideName: try Self.wideName()
            }
        }

        /// A name whose start is far wider than its average glyph: shortening
        /// it by the average alone would leave it running into the page number.
        static func wideName() throws -> PresentedTrip {
            var trip = TripJSON(name: String(repeating: "W", count: 30) + String(repeating: "i", count: 150), days: 1)
            trip.custom(day: 1, title: "Lunch")
            return try trip.presented()
        }

        /// Wide glyphs and unbroken words everywhere a person types.
        static func longWords() throws -> PresentedTrip {
            let cjk = String(repeating: "東京ドームで野球観戦", count: 12)
            let word = String(repeating: "Unbreakable", count: 12)
            var trip = TripJSON(name: String(repeating: "長い旅の名前", count: 12), days: 2)
            trip.custom(
                day: 1, title: cjk, time: "09:00", notes: word + " " + cjk,
                confirmation: String(repeating: "W", count: 100),
                address: word, at: (35.7, 139.7))
            trip.game(day: 1, away: "WWWW", home: "MMMM", city: word, at: (35.6, 139.8))
            trip.travel(day: 2, from: cjk, to: word, notes: String(repeating: "مرحبا بالعالم ", count: 40))
            trip.custom(day: 2, title: "🎉" + String(repeating: "🏟️", count: 60))
            return try trip.presented()
        }
    }

    static let styles: [DocumentStyle] = [.book, .daySheets]

    @Test(arguments: Case.allCases, styles)
    func everythingStaysInsideItsBox(_ which: Case, _ style: DocumentStyle) throws {
        let options = DocumentOptions(layout: style)
        let document = PrintedDocument(try which.trip(), options: options).document
        let content = DocumentLayout(
            pageSize: options.pageSize, style: style, measurer: FixedWidthMeasurer(), map: .none
        ).contentBox
        for page in document.pages {
            var footer: [TextBox] = []
            for box in page.boxes {
                if case .text(let text) = box, text.role.rawValue.hasPrefix("footer") {
                    footer.append(text)
                    #expect(
                        text.frame.y >= content.maxY && text.frame.x >= content.x - 0.01
                            && text.frame.maxX <= content.maxX + 0.01,
                        "page \(page.number): footer \"\(text.text.prefix(30))\" at \(text.frame)")
                    continue
                }
                if case .line(let line) = box, line.from.y == line.to.y, line.from.y >= content.maxY { continue }
                #expect(
                    content.contains(box.frame),
                    "page \(page.number): \(Self.describe(box)) leaves the content box \(content)")
                if case .text(let text) = box, let wrap = text.wrapWidth {
                    #expect(
                        text.frame.width <= wrap + 0.5,
                        "page \(page.number): \"\(text.text.prefix(30))\" is wider than its wrap width")
                }
            }
            // A one-page document's footer is its page number alone.
            #expect(footer.count == (document.pages.count == 1 ? 1 : 2))
            if footer.count == 2 {
                #expect(
                    !footer[0].frame.intersects(footer[1].frame),
                    "page \(page.number): the footer's name runs into the page number")
            }
        }
    }

    @Test(arguments: Case.allCases, styles)
    func mapLabelsDoNotOverlap(_ which: Case, _ style: DocumentStyle) throws {
        let document = PrintedDocument(try which.trip(), options: DocumentOptions(layout: style)).document
        for page in document.pages {
            let texts = page.boxes.compactMap { box -> TextBox? in if case .text(let t) = box { t } else { nil } }
            let labels = texts.filter { $0.role == .mapLabel }
            let markers = page.boxes.compactMap { box -> Rect? in
                if case .rect(let r) = box, [Role.startMarker, .endMarker, .marker].contains(r.role) {
                    r.frame
                } else {
                    nil
                }
            }
            for (index, label) in labels.enumerated() {
                for other in labels[(index + 1)...] {
                    #expect(!label.frame.intersects(other.frame), "\"\(label.text)\" and \"\(other.text)\"")
                }
                for marker in markers { #expect(!label.frame.intersects(marker), "\"\(label.text)\" covers a marker") }
            }
        }
    }

    static func describe(_ box: Box) -> String {
        switch box {
        case .text(let text): "text \(text.role.rawValue) \"\(text.text.prefix(30))\" \(text.frame)"
        case .rect(let rect): "rect \(rect.role.rawValue) \(rect.frame)"
        default: "\(box.frame)"
        }
    }
}
