/// The paper a document is set for: the PDF and PNG pages and the HTML page's
/// print stylesheet. The one definition: the library's options, the command
/// line's `--page-size`, the service's `pageSize` and the layout all use it.
public enum PageSize: String, Sendable, CaseIterable, Codable {
    /// US Letter, 8.5 × 11 inches.
    case letter
    /// ISO A4, 210 × 297 millimetres.
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

/// How a printed document is divided.
public enum DocumentStyle: String, Sendable, CaseIterable, Codable {
    /// One flowing trip book.
    case book
    /// Each day starts a new page.
    case daySheets = "day-sheets"
}
