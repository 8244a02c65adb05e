import ItineraryModel

extension Problem {
    /// `code @ location`, the part of a problem the tests hold fixed.
    public var summary: String { "\(code) @ \(location)" }
}
