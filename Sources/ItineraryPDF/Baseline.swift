import ItineraryPresentation
import ItineraryLayout

/// The floor the renderer is measured against: one Pango layout per row, drawn
/// straight down the page with no layout step, as a minimal Cairo + Pango program would.
package enum Baseline {
    package static func pdf(rows: [String], pageSize: PageSize) throws(TripDocument.Failure) -> [UInt8] {
        try CairoLock.run { () throws(TripDocument.Failure) -> [UInt8] in try draw(rows, pageSize) }
    }

    private static func draw(_ rows: [String], _ pageSize: PageSize) throws(TripDocument.Failure) -> [UInt8] {
        do {
            let (width, height) = pageSize.points
            let surface = try Surface.pdf(width: width, height: height)
            let canvas = try Canvas(surface)
            let text = TextEngine(FontSet.Coverage(rows))
            var y = 54.0
            for row in rows {
                if y > height - 72 {
                    try canvas.showPage()
                    y = 54
                }
                canvas.setColor(Color(hex: 0x000000))
                text.drawOnce(row, size: 10.5, at: 54, y, on: canvas)
                y += 19
            }
            try canvas.showPage()
            return try surface.finishPDF()
        } catch {
            throw TripDocument.Failure(description: "baseline drawing failed: \(error)")
        }
    }

    /// The main text of each row of a trip, in order, as the baseline draws them.
    package static func rows(_ trip: PresentedTrip) -> [String] {
        trip.days.flatMap { day in [day.header] + day.rows.map(\.title) }
    }
}
