/// What a render pool and its worker say to each other, as JSON frames (`Frames`), each size
/// bounded. The worker, once started, draws the sample and answers `ready`; then for every
/// request (a `Request` frame and the trip's bytes) it answers an `Answer` frame and its
/// documents, one frame each.
enum PoolMessage {
    /// One document to draw.
    struct Request: Codable, Sendable {
        /// `OutputFormat`'s raw value.
        var format: String
        /// For PNG, one page alone (from 1), as `renderPNGPage` draws it; nil: every page.
        var page: Int?
        var options: RenderOptions.Wire
        /// Whether the bytes that follow are the file the trip was read from, which its PDF carries;
        /// false for a trip made from an edit, whose PDF carries its JSON as written.
        var isSource: Bool
    }

    /// What a worker answers.
    struct Answer: Codable, Sendable {
        /// The first answer of a worker that drew the sample.
        var ready: Ready?
        /// How many document frames follow.
        var documents: Int?
        /// The page count of `renderPNGPage`.
        var pageCount: Int?
        /// Why the document could not be drawn: the same problem `CheckedTrip.render` throws.
        var problem: Problem?
    }

    /// What a worker says of itself when it is ready.
    struct Ready: Codable, Sendable {
        /// `cairo_version_string()`.
        var cairo: String
        /// Whether it draws under `CairoLock` (a Cairo before 1.17.8).
        var locked: Bool
    }

    /// The largest request frame: the options, with a theme's logo (2 MB at most) and a set of templates.
    static let requestLimit = 64 << 20
    /// The largest trip: twice `CheckedTrip.maximumBytes`, for an edited trip written out again.
    static var tripLimit: Int { 2 * CheckedTrip.maximumBytes }
    /// The largest answer frame (a header).
    static let answerLimit = 1 << 20
    /// The largest document frame: a PDF of the longest trip is a few MB, a PNG page at 600 dpi tens.
    static let documentLimit = 1 << 30
    /// The most documents one answer holds: PNG pages.
    static let documentCountLimit = 100_000
}
