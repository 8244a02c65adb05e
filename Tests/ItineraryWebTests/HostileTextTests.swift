import Foundation
import ItineraryPresentation
import Testing
import TestSupport
@testable import ItineraryWeb

/// Text from the trip file stays text: rendered with hostile strings in every
/// field, each document parses to exactly the same shape as with plain text,
/// and the strings come back out as the same characters.
@Suite struct HostileTextTests {
    static let plain = "Plain text"

    @Test(arguments: Trips.hostile)
    func htmlKeepsItsShape(text: String) throws {
        let hostile = try Outline.html(WebDocument.html(try Trips.everyString(text)))
        let plain = try Outline.html(WebDocument.html(try Trips.everyString(Self.plain)))
        #expect(hostile.parseError == nil)
        // Place names in the drawing are left out where they do not fit, and their width depends on the text.
        let shape = { (outline: HTMLOutline) in outline.elements?.filter { $0 != "text" } }
        #expect(shape(hostile) == shape(plain), "no element smuggled in")
        let names = { (outline: HTMLOutline) in
            outline.attributes?.filter { $0[0] != "text" }.map { $0[0] + " " + $0[1] }
        }
        #expect(names(hostile) == names(plain), "no attribute smuggled in")
        #expect(
            !(hostile.attributes ?? []).contains { $0[2].lowercased().contains("javascript:") && $0[1] != "data-id" })

        let collapsed = Self.collapsed(text)
        #expect(hostile.h1 == [collapsed])
        #expect(hostile.title == collapsed + " · Trip itinerary")
        let days = try #require(hostile.days)
        let note = try #require(days.first?.items.first)
        #expect(note.title == collapsed)
        #expect(note.notes == text.replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(note.text.contains("Confirmation " + Self.collapsed(Trips.limited(text, 100))))
        let game = days[0].items[1]
        #expect(game.text.contains(Self.collapsed(text + " at " + text)))
        let travel = days[1].items[0]
        #expect(travel.title == Self.collapsed(text + " → " + text + " B"))
        #expect(days[1].items.last?.id == "id " + text.replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(days[2].rest == "No items yet")
        let stops = try #require(hostile.stops)
        #expect(stops.first == collapsed)
    }

    @Test(arguments: Trips.hostile)
    func markdownKeepsItsShape(text: String) throws {
        let hostile = try Outline.markdown(WebDocument.markdown(try Trips.everyString(text)))
        let plain = try Outline.markdown(WebDocument.markdown(try Trips.everyString(Self.plain)))
        #expect(hostile.blocks == plain.blocks, "no heading, list, quote, table, code block or HTML smuggled in")
        let marks = { (outline: MarkdownOutline) in
            outline.inline.filter { !["text", "softbreak", "hardbreak"].contains($0) }
        }
        #expect(marks(hostile) == marks(plain), "no emphasis, link, image, code or HTML smuggled in")

        let oneLine = Self.oneLine(text)
        #expect(hostile.headings.first?.text == oneLine)
        let days = hostile.sections.filter { $0.heading?.hasPrefix("Day ") == true }
        #expect(days.count == 3)
        let note = try #require(days.first?.items.first)
        #expect(note.lines.first == "📝 " + oneLine)
        #expect(note.lines.dropFirst().first == "📍 " + oneLine)
        #expect(note.quote.joined(separator: "\n") == Self.noteLines(text).joined(separator: "\n"))
        let game = days[0].items[1]
        #expect(game.strong == ["AAA @ BBB"])
        #expect(
            game.lines.dropFirst().first == oneLine + " at " + oneLine + " · " + oneLine + " · " + oneLine + " · "
                + Self.oneLine(Trips.limited(text, 40)))
        let travel = days[1].items[0]
        #expect(travel.strong == [oneLine + " → " + Self.oneLine(text + " B")])
        #expect(days[1].items.last?.lines.first == "🍽️ 7:30\u{202F}PM · " + oneLine)
        #expect(days[2].paragraphs == ["No items yet"])
    }

    @Test func mustacheInValuesIsNotRendered() throws {
        let text = "{{name}} {{{name}}} {{#days}}x{{/days}} {{>trip}}"
        let html = WebDocument.html(try Trips.everyString(text))
        let outline = try Outline.html(html)
        #expect(outline.days?.first?.items.first?.title == text)
        #expect(outline.days?.count == 3)
        let markdown = try Outline.markdown(WebDocument.markdown(try Trips.everyString(text)))
        #expect(
            markdown.sections.filter { $0.heading?.hasPrefix("Day ") == true }.first?.items.first?.lines.first
                == "📝 " + text)
    }

    @Test func quotesAreEscapedInAttributes() throws {
        let html = WebDocument.html(try Trips.everyString("\"'><x"))
        #expect(html.contains("data-id=\"id &quot;&#39;&gt;&lt;x\""))
    }

    /// How HTML text reads once whitespace is collapsed, as the outline reports it.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// How a one-line Markdown field reads: line breaks become spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Notes as Markdown quote lines read: each line trimmed, blank lines dropped.
    static func noteLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
