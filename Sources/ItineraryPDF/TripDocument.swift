public import ItineraryPresentation

/// Settings of a printed document.
public struct PDFOptions: Sendable {
    public var pageSize: PageSize
    public var style: DocumentStyle
    /// Resolution of PNG previews.
    public var dpi: Double
    /// Seconds since 1970 to stamp as the creation date (from SOURCE_DATE_EPOCH); nil: now.
    public var creationDate: Int?
    /// "itinerary 0.1.0".
    public var creator: String

    public init(pageSize: PageSize = .letter, style: DocumentStyle = .book, dpi: Double = 144, creationDate: Int? = nil, creator: String = "itinerary") {
        self.pageSize = pageSize
        self.style = style
        self.dpi = dpi
        self.creationDate = creationDate
        self.creator = creator
    }
}

/// The trip book and day sheets, as PDF or PNG pages.
public enum TripDocument {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The whole document as PDF bytes.
    public static func pdf(_ trip: PresentedTrip, options: PDFOptions) throws(Failure) -> [UInt8] {
        throw Failure(description: "PDF output is being built")
    }

    /// One PNG per page, from the same layout as the PDF.
    public static func png(_ trip: PresentedTrip, options: PDFOptions) throws(Failure) -> [[UInt8]] {
        throw Failure(description: "PNG output is being built")
    }
}
