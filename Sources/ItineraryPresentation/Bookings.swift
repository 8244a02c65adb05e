import ItineraryModel

/// A part of a printed or web document a traveller may choose to have, in the
/// order the document has them (the order a list names them in does not change it).
public enum Section: String, Sendable, CaseIterable, Codable {
    /// The title and the summary.
    case cover
    /// The route map of the whole trip.
    case map
    /// Every day with its items.
    case days
    /// Every booking's confirmation on one page, after the days.
    case bookings

    /// Parts in the document's order.
    package static func inOrder(_ parts: Set<Section>) -> [Section] { allCases.filter(parts.contains) }
}

extension Section {
    /// The parts a document has: those asked for, else the book's and the web page's
    /// every part and the day sheets' days. Day sheets have no cover and no trip map
    /// (each day has its own), unless those are all that is asked for: then they are
    /// drawn as the book draws them, so no document is blank.
    package static func chosen(_ asked: Set<Section>?, style: DocumentStyle) -> Set<Section> {
        let parts = asked ?? (style == .book ? Set(allCases) : [.days])
        guard style == .daySheets else { return parts }
        let sheets = parts.subtracting([.cover, .map])
        return sheets.isEmpty ? parts : sheets
    }
}

/// One booking as the bookings part shows it: an item with a confirmation, in the
/// traveller's order. Texts are in the document's language; a missing one is nil.
package struct BookingRow: Sendable {
    package let itemID: String
    /// "Day 3 · Sun, Mar 8".
    package let day: String
    /// The item's time in the trip's zone ("7:30 PM"); nil for travel and items without a time.
    package let time: String?
    /// "Hotel", "Restaurant", "Drive", "Flight".
    package let kind: String
    /// The item's title, or the travel's "Chicago → Detroit".
    package let title: String
    package let confirmation: String
    /// A custom item's address; nil when it has none or addresses are left out.
    package let address: String?
}

/// The bookings part's words: its heading and its column headers.
package struct BookingLabels: Sendable {
    package let title: String
    package let day: String
    package let time: String
    package let kind: String
    package let what: String
    package let confirmation: String
    package let address: String

    init(_ language: Language) {
        title = language.text(.bookingsTitle)
        day = language.text(.bookingsDay)
        time = language.text(.bookingsTime)
        kind = language.text(.bookingsKind)
        what = language.text(.bookingsWhat)
        confirmation = language.text(.confirmation)
        address = language.text(.bookingsAddress)
    }

    /// The headers in the table's column order.
    package var columns: [String] { [day, time, kind, what, confirmation, address] }
}

extension PresentedTrip {
    /// Every item with a confirmation, in the traveller's order (day by day, as the days show them).
    static func bookings(of days: [PresentedDay], formats: Formats) -> [BookingRow] {
        var rows: [BookingRow] = []
        let separator = formats.language.separator
        for day in days {
            let label = day.label + separator + formats.shortDate(day.date)
            for row in day.rows {
                switch row {
                case .travel(let travel):
                    guard let confirmation = travel.confirmation, !confirmation.isEmpty else { continue }
                    rows.append(
                        BookingRow(
                            itemID: travel.itemID, day: label, time: nil, kind: travel.modeName, title: travel.route,
                            confirmation: confirmation, address: nil))
                case .custom(let custom):
                    guard let confirmation = custom.confirmation, !confirmation.isEmpty else { continue }
                    rows.append(
                        BookingRow(
                            itemID: custom.itemID, day: label, time: custom.time, kind: custom.categoryName,
                            title: custom.title, confirmation: confirmation,
                            address: custom.address.flatMap { $0.isEmpty ? nil : $0 }))
                case .game:
                    continue
                }
            }
        }
        return rows
    }
}
