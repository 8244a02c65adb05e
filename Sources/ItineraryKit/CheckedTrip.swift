import ItineraryModel
import ItineraryPresentation
import ItineraryConstraints
import ItineraryPDF
import Foundation

/// An itinerary read from itinerary/v1 bytes and checked against the format
/// and the trip's rules: games on their day, travel between its barrier games.
///
/// ```swift
/// let trip = try CheckedTrip(bytes: Array(data))
/// let pdf = try trip.render(.pdf)
/// ```
public struct CheckedTrip: Sendable {
    /// The trip in its one order, as every output shows it.
    package let ordered: OrderedItinerary
    /// The bytes the trip was read from, which its PDFs carry; nil for a trip made from an edit.
    package let source: [UInt8]?

    /// The decoded file: trip, games, items, and the JSON they came from.
    package var itinerary: Itinerary { ordered.itinerary }

    /// Reads and checks a document.
    ///
    /// - Throws: ``Problems``: every problem found, each with a code, a
    ///   location and a sentence; a file that is not JSON, too large or of
    ///   the wrong shape gives one problem, a well-formed file every rule it breaks.
    public init(bytes: [UInt8]) throws(Problems) {
        do {
            try self.init(reading: bytes)
        } catch {
            throw Problems(error)
        }
    }

    /// Reads and checks a document, with the reader's own problems (their JSON paths),
    /// for the command line and the service.
    package init(reading bytes: [UInt8]) throws(InputProblems) {
        var itinerary = try ItineraryReader.read(bytes: bytes)
        // The JSON as written is for rewriting a file (TripEditor reads its own); a trip that is
        // rendered keeps the bytes instead, for its PDFs: the 5,000-item trip's parsed JSON is a
        // tenth of its book's peak memory, its bytes a sixth of that.
        itinerary.document = .null
        try self.init(itinerary, source: bytes)
    }

    /// Checks an itinerary already decoded, for example one just edited.
    package init(_ itinerary: Itinerary, source: [UInt8]? = nil) throws(InputProblems) {
        let checker = ConstraintChecker(itinerary)
        let violations = checker.check()
        guard violations.isEmpty else { throw InputProblems(violations) }
        ordered = checker.itinerary
        self.source = source
    }

    /// Reads and checks the trip a PDF carries: every PDF made by this library
    /// carries the trip it was made from (without what `omit` left out), unless
    /// `omit` held `.source`. `password` opens a PDF locked with one.
    /// - Throws: ``Problems``: one with code `noTripInPDF` for a PDF without a
    ///   trip, one that cannot be read or a wrong password; else as `init(bytes:)`.
    public init(pdf: [UInt8], password: [UInt8]? = nil) throws(Problems) {
        let bytes: [UInt8]
        do {
            bytes = try Self.tripJSON(inPDF: pdf, password: password)
        } catch {
            throw Problems(problems: [error])
        }
        try self.init(bytes: bytes)
    }

    /// The trip a PDF carries, its bytes exactly as the PDF holds them: for a PDF
    /// made without `omit`, the bytes the trip was read from. A trip that inflates past
    /// ``maximumBytes`` is refused as it is decoded, never read whole.
    /// - Throws: `Problem` with code `lockedPDF` for a locked PDF given without its password or with
    ///   another, `tooLarge` for a trip past ``maximumBytes``, else `noTripInPDF`; and one sentence.
    public static func tripJSON(inPDF pdf: [UInt8], password: [UInt8]? = nil) throws(Problem) -> [UInt8] {
        do throws(AttachedTrip.Failure) {
            return try AttachedTrip.read(pdf: pdf, password: password, limit: maximumBytes)
        } catch {
            switch error.kind {
            case .locked, .wrongPassword: throw Problem(code: .lockedPDF, "\(error.description).")
            case .tooLarge:
                throw Problem(
                    code: .tooLarge, "\(error.description) (\(maximumBytes >> 20) MiB); it is not read further.")
            case .noTrip, .unreadable: throw Problem(code: .noTripInPDF, "\(error.description).")
            }
        }
    }

    /// The trip as its PDFs carry it: the bytes it was read from, or without the fields
    /// `omitted` (JSON as the fixtures are written); nil when there is no JSON to carry.
    package func attachment(omitting omitted: Set<OmittedField>) -> [UInt8]? {
        let fields = omitted.subtracting([.source])
        if fields.isEmpty, let source { return source }
        let document: JSONValue
        if let source {
            guard let parsed = try? JSONValue(parsing: source) else { return nil }
            document = parsed
        } else {
            document = itinerary.document
        }
        guard document != .null else { return nil }
        return Array(document.omitting(fields).formatted.utf8)
    }

    /// This library's version, as documents' producer and `itinerary --version` say it.
    public static var version: String { itineraryVersion }

    /// The largest file a trip may be, in bytes (32 MiB): larger is refused (`tooLarge`)
    /// before it is read, so a reader of a file or a request body can stop there.
    public static var maximumBytes: Int { ItineraryReader.maximumBytes }

    /// The trip's name, as the documents' titles show it.
    public var name: String { ordered.trip.name }

    /// The built-in sample trip (Spring Swing 2026), always valid.
    public static var sample: CheckedTrip {
        do {
            return try CheckedTrip(reading: SampleTrip.bytes)
        } catch {
            // The sample is checked by the test suite; failing here is a build defect.
            fatalError("the built-in sample trip does not check: \(error)")
        }
    }

    /// The built-in sample trip's file, as `itinerary sample` prints it.
    public static var sampleJSON: String { SampleTrip.json }

    /// The trip's name as a file name: lower-case ASCII letters and digits
    /// joined by dashes, accents folded ("Spring Swing 2026" → "spring-swing-2026").
    public var fileStem: String { Self.fileStem(itinerary.trip.name) }

    /// A name as a file name, as `fileStem` makes it.
    package static func fileStem(_ name: String) -> String {
        let folded = name.folding(
            options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
            locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug.append("-")
            }
            if slug.count >= 80 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "trip" : slug
    }

    /// The counts `summary` says, as JSON encodes them: `days`, `games`, `travel`,
    /// `customItems`, `cities` and `totalMiles` (to a tenth), as `POST /v1/validate` answers.
    public var statistics: some Encodable & Sendable { TripStatistics(ordered) }

    /// "5 days, 4 games, 3 travel, 9 custom items, 3 cities, 755 mi".
    public var summary: String {
        // The command line speaks English: its words are not the documents' catalogue.
        let stats = TripStatistics(ordered)
        func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
            "\(number) " + (number == 1 ? singular : plural ?? singular + "s")
        }
        return [
            count(stats.days, "day"), count(stats.games, "game"), "\(stats.travel) travel",
            count(stats.customItems, "custom item"),
            count(stats.cities, "city", "cities"),
            Formats.english.distance(miles: stats.totalMiles, units: ordered.trip.units ?? .imperial),
        ].joined(separator: ", ")
    }
}
