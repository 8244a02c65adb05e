import ItineraryModel

extension InputProblem {
    /// `code @ location`, the part of a problem the tests hold fixed.
    package var summary: String { "\(code) @ \(location)" }
}
