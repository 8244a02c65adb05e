internal import CCairo

/// The finisher (Sources/CPDFFinish) reads the files of one Cairo: 1.16's
/// (its classic cross-reference table, its objects' layout, its tags). The
/// Cairo loaded at run time is asked once which it is, and a PDF/UA document
/// is refused in one sentence by any other, rather than finished wrongly.
enum FinisherCairo {
    /// Cairo 1.16.0 up to, not including, 1.17: the releases whose files the finisher was made for.
    static let known = 11600..<11700

    /// Why this process's Cairo cannot be finished for, or nil when it can: asked once.
    static let refusal = refusal(version: Int(cairo_version()), named: String(cString: cairo_version_string()))

    /// Why Cairo `version` (as `CAIRO_VERSION_ENCODE` makes it, 11600 for 1.16.0) cannot be finished for.
    static func refusal(version: Int, named name: String) -> String? {
        guard !known.contains(version) else { return nil }
        return "the PDF finisher was made for Cairo 1.16's files, and this process runs Cairo \(name)"
    }

    /// Throws unless the finisher knows this process's Cairo.
    static func check() throws(CairoFailure) {
        if let refusal { throw CairoFailure(operation: "finishing the PDF for PDF/UA", reason: refusal) }
    }
}
