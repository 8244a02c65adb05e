/// What a theme changes in the printed documents: the colours, a line in every
/// page's footer, and a logo in the title band and, small, in the page header.
package struct Look: Sendable, Codable {
    package var palette: Palette
    /// "Northwind Trips · +1 555 0100 · help@northwind.example".
    package var footer: String?
    package var logo: Logo?

    package static let builtIn = Look(palette: .builtIn, footer: nil, logo: nil)

    package init(palette: Palette, footer: String?, logo: Logo?) {
        self.palette = palette
        self.footer = footer
        self.logo = logo
    }
}

/// A theme's logo: its bytes and their natural size (points for SVG, pixels for PNG).
package struct Logo: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable { case png, svg }
    package let kind: Kind
    package let bytes: [UInt8]
    package let width: Double
    package let height: Double

    package init(kind: Kind, bytes: [UInt8], width: Double, height: Double) {
        self.kind = kind
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}
