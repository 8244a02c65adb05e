import Foundation
import ItineraryLayout
@testable import ItineraryPDF
import ItineraryPresentation
import Testing
import TestSupport

/// Emoji as people type them on their phones: one colour picture per
/// sequence, sharp in print, in a PDF that qpdf finds nothing wrong with.
@Suite struct EmojiTests {
    @Test(
        arguments: [
            ("🇯🇵", true), ("👍🏽", true), ("👨‍👩‍👧‍👦", true), ("👩🏾‍⚕️", true),
            ("🧑‍🚒", true), ("1️⃣", true), ("#️⃣", true), ("❤️", true), ("🍕", true),
            ("❤︎", false), ("❤", false), ("©", false), ("A", false), ("1", false), ("→", false),
        ] as [(Character, Bool)])
    func whatIsAnEmoji(_ character: Character, _ expected: Bool) {
        #expect(FontSet.isEmoji(character) == expected)
    }

    /// The emoji a one-page trip book draws: each title and note, and the trip's name in the title
    /// (a one-page document's footer is its page number alone).
    static func emojiCount(_ trip: PresentedTrip) -> Int {
        let texts =
            [trip.name]
            + trip.days.flatMap { day in
                day.rows.flatMap { row -> [String] in
                    guard case .custom(let custom) = row else { return [] }
                    return [custom.title, custom.notes ?? ""]
                }
            }
        return texts.reduce(0) { $0 + $1.filter(FontSet.isEmoji).count }
    }

    @Test(arguments: [DocumentStyle.book, .daySheets])
    func eachSequenceIsOnePictureAt300PPI(_ style: DocumentStyle) throws {
        let trip = try Trips.emoji()
        let pdf = try PDFFile(try PrintedDocument(trip, options: DocumentOptions(layout: style)).pdf())
        let check = try pdf.check()
        #expect(
            check.status == 0 && !check.stdout.contains("WARNING") && !check.stderr.contains("WARNING"),
            "\(check.stdout)\(check.stderr)")
        let images = try pdf.images()
        // A family, a flag or a skin tone split apart would be several pictures, or none.
        if style == .book { #expect(images.count == Self.emojiCount(trip)) }
        #expect(images.allSatisfy { $0.xPPI == 300 && $0.yPPI == 300 }, "\(images)")
        // The same emoji at the same size is one image, however often and on whichever page
        // it is used: the title's three pizzas, the trip's name on every sheet.
        #expect(Set(images.map(\.object)).count < images.count)
        let pizzas = images.filter { $0.page == images.last?.page }
        #expect(Set(pizzas.map(\.object)).count < pizzas.count, "a page's repeated emoji share one image")
    }

    @Test func theTextAroundTheEmojiReadsInOrder() throws {
        let pdf = try PDFFile(try PrintedDocument(try Trips.emoji(), options: DocumentOptions(layout: .book)).pdf())
        let text = try pdf.text("-layout")
        let expected = [
            "Emoji", "Trip", "Family", "dinner at Lou's", "7:30", "PM", "Table for 4", "Flight to Tokyo", "then Seoul",
            "Gate B12", "Thumbs up", "from Sam", "Doctor", "and firefighter", "meet-up", "Keycaps", "in order",
            "Hearts", "in colour, ❤ in text", "Plain ❤ and © stay text", "Pizza", "three times", "Hotel",
            "check-in",
        ]
        #expect(firstOutOfOrder(expected, in: text) == nil, "\(text)")
    }

    @Test func emojiArePaintedAtThePagesResolutionWhenItIsFiner() throws {
        let trip = try Trips.emoji()
        let document = PrintedDocument(trip, options: DocumentOptions(layout: .book, dpi: 600))
        _ = try document.png(page: 1)
        let pdf = try PDFFile(try document.pdf())
        // The PDF made after a 600 dpi preview holds its own 300 ppi pictures, not the preview's.
        #expect(try pdf.images().allSatisfy { $0.xPPI == 300 })
    }
}
