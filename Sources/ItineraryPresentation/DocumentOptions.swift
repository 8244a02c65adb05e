/// The options every stage shares (layout, PDF and PNG painting, the web page,
/// Markdown, snapshots): each reads its part. `RenderOptions` holds one, beside
/// the inputs only it can name (a theme, templates, a password); a snapshot
/// manifest records one.
package struct DocumentOptions: Sendable, Equatable, Codable {
    /// `.book` (one flowing document) or `.daySheets` (each day on a new page).
    package var layout: DocumentStyle
    /// The paper of the PDF and PNG pages and of the HTML page's print stylesheet.
    package var pageSize: PageSize
    /// The resolution of PNG pages, 18 to 600 dots per inch.
    package var dpi: Double
    /// Seconds since 1970 stamped as the documents' creation time
    /// (`SOURCE_DATE_EPOCH`), so the same input gives the same bytes; nil: now.
    /// Not part of a snapshot manifest: references are stamped alike.
    package var creationDate: Int?
    /// Fields left out of every format, for a copy shared outside the trip.
    package var omit: Set<OmittedField>
    /// The documents' language, a BCP 47 tag (`de`, `pt-BR`, `ar-EG`); nil: the
    /// trip's `locale`, else `en-US`. A tag without a catalogue of its own uses
    /// its nearest parent's (`de-CH` → `de`); its dates and numbers stay its own.
    package var locale: String?
    /// PDFs that also conform to PDF/A, for archives: PDF/A-3a, as a PDF carries its trip
    /// (PDF/A-2a when `omit` has `source`); every PDF conforms to PDF/UA-1.
    package var pdfA: Bool
    /// The parts of the document (`cover`, `map`, `days`, `bookings`), always in that
    /// order; nil: the book's and the web page's every part, and day sheets' days
    /// alone (with `bookings` asked for, a last sheet of bookings).
    package var sections: Set<Section>?
    /// Each day of the book starts a new page (a day longer than a page runs on).
    package var dayPerPage: Bool

    package init(
        layout: DocumentStyle = .book, pageSize: PageSize = .letter, dpi: Double = 144, creationDate: Int? = nil,
        omit: Set<OmittedField> = [], locale: String? = nil, pdfA: Bool = false, sections: Set<Section>? = nil,
        dayPerPage: Bool = false
    ) {
        self.layout = layout
        self.pageSize = pageSize
        self.dpi = dpi
        self.creationDate = creationDate
        self.omit = omit
        self.locale = locale
        self.pdfA = pdfA
        self.sections = sections
        self.dayPerPage = dayPerPage
    }

    /// The keys of a snapshot manifest's options; `creationDate` is not one of them.
    enum CodingKeys: String, CodingKey {
        case layout, pageSize, dpi, locale, omit, pdfA, sections, dayPerPage
    }

    /// Manifests recorded before locale, omit, pdfA, sections and dayPerPage were kept have none of them.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        layout = try container.decode(DocumentStyle.self, forKey: .layout)
        pageSize = try container.decode(PageSize.self, forKey: .pageSize)
        dpi = try container.decode(Double.self, forKey: .dpi)
        creationDate = nil
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        omit = Set(try container.decodeIfPresent([OmittedField].self, forKey: .omit) ?? [])
        pdfA = try container.decodeIfPresent(Bool.self, forKey: .pdfA) ?? false
        sections = try container.decodeIfPresent([Section].self, forKey: .sections).map(Set.init)
        dayPerPage = try container.decodeIfPresent(Bool.self, forKey: .dayPerPage) ?? false
    }

    /// The fields left out in their order of declaration, the parts in the document's
    /// order, so the same options always give the same bytes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layout, forKey: .layout)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encode(dpi, forKey: .dpi)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encode(OmittedField.allCases.filter(omit.contains), forKey: .omit)
        try container.encode(pdfA, forKey: .pdfA)
        try container.encodeIfPresent(sections.map(Section.inOrder), forKey: .sections)
        try container.encode(dayPerPage, forKey: .dayPerPage)
    }
}
