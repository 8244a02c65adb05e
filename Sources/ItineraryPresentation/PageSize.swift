/// The paper a document is set for.
package enum PageSize: String, Sendable, CaseIterable {
    case letter
    case a4

    /// Width and height in PostScript points (1/72 inch).
    package var points: (width: Double, height: Double) {
        switch self {
        case .letter: (612, 792)
        case .a4: (595.276, 841.89)
        }
    }

    /// The CSS `@page` size keyword.
    package var cssName: String {
        switch self {
        case .letter: "letter"
        case .a4: "A4"
        }
    }
}

/// How a document is divided: one flowing trip book, or a page (or more) per day.
package enum DocumentStyle: String, Sendable, CaseIterable {
    case book
    case daySheets = "day-sheets"
}
