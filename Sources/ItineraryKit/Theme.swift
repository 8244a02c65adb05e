import ItineraryPDF

/// An app's own look for the documents: its colours, typeface, logo and
/// footer line, applied alike to the PDF, the PNG pages, the day sheets and
/// the HTML (Markdown takes the footer line). Every key is optional; what a
/// theme leaves out stays as the built-in look. A theme whose colours would
/// make text hard to read (below WCAG AA contrast) is refused. The type is
/// the printing stage's own, where themes are read and checked
/// (`Sources/ItineraryPDF/Theme.swift`).
///
/// ```swift
/// var options = RenderOptions()
/// options.theme = try Theme(contentsOf: "themes/northwind.json")
/// ```
public typealias Theme = ItineraryPDF.Theme

extension Theme {
    /// Reads a theme file (JSON; `itinerary schema --theme` prints its schema).
    /// A logo's path is taken relative to the file.
    /// - Throws: `Problem` with code `badTheme`, the file and key as its location, and one sentence.
    public init(contentsOf path: String) throws(Problem) {
        do {
            self = try Theme.read(path)
        } catch {
            throw Problem(error)
        }
    }

    /// A theme from its JSON, as a file holds it; `directory` is where a logo's path starts.
    /// - Throws: `Problem` with code `badTheme`, as `init(contentsOf:)` does; `file` names it in the sentence.
    public init(json: [UInt8], file: String = "theme", directory: String = ".") throws(Problem) {
        do {
            self = try Theme(json: json, file: file, directory: directory, reading: ())
        } catch {
            throw Problem(error)
        }
    }

    /// A theme made in code: colours as `#rgb` or `#rrggbb`, the logo's PNG or SVG bytes.
    /// - Throws: `Problem` with code `badTheme`, as a theme file's would be.
    public init(
        name: String, ink: String? = nil, paper: String? = nil, accent: String? = nil, game: String? = nil,
        days: [String]? = nil,
        font: String? = nil, logo: [UInt8]? = nil, footer: String? = nil
    ) throws(Problem) {
        do {
            self = try Theme(
                made: name, ink: ink, paper: paper, accent: accent, game: game, days: days, font: font, logo: logo,
                footer: footer)
        } catch {
            throw Problem(error)
        }
    }

    /// The JSON Schema of a theme file.
    public static var schema: String { String(decoding: PackageResources.theme_v1_schema_json, as: UTF8.self) }
}

extension Problem {
    /// A theme that cannot be used.
    init(_ problem: ThemeProblem) {
        self.init(code: .badTheme, location: problem.location, problem.message)
    }
}
