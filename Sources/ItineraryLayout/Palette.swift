import Foundation
import ItineraryPresentation

/// The colours of the printed documents: the built-in navy and gold, or a
/// theme's four (ink, paper, accent, game) with the rest made from them.
package struct Palette: Sendable, Hashable, Codable {
    /// Text.
    package var ink: Color
    /// The page.
    package var paper: Color
    /// Headings, game cards, the route: navy by default.
    package var game: Color
    /// Travel rows and other accents: gold by default.
    package var accent: Color
    /// The route's day colours, in turn.
    package var days: [Color]

    // Made from the four.
    package var body: Color
    package var muted: Color
    package var faint: Color
    package var hairline: Color
    package var cardFill: Color
    package var cardStroke: Color
    package var badge: Color
    /// Text and pictograms on `game` and on `accent`: the paper or the ink, whichever reads better.
    package var onGame: Color
    package var onAccent: Color
    package var accentFill: Color
    /// The travel mode's word, in the accent's hue dark enough to read on `accentFill`.
    package var accentInk: Color
    package var routeFill: Color
    package var routeLine: Color
    package var routeLineLight: Color
    package var mapWater: Color
    package var mapLand: Color
    package var mapCountryBorder: Color
    package var mapStateBorder: Color
    package var start: Color
    package var end: Color
    package var stop: Color

    /// Today's look: navy and gold on white.
    package static let builtIn = Palette(
        ink: Color(hex: 0x1F2937), paper: Color(hex: 0xFFFFFF), game: Color(hex: 0x14213D),
        accent: Color(hex: 0xC9A227),
        days: RouteGeometry.dayColours.map(Color.init(hex:)),
        body: Color(hex: 0x374151), muted: Color(hex: 0x6B7280), faint: Color(hex: 0x6B7280),
        hairline: Color(hex: 0xE5E7EB),
        cardFill: Color(hex: 0xF2F5FA), cardStroke: Color(hex: 0xC9D4E5), badge: Color(hex: 0x1F3A68),
        onGame: Color(hex: 0xFFFFFF), onAccent: Color(hex: 0x14213D), accentFill: Color(hex: 0xFBF6E4),
        accentInk: Color(hex: 0x7A5C0B),
        routeFill: Color(hex: 0xF7F8FA), routeLine: Color(hex: 0x1F3A68), routeLineLight: Color(hex: 0x8A9BB8),
        mapWater: Color(hex: 0xE4EDF5), mapLand: Color(hex: 0xFAFAF7), mapCountryBorder: Color(hex: 0xA9B1BD),
        mapStateBorder: Color(hex: 0xC8CED6),
        start: Color(hex: 0x2A9D8F), end: Color(hex: 0xD1495B), stop: Color(hex: 0x1F3A68))

    /// A theme's colours over the built-in ones; what is not given stays.
    package init(ink: Color?, paper: Color?, game: Color?, accent: Color?, days: [Color]?) {
        var palette = Palette.builtIn
        if ink == nil, paper == nil, game == nil, accent == nil, days == nil {
            self = palette
            return
        }
        let ink = ink ?? palette.ink, paper = paper ?? palette.paper
        let game = game ?? palette.game, accent = accent ?? palette.accent
        palette.ink = ink
        palette.paper = paper
        palette.game = game
        palette.accent = accent
        if let days, !days.isEmpty { palette.days = days }
        palette.body = ink.mixed(with: paper, 0.12)
        palette.muted = ink.mixed(with: paper, 0.28).readable(on: paper, against: ink)
        palette.faint = palette.muted
        palette.hairline = ink.mixed(with: paper, 0.88)
        palette.cardFill = game.mixed(with: paper, 0.95)
        palette.cardStroke = game.mixed(with: paper, 0.75)
        palette.badge = game
        palette.onGame = paper.contrast(with: game) >= ink.contrast(with: game) ? paper : ink
        palette.onAccent = paper.contrast(with: accent) >= ink.contrast(with: accent) ? paper : ink
        palette.accentFill = accent.mixed(with: paper, 0.88)
        palette.accentInk = accent.readable(on: palette.accentFill, against: ink)
        palette.routeFill = game.mixed(with: paper, 0.97)
        palette.routeLine = game
        palette.routeLineLight = game.mixed(with: paper, 0.5)
        palette.stop = game
        self = palette
    }

    private init(
        ink: Color, paper: Color, game: Color, accent: Color, days: [Color], body: Color, muted: Color, faint: Color,
        hairline: Color, cardFill: Color, cardStroke: Color, badge: Color, onGame: Color, onAccent: Color,
        accentFill: Color,
        accentInk: Color, routeFill: Color, routeLine: Color, routeLineLight: Color, mapWater: Color, mapLand: Color,
        mapCountryBorder: Color, mapStateBorder: Color, start: Color, end: Color, stop: Color
    ) {
        (self.ink, self.paper, self.game, self.accent, self.days) = (ink, paper, game, accent, days)
        (self.body, self.muted, self.faint, self.hairline, self.cardFill, self.cardStroke, self.badge) = (
            body, muted, faint, hairline, cardFill, cardStroke, badge
        )
        (self.onGame, self.onAccent, self.accentFill, self.accentInk) = (onGame, onAccent, accentFill, accentInk)
        (self.routeFill, self.routeLine, self.routeLineLight) = (routeFill, routeLine, routeLineLight)
        (self.mapWater, self.mapLand, self.mapCountryBorder, self.mapStateBorder) = (
            mapWater, mapLand, mapCountryBorder, mapStateBorder
        )
        (self.start, self.end, self.stop) = (start, end, stop)
    }

    /// A day's colour on the route: the days take the colours in turn.
    package func dayColour(_ day: Int) -> Color {
        days[((day - 1) % days.count + days.count) % days.count]
    }
}

extension Color {
    /// WCAG 2's relative luminance.
    package var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1 to 21.
    package func contrast(with other: Color) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour moved `amount` (0…1) of the way to `other`.
    package func mixed(with other: Color, _ amount: Double) -> Color {
        Color(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount)
    }

    /// This colour, moved toward `target` until it reads at 4.5:1 on `background`.
    package func readable(on background: Color, against target: Color) -> Color {
        var colour = self
        var step = 0
        while colour.contrast(with: background) < 4.5 && step < 20 {
            step += 1
            colour = mixed(with: target, Double(step) / 20)
        }
        return colour
    }
}

extension Color {
    /// "#1b1b1b", as CSS and the theme's messages write a colour.
    package var hexText: String {
        func two(_ c: Double) -> String {
            let value = Int((c * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return "#" + two(red) + two(green) + two(blue)
    }
}
