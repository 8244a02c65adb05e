import Foundation
import ItineraryLayout
import ItineraryModel

/// An app's own look for the documents: its colours, typeface, logo and
/// footer line, applied alike to the PDF, the PNG pages, the day sheets and
/// the HTML (Markdown takes the footer line). Every key is optional; what a
/// theme leaves out stays as the built-in look. A theme whose colours would
/// make text hard to read (below WCAG AA contrast) is refused.
///
/// ```swift
/// var options = RenderOptions()
/// options.theme = try Theme(contentsOf: "themes/northwind.json")
/// ```
public struct Theme: Sendable {
    /// "Northwind Trips"; the file's name without `.json` when the file has none.
    public let name: String
    package let look: Look
    /// The typeface's family and the files of its faces; nil: Inter.
    package let font: (family: String, files: [String])?
    /// The file the theme was read from, as given; nil for a theme made in code.
    package private(set) var file: String?

    private init(name: String, look: Look, font: (family: String, files: [String])?) {
        self.name = name
        self.look = look
        self.font = font
    }

    /// A theme as it was made in another process, its parts already checked there: a render
    /// pool's worker gets its options' theme this way (ItineraryKit's wire form).
    package init(name: String, look: Look, font: (family: String, files: [String])?, file: String?) {
        self.init(name: name, look: look, font: font)
        self.file = file
    }

    /// Reads a theme file (JSON; `itinerary schema --theme` prints its schema).
    /// A logo's path is taken relative to the file.
    /// - Throws: `ThemeProblem`, the file and key as its location, and one sentence.
    package static func read(_ path: String) throws(ThemeProblem) -> Theme {
        try Theme(contentsOf: path)
    }

    private init(contentsOf path: String) throws(ThemeProblem) {
        let url = URL(fileURLWithPath: path)
        let file = url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            // Named once, as a trip that cannot be read is: "brand.json: no such file."
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw ThemeProblem(location: file, message: "\(file): \(reason).")
        }
        try self.init(json: Array(data), file: file, directory: url.deletingLastPathComponent().path)
        self.file = path
    }

    /// A theme from its JSON, as a file holds it; `directory` is where a logo's path starts.
    /// - Throws: `ThemeProblem`, as `init(contentsOf:)` does; `file` names it in the sentence.
    package init(
        json: [UInt8], file: String = "theme", directory: String = ".", reading: Void = ()
    ) throws(ThemeProblem) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: json)
        } catch {
            throw ThemeProblems.notJSON(file, error)
        }
        guard case .object(let object) = document else {
            throw ThemeProblems.problem(file, nil, "is not a JSON object.")
        }
        func string(_ key: String, in object: JSONObject, at path: String) throws(ThemeProblem) -> String? {
            guard let value = object[key]?.nonNull else { return nil }
            guard let text = value.stringValue else { throw ThemeProblems.problem(file, path, "must be text.") }
            return text
        }
        try ThemeProblems.onlyKeys(object, ["name", "colors", "font", "logo", "footer"], file: file, at: nil)
        var colors: [String: String] = [:]
        var days: [String]?
        if let value = object["colors"]?.nonNull {
            guard case .object(let colorObject) = value else {
                throw ThemeProblems.problem(file, "colors", "must be an object of colours.")
            }
            try ThemeProblems.onlyKeys(
                colorObject, ["ink", "paper", "accent", "game", "days"], file: file, at: "colors")
            for key in ["ink", "paper", "accent", "game"] {
                if let text = try string(key, in: colorObject, at: "colors." + key) { colors[key] = text }
            }
            if let value = colorObject["days"]?.nonNull {
                guard let list = value.arrayValue, !list.isEmpty, list.count <= 12,
                    list.allSatisfy({ $0.stringValue != nil })
                else {
                    throw ThemeProblems.problem(file, "colors.days", "must be a list of 1 to 12 colours.")
                }
                days = list.compactMap(\.stringValue)
            }
        }
        var logo: [UInt8]?
        var logoName: String?
        if let path = try string("logo", in: object, at: "logo") {
            let url =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory).appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied" : "no such file"
                throw ThemeProblems.problem(
                    file, "logo",
                    "\"\(path.shownInMessage)\" cannot be read: \(reason)."
                )
            }
            logo = Array(data)
            logoName = path
        }
        try self.init(
            name: try string("name", in: object, at: "name") ?? String(file.split(separator: ".").first ?? "theme"),
            ink: colors["ink"], paper: colors["paper"], accent: colors["accent"], game: colors["game"], days: days,
            font: try string("font", in: object, at: "font"), logo: logo, logoName: logoName,
            footer: try string("footer", in: object, at: "footer"), file: file)
    }

    /// A theme made in code: colours as `#rgb` or `#rrggbb`, the logo's PNG or SVG bytes.
    /// - Throws: `ThemeProblem`, as a theme file's would be.
    package init(
        made name: String, ink: String? = nil, paper: String? = nil, accent: String? = nil, game: String? = nil,
        days: [String]? = nil,
        font: String? = nil, logo: [UInt8]? = nil, footer: String? = nil
    ) throws(ThemeProblem) {
        try self.init(
            name: name, ink: ink, paper: paper, accent: accent, game: game, days: days, font: font, logo: logo,
            logoName: "logo",
            footer: footer, file: name)
    }

    private init(
        name: String, ink: String?, paper: String?, accent: String?, game: String?, days: [String]?, font: String?,
        logo: [UInt8]?, logoName: String?, footer: String?, file: String
    ) throws(ThemeProblem) {
        func colour(_ text: String?, _ key: String) throws(ThemeProblem) -> Color? {
            guard let text else { return nil }
            guard let value = ThemeProblems.hex(text) else {
                throw ThemeProblems.problem(
                    file, key, "\"\(text.shownInMessage)\" is not a colour written #rgb or #rrggbb.")
            }
            return value
        }
        let dayColours = try days.map { list throws(ThemeProblem) in
            var colours: [Color] = []
            for (index, text) in list.enumerated() {
                if let value = try colour(text, "colors.days[\(index)]") { colours.append(value) }
            }
            return colours
        }
        let palette = Palette(
            ink: try colour(ink, "colors.ink"), paper: try colour(paper, "colors.paper"),
            game: try colour(game, "colors.game"),
            accent: try colour(accent, "colors.accent"), days: dayColours)
        try ThemeProblems.checkContrast(palette, file: file)
        var chosenFont: (family: String, files: [String])?
        if let font {
            let files = InstalledFonts.files(of: font)
            guard !files.isEmpty else {
                throw ThemeProblems.problem(
                    file, "font",
                    "\"\(font.shownInMessage)\" is not an installed font family; the closest installed are "
                        + InstalledFonts.closest(to: font).joined(separator: ", ") + ".")
            }
            chosenFont = (font, files)
        }
        var chosenLogo: Logo?
        if let logo {
            let name = (logoName ?? "logo").shownInMessage
            guard logo.count <= 2 * 1024 * 1024 else {
                throw ThemeProblems.problem(
                    file, "logo",
                    "\"\(name)\" is \(String(format: "%.1f", Double(logo.count) / 1_048_576)) MB; "
                        + "a logo is at most 2 MB."
                )
            }
            let kind: Logo.Kind
            if PNGFile.size(logo) != nil {
                kind = .png
            } else if String(decoding: logo.prefix(4096), as: UTF8.self).contains("<svg") {
                kind = .svg
            } else {
                throw ThemeProblems.problem(file, "logo", "\"\(name)\" is not a PNG or SVG file.")
            }
            do {
                let size = try LogoArt.size(logo, kind: kind)
                chosenLogo = Logo(kind: kind, bytes: logo, width: size.width, height: size.height)
            } catch {
                throw ThemeProblems.problem(file, "logo", "\"\(name)\" is \(error.description).")
            }
        }
        if let footer, footer.count > 200 || footer.contains(where: \.isNewline) {
            throw ThemeProblems.problem(file, "footer", "must be one line of at most 200 characters.")
        }
        self.init(
            name: name,
            look: Look(palette: palette, footer: footer.flatMap { $0.isEmpty ? nil : $0 }, logo: chosenLogo),
            font: chosenFont)
    }
}

/// Every sentence about a theme, naming the file and the key.
/// A theme that cannot be used: where (the file, and the key), and one sentence
/// naming them; the library says it as a `Problem` with the code `badTheme`.
package struct ThemeProblem: Error, Sendable {
    package let location: String
    package let message: String
}

package enum ThemeProblems {
    static func problem(_ file: String, _ key: String?, _ sentence: String) -> ThemeProblem {
        ThemeProblem(
            location: key.map { "\(file): \($0)" } ?? file,
            message: (key.map { "\(file): \($0) " } ?? "\(file) ") + sentence)
    }

    /// Text that is not JSON, a trailing comma or a key given twice: where, and what.
    static func notJSON(_ file: String, _ error: JSONSyntaxError) -> ThemeProblem {
        let place = "\(file): line \(error.line), column \(error.column)"
        return ThemeProblem(location: place, message: "\(place): not valid JSON: \(error.reason).")
    }

    static func onlyKeys(_ object: JSONObject, _ keys: [String], file: String, at path: String?) throws(ThemeProblem) {
        for key in object.keys.sorted() where !keys.contains(where: { $0.hasSameCodePoints(as: key) }) {
            let location = path.map { "\($0).\(key)" } ?? key
            throw ThemeProblem(
                location: "\(file): \(location)",
                message:
                    "\(file): unknown key \"\(location.shownInMessage)\"; "
                    + "the keys\(path.map { " of \($0)" } ?? "") are \(keys.joined(separator: ", "))."
            )
        }
    }

    /// "#1b1b1b" or "#fff".
    static func hex(_ text: String) -> Color? {
        guard text.hasPrefix("#") else { return nil }
        var digits = String(text.dropFirst())
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard let value = UInt32(digits, radix: 16) else { return nil }
        return Color(hex: value)
    }

    /// The text the design draws on each of the theme's colours must read at WCAG AA: 4.5:1.
    static func checkContrast(_ palette: Palette, file: String) throws(ThemeProblem) {
        let pairs: [(text: Color, background: Color, key: String, what: String)] = [
            (palette.ink, palette.paper, "colors.ink", "text (ink) on the page (paper)"),
            (palette.game, palette.paper, "colors.game", "headings and game cards' text (game) on the page (paper)"),
            (palette.game, palette.cardFill, "colors.game", "game cards' text (game) on their tint of the game colour"),
            (
                palette.onGame, palette.game, "colors.game",
                "text on the game colour (badges, the HTML title band), the better of paper and ink,"
            ),
            (
                palette.onAccent, palette.accent, "colors.accent",
                "text and icons on the accent colour (day labels, travel icons), the better of paper and ink,"
            ),
            (
                palette.accentInk, palette.accentFill, "colors.accent",
                "the travel mode's word (the accent, darkened) on the travel row's tint"
            ),
            (palette.muted, palette.paper, "colors.ink", "secondary text (ink, lightened) on the page (paper)"),
        ]
        for (text, background, key, what) in pairs {
            let ratio = text.contrast(with: background)
            if ratio < 4.5 {
                throw problem(
                    file, key,
                    "makes \(what) \(text.hexText) on \(background.hexText) \(String(format: "%.2f", ratio)):1; "
                        + "text needs at least 4.5:1 (WCAG AA)."
                )
            }
        }
    }
}
