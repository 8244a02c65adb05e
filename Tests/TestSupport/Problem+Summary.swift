import ItineraryModel

extension Problem {
    /// `code @ location`, the part of a problem the tests hold fixed.
    package var summary: String { "\(code) @ \(location)" }
}
