import ItineraryPresentation
import ItineraryModel

/// Settings of the HTML page that matter when it is printed.
package struct WebOptions: Sendable {
    /// The paper of the print stylesheet's `@page`.
    package var pageSize: PageSize
    /// With `.daySheets`, each day starts a new printed page.
    package var style: DocumentStyle
    /// The land, water and borders under the route drawing; none by default,
    /// so the page depends only on what it is given.
    package var map: MapData
    /// An app's own look; nil: the built-in one.
    package var theme: WebTheme?
    /// The parts asked for by name, which the page has in its own order; nil: every part
    /// that has something to show. A part asked for that has nothing says so.
    package var sections: Set<Section>?

    package init(
        pageSize: PageSize = .letter, style: DocumentStyle = .book, map: MapData = .none, theme: WebTheme? = nil
    ) {
        self.pageSize = pageSize
        self.style = style
        self.map = map
        self.theme = theme
    }
}

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
    package static func html(
        _ trip: PresentedTrip, options: WebOptions = WebOptions(), templates: MustacheTemplates = .bundled
    ) -> String {
        templates.render(TripView.html(trip, options: options), format: .html)
    }

    /// `html` as the UTF-8 bytes of the file.
    package static func htmlUTF8(
        _ trip: PresentedTrip, options: WebOptions = WebOptions(), templates: MustacheTemplates = .bundled
    ) -> [UInt8] {
        Array(html(trip, options: options, templates: templates).utf8)
    }

    /// CommonMark (with GitHub tables allowed) that reads well as plain text too.
    package static func markdown(
        _ trip: PresentedTrip, templates: MustacheTemplates = .bundled, footer: String? = nil,
        sections: Set<Section>? = nil
    ) -> String {
        templates.render(TripView.markdown(trip, footer: footer, sections: sections), format: .markdown)
    }

    /// `markdown` as the UTF-8 bytes of the file.
    package static func markdownUTF8(
        _ trip: PresentedTrip, templates: MustacheTemplates = .bundled, footer: String? = nil,
        sections: Set<Section>? = nil
    ) -> [UInt8] {
        Array(markdown(trip, templates: templates, footer: footer, sections: sections).utf8)
    }
}
