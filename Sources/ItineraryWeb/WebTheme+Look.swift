import Foundation
import ItineraryLayout

extension WebTheme {
    /// A theme's look as the HTML page takes it: the stylesheet's variables, the logo, the footer line;
    /// `name` is the logo's text alternative, `fontFamily` the theme's typeface.
    package init(look: Look, name: String, fontFamily: String?) {
        let palette = look.palette
        let hex = { (colour: Color) in colour.hexText }
        let page = palette.paper.mixed(with: palette.game, 0.04)
        let muted = palette.muted.readable(on: page, against: palette.ink)
        let navy2 = palette.game.mixed(with: palette.paper, 0.12)
        // Text on the game colour's gradient reads against its lighter end.
        let onNavy = palette.onGame
        func soft(_ alpha: Double) -> String {
            hex(onNavy.mixed(with: palette.game, 1 - alpha).readable(on: navy2, against: onNavy))
        }
        var variables = [
            "--ink: \(hex(palette.ink))", "--ink-soft: \(hex(palette.body))", "--muted: \(hex(muted))",
            "--paper: \(hex(page))", "--card: \(hex(palette.paper))", "--line: \(hex(palette.hairline))",
            "--navy: \(hex(palette.game))", "--navy-2: \(hex(navy2))",
            "--gold: \(hex(palette.accent))", "--gold-soft: \(hex(palette.accentFill))",
            "--gold-line: \(hex(palette.accent.mixed(with: palette.paper, 0.45)))",
            "--on-navy: \(hex(onNavy))", "--on-navy-90: \(soft(0.9))", "--on-navy-82: \(soft(0.82))",
            "--on-navy-72: \(soft(0.72))",
            "--on-navy-chip: \(hex(palette.game.mixed(with: onNavy, 0.16)))", "--on-gold: \(hex(palette.onAccent))",
            "--game-time: \(hex(palette.accent.mixed(with: palette.paper, 0.45).readable(on: navy2, against: onNavy)))",
        ]
        if let family = fontFamily {
            // Installed family names only; kept to characters that cannot end the declaration.
            let safe = family.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            variables.append("--sans: \"\(safe)\", \"Inter\", system-ui, sans-serif, \"Noto Color Emoji\"")
        }
        let logo = look.logo.map { logo in
            (logo.kind == .svg ? "data:image/svg+xml;base64," : "data:image/png;base64,")
                + Data(logo.bytes).base64EncodedString()
        }
        let days = palette.days == Palette.builtIn.days ? nil : palette.days.map(hex)
        self.init(
            variables: variables.joined(separator: "; ") + ";", logo: logo, logoAlt: name, footer: look.footer,
            dayColours: days)
    }
}
