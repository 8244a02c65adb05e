import ItineraryPresentation

/// The bookings part: a heading, then a table of every item with a confirmation,
/// one row a booking, its header row repeated at the top of each further page.
extension BlockBuilder {
    /// Each column's share of the width: day, time, kind, what, confirmation, address.
    static let bookingColumnShares = [0.19, 0.10, 0.13, 0.21, 0.15, 0.22]

    /// The columns' left edges and widths.
    private var bookingColumns: [(x: Double, width: Double)] {
        var x = left
        return Self.bookingColumnShares.map { share in
            defer { x += width * share }
            return (x, width * share)
        }
    }

    /// The part's heading, as large as a day's and bookmarked like one.
    /// With `tripName`, the trip's name stands small above it: the document's title when
    /// the bookings are the document's first heading.
    func bookingsHeader(_ labels: BookingLabels, tripName: String? = nil) -> Block {
        let (boxes, y) = heading(
            labels.title, style: Typography.dayHeader, role: .partHeader, tripName: tripName, rule: palette.game,
            ruleWidth: 0.8)
        return Block(kind: .partHeader, height: y + 4, boxes: boxes)
    }

    /// The header row: each column's name on a tinted band. Repeated on a further page, it is decoration.
    func bookingsHeaderRow(_ labels: BookingLabels, repeated: Bool) -> Block {
        cells(
            labels.columns.map { formats.language.uppercased($0) }, style: Typography.sectionLabel,
            color: palette.muted, kind: .tableHeader(repeated: repeated), fill: palette.cardFill)
    }

    /// One booking's row; a cell with nothing to say holds a dash, so every column has a cell.
    func bookingRow(_ booking: BookingRow) -> Block {
        let values = [
            booking.day, booking.time ?? "–", booking.kind, booking.title, booking.confirmation,
            booking.address ?? "–",
        ]
        return cells(values, style: Typography.detail, color: palette.body, kind: .tableRow, fill: nil)
    }

    private func cells(_ values: [String], style: TextStyle, color: Color, kind: Block.Kind, fill: Color?) -> Block {
        let padding = 4.0
        var boxes: [Box] = []
        var tallest = 0.0
        var texts: [Box] = []
        for (value, column) in zip(values, bookingColumns) {
            let (cell, metrics) = text(
                value, style, color, x: column.x + padding, y: padding, width: column.width - 2 * padding,
                role: .cell)
            texts.append(cell)
            tallest = max(tallest, metrics.height)
        }
        let height = min(tallest + 2 * padding, maxHeight)
        if let fill {
            boxes.append(
                .rect(
                    RectBox(
                        frame: Rect(left, 0, width, height), radius: 0, fill: fill, stroke: nil, lineWidth: 0,
                        dashed: false, role: .tableBand)))
        }
        boxes.append(
            .line(
                LineBox(from: Point(left, height), to: Point(left + width, height), color: palette.hairline, width: 0.6)
            )
        )
        return Block(kind: kind, height: height, boxes: boxes + texts)
    }
}
