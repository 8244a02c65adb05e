internal import CCairo

/// The finisher (Sources/CPDFFinish) reads the files of one Cairo: 1.16's
/// (its classic cross-reference table, its objects' layout, its tags). The
/// Cairo loaded at run time is asked once which it is; with any other, every
/// PDF is refused in one sentence naming it (docs/architecture.md), rather than
/// finished wrongly. PNG pages and the other formats are drawn as ever.
enum FinisherCairo {
    /// Cairo 1.16.0 up to, not including, 1.17: the releases whose files the finisher was made for.
    static let known = 11600..<11700

    /// Why this process's Cairo cannot be finished for, or nil when it can: asked once.
    static let refusal = refusal(version: Int(cairo_version()), named: String(cString: cairo_version_string()))

    /// Why Cairo `version` (as `CAIRO_VERSION_ENCODE` makes it, 11600 for 1.16.0) cannot be finished for.
    static func refusal(version: Int, named name: String) -> String? {
        guard !known.contains(version) else { return nil }
        return "this process runs Cairo \(name), and the PDF finisher, which makes every PDF PDF/UA-1, "
            + "is proven on Cairo 1.16's files alone: no PDF can be made with it (PNG and the other formats can)"
    }

    /// Throws unless the finisher knows this process's Cairo.
    static func check() throws(TripDocument.Failure) {
        if let refusal { throw TripDocument.Failure(description: refusal) }
    }
}
