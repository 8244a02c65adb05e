import Testing
@testable import ItineraryWeb
import TripGenerator

/// HTML notes split into lines by bytes when ASCII; the lines must be those
/// splitting by characters gives.
@Suite struct PlainLinesTests {
    @Test func randomNotesSplitAsByCharacters() {
        let alphabet: [String] = [
            "a", " ", "\n", "\r", "\r\n", "\u{B}", "\u{C}", "x", ".", "\t", "é", "\u{2028}", "\u{85}",
        ]
        var random = SplitMix64(seed: 0x1122)
        for round in 0..<5_000 {
            // Half the texts ASCII only, which take the byte path.
            let letters = round.isMultiple(of: 2) ? Array(alphabet.prefix(10)) : alphabet
            var text = ""
            for _ in 0..<Int.random(in: 0..<12, using: &random) { text += letters.randomElement(using: &random)! }
            let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            #expect(TripView.plainLines(text) == expected, "\(text.debugDescription)")
        }
    }
}
