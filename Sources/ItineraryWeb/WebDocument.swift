import ItineraryPresentation
import ItineraryModel

/// A theme as the page uses it: the stylesheet's colour and font variables,
/// the logo as a data URI (an `<img>`, so an SVG's scripts never run), and the footer line.
package struct WebTheme: Sendable {
    /// `--ink: #1b1b1b; --paper: …`: declarations for `:root`.
    package var variables: String
    package var logo: String?
    package var logoAlt: String
    package var footer: String?
    /// The route's day colours ("#2f5da8"), taken in turn; nil: the built-in ones.
    package var dayColours: [String]?

    package init(variables: String, logo: String?, logoAlt: String, footer: String?, dayColours: [String]? = nil) {
        self.dayColours = dayColours
        self.variables = variables
        self.logo = logo
        self.logoAlt = logoAlt
        self.footer = footer
    }
}

/// The trip as a web page and as Markdown, rendered from templates.
package enum WebDocument {
    /// One self-contained HTML5 file: inline CSS, the route as inline SVG, no scripts.
    /// - Parameters:
    ///   - options: what every stage shares; the page reads its page size (the print
    ///     stylesheet's `@page`), its layout (with `.daySheets`, each day starts a new
    ///     printed page) and its sections (nil: every part that has something to show;
    ///     a part asked for that has nothing says so).
    ///   - map: the land, water and borders under the route drawing; none by default,
    ///     so the page depends only on what it is given.
    ///   - theme: an app's own look; nil: the built-in one.
    package static func html(
        _ trip: PresentedTrip, options: DocumentOptions = DocumentOptions(), map: MapData = .none,
        theme: WebTheme? = nil, templates: MustacheTemplates = .bundled
    ) -> String {
        templates.render(TripView.html(trip, options: options, map: map, theme: theme), format: .html)
    }

    /// `html` as the UTF-8 bytes of the file.
    package static func htmlUTF8(
        _ trip: PresentedTrip, options: DocumentOptions = DocumentOptions(), map: MapData = .none,
        theme: WebTheme? = nil, templates: MustacheTemplates = .bundled
    ) -> [UInt8] {
        Array(html(trip, options: options, map: map, theme: theme, templates: templates).utf8)
    }

    /// CommonMark (with GitHub tables allowed) that reads well as plain text too; of the
    /// options it reads the sections (nil: every part).
    package static func markdown(
        _ trip: PresentedTrip, templates: MustacheTemplates = .bundled, footer: String? = nil,
        options: DocumentOptions = DocumentOptions()
    ) -> String {
        templates.render(TripView.markdown(trip, footer: footer, options: options), format: .markdown)
    }

    /// `markdown` as the UTF-8 bytes of the file.
    package static func markdownUTF8(
        _ trip: PresentedTrip, templates: MustacheTemplates = .bundled, footer: String? = nil,
        options: DocumentOptions = DocumentOptions()
    ) -> [UInt8] {
        Array(markdown(trip, templates: templates, footer: footer, options: options).utf8)
    }
}
