import ItineraryPresentation
import ItineraryModel

/// Lays out a presented trip as pages: the trip book or day sheets. Pure: all
/// text sizes come from the measurer and the maps from the map data given,
/// so pagination is testable as data.
package struct DocumentLayout {
    package let pageSize: PageSize
    package let style: DocumentStyle
    private let measurer: TextMeasuring
    private let map: MapData
    /// The colours, the footer line and the logo: the built-in look or a theme's.
    package let look: Look
    /// The parts the document has, in their own order whatever this set's: by default the
    /// style's own (`Section.chosen`).
    package var sections: Set<Section>
    /// The parts asked for by name: one of them with nothing to show says so under its
    /// heading (by default an empty part is left out).
    package var asked: Set<Section> = []
    /// Each day of the book starts a new page.
    package var dayPerPage = false
    private var palette: Palette { look.palette }

    package init(pageSize: PageSize, style: DocumentStyle, measurer: TextMeasuring, map: MapData, look: Look = .builtIn)
    {
        self.pageSize = pageSize
        self.style = style
        self.measurer = measurer
        self.map = map
        self.look = look
        self.sections = Section.chosen(nil, style: style)
    }

    var width: Double { pageSize.points.width }
    var height: Double { pageSize.points.height }
    /// The content box: everything but the margins and the footer.
    package var contentBox: Rect {
        Rect(
            Typography.margin, Typography.margin - 6, width - 2 * Typography.margin,
            height - (Typography.margin - 6) - Typography.margin - Typography.footerHeight + 20)
    }

    package func layout(_ trip: PresentedTrip) -> LaidOutDocument {
        // The days are measured only when they are shown.
        let days = sections.contains(.days) ? self.days(trip) : []
        var pages: [Page]
        switch style {
        case .book: pages = book(trip, days)
        // Day sheets asked for the cover or the map alone: those parts as the book has them.
        case .daySheets:
            pages = sections.isDisjoint(with: [.days, .bookings]) ? book(trip, days) : daySheets(trip, days)
        }
        let rightToLeft = trip.language.isRightToLeft
        for index in pages.indices {
            // A one-page document has no running footer of its name: the title is on the page.
            var footer = footer(
                look.footer ?? (pages.count == 1 ? "" : trip.name),
                page: trip.language.text(.pageNumber, ["page": .number(index + 1), "count": .number(pages.count)]))
            footer += header(trip.name, page: index + 1)
            pages[index].boxes.append(contentsOf: rightToLeft ? footer.map { $0.mirrored(pageWidth: width) } : footer)
            if palette.paper != Palette.builtIn.paper {
                // The theme's paper goes under everything: first, and in no block, so an artifact.
                pages[index].boxes.insert(
                    .rect(
                        RectBox(
                            frame: Rect(0, 0, width, height), radius: 0, fill: palette.paper, stroke: nil, lineWidth: 0,
                            dashed: false, role: .paper, style: .page)), at: 0)
                pages[index].blocks = pages[index].blocks.map {
                    PlacedBlock(
                        kind: $0.kind, boxes: $0.boxes.lowerBound + 1..<$0.boxes.upperBound + 1,
                        alternative: $0.alternative)
                }
            }
        }
        var document = LaidOutDocument(title: trip.name, pageWidth: width, pageHeight: height, pages: pages)
        document.rightToLeft = rightToLeft
        document.language = trip.language.tag
        document.subject = trip.language.text(.documentSubject, ["dates": .text(trip.dateRange)])
        return document
    }

    private func builder(_ trip: PresentedTrip) -> BlockBuilder {
        BlockBuilder(
            measurer: measurer, formats: trip.formats, palette: palette, left: contentBox.x, width: contentBox.width,
            maxHeight: contentBox.height - 60)
    }

    /// What a day brings to the page, measured before pagination.
    private struct DayBlocks {
        let header: Block
        /// The header of a further page, for a day that runs on.
        let continued: Block
        let rows: [Block]
        /// Day sheets' map of the day's stops.
        let route: Block?
    }

    /// Every day's blocks, measured before pagination: they do not depend on it.
    private func days(_ trip: PresentedTrip) -> [DayBlocks] {
        let builder = self.builder(trip)
        let language = trip.language
        return trip.days.map { day in
            let rows = day.isRest ? [builder.rest(day)] : day.rows.map(builder.row)
            switch style {
            case .book:
                return DayBlocks(
                    header: builder.dayHeader(day, continued: false),
                    continued: builder.dayHeader(day, continued: true),
                    rows: rows, route: nil)
            case .daySheets:
                var route: Block?
                if !day.route.isEmpty {
                    let frameHeight = 150.0
                    let boxes = RoutePanel(measurer: measurer, map: map, palette: palette).boxes(
                        day.route, in: Rect(contentBox.x, 0, contentBox.width, frameHeight),
                        caption: language.uppercased(
                            language.text(.routeTodaysStops, ["count": .number(day.route.count)])),
                        units: trip.units, formats: trip.formats,
                        dayColour: palette.dayColour(day.number))
                    route = Block(
                        kind: .route, height: frameHeight, boxes: boxes,
                        alternative: trip.formats.dayRouteAlternative(
                            day.route.map(\.name), miles: day.miles, units: trip.units))
                }
                return DayBlocks(
                    header: builder.dayHeader(day, continued: false, large: true, tripName: trip.name),
                    continued: builder.dayHeader(day, continued: true, large: true, tripName: trip.name),
                    rows: rows, route: route)
            }
        }
    }

    // MARK: The trip book

    private func book(_ trip: PresentedTrip, _ days: [DayBlocks]) -> [Page] {
        var flow = Flow(content: contentBox, mirrorWidth: trip.language.isRightToLeft ? width : nil)
        let builder = self.builder(trip)
        let language = trip.language
        if sections.contains(.cover) { flow.place(builder.title(trip, logo: look.logo), gap: 0) }
        if sections.contains(.cover), let subscription = trip.subscription {
            flow.place(builder.subscription(subscription), gap: 14)
        }
        // Without the cover, the first heading carries the trip's name above it: the document's title.
        var untitled = !sections.contains(.cover)
        if sections.contains(.map) {
            if trip.route.isEmpty, asked.contains(.map) {
                flow.place(
                    builder.emptyPart(
                        language.text(.routeTitle), sentence: language.text(.emptyMap),
                        tripName: untitled ? trip.name : nil), gap: flow.isEmpty ? 0 : 14)
                untitled = false
            } else if !trip.route.isEmpty {
                // The map has no heading of its own: the trip's name goes above it.
                if untitled {
                    flow.place(builder.tripNameHeading(trip.name), gap: 0)
                    untitled = false
                }
                let frameHeight = 168.0
                let frame = Rect(contentBox.x, 0, contentBox.width, frameHeight)
                let boxes = RoutePanel(measurer: measurer, map: map, palette: palette).boxes(
                    trip.route, in: frame,
                    caption: language.uppercased(
                        language.text(.routeTitle) + language.separator + trip.formats.stops(trip.route.count)),
                    units: trip.units, formats: trip.formats)
                flow.place(
                    Block(kind: .route, height: frameHeight, boxes: boxes, alternative: trip.routeAlternative), gap: 14)
            }
        }
        if sections.contains(.days) {
            for (index, day) in days.enumerated() {
                // With a day a page, each day's header is the first thing on its page.
                if dayPerPage && !flow.isEmpty { flow.newPage() }
                var header = day.header
                if untitled {
                    header = builder.dayHeader(trip.days[index], continued: false, tripName: trip.name)
                    untitled = false
                }
                let blocks = day.rows
                // A header never ends a page: it moves with the day's first block.
                flow.keepTogether([header, blocks[0]], gaps: [Typography.dayGap, 8])
                for block in blocks.dropFirst() {
                    if !flow.fits(block, gap: Typography.itemGap) {
                        flow.newPage()
                        flow.place(day.continued, gap: 0)
                        flow.place(block, gap: 8)
                    } else {
                        flow.place(block, gap: Typography.itemGap)
                    }
                }
            }
        }
        if sections.contains(.bookings) {
            bookings(trip, builder, into: &flow, newPage: dayPerPage, tripName: untitled ? trip.name : nil)
        }
        return flow.finish()
    }

    /// The bookings part: its heading with the header row and the first row, then a row
    /// at a time, the header row again atop each further page. Without a booking: nothing,
    /// or, asked for by name, its heading and the sentence that says so.
    private func bookings(
        _ trip: PresentedTrip, _ builder: BlockBuilder, into flow: inout Flow, newPage: Bool, tripName: String? = nil
    ) {
        if trip.bookings.isEmpty && !asked.contains(.bookings) { return }
        if newPage && !flow.isEmpty { flow.newPage() }
        guard !trip.bookings.isEmpty else {
            let language = trip.language
            flow.place(
                builder.emptyPart(
                    trip.bookingLabels.title, sentence: language.text(.emptyBookings), tripName: tripName),
                gap: flow.isEmpty ? 0 : Typography.dayGap)
            return
        }
        let rows = trip.bookings.map(builder.bookingRow)
        let repeated = builder.bookingsHeaderRow(trip.bookingLabels, repeated: true)
        flow.keepTogether(
            [
                builder.bookingsHeader(trip.bookingLabels, tripName: tripName),
                builder.bookingsHeaderRow(trip.bookingLabels, repeated: false),
                rows[0],
            ],
            gaps: [Typography.dayGap, 8, 0])
        for row in rows.dropFirst() {
            if !flow.fits(row, gap: 0) {
                flow.newPage()
                flow.place(repeated, gap: 0)
            }
            flow.place(row, gap: 0)
        }
    }

    // MARK: Day sheets

    private func daySheets(_ trip: PresentedTrip, _ days: [DayBlocks]) -> [Page] {
        var flow = Flow(content: contentBox, mirrorWidth: trip.language.isRightToLeft ? width : nil)
        for (position, day) in days.enumerated() where sections.contains(.days) {
            if position > 0 { flow.newPage() }
            let header = day.header, blocks = day.rows, route = day.route
            let continued = day.continued
            // The header stays with the first row; the day's map goes between them
            // when all three fit on the sheet, and after the last row otherwise.
            var routeAtEnd: Block?
            flow.place(header, gap: 0)
            // The first sheet carries the calendar's code under its header.
            if position == 0, let subscription = trip.subscription {
                flow.place(builder(trip).subscription(subscription), gap: 12)
            }
            if let route, flow.fits(route, blocks[0], gaps: [14], after: 12) {
                flow.place(route, gap: 12)
            } else {
                routeAtEnd = route
            }
            for (index, block) in blocks.enumerated() {
                let gap = index == 0 ? 14 : Typography.itemGap
                if !flow.fits(block, gap: gap) {
                    flow.newPage()
                    flow.place(continued, gap: 0)
                    flow.place(block, gap: 12)
                } else {
                    flow.place(block, gap: gap)
                }
            }
            if let routeAtEnd {
                if !flow.fits(routeAtEnd, gap: 14) {
                    flow.newPage()
                    flow.place(continued, gap: 0)
                }
                flow.place(routeAtEnd, gap: 14)
            }
        }
        // Asked for, the bookings are the last sheet.
        if sections.contains(.bookings) {
            bookings(
                trip, builder(trip), into: &flow, newPage: true,
                tripName: sections.contains(.days) ? nil : trip.name)
        }
        return flow.finish()
    }

    // MARK: Page header and footer

    /// A themed page's running header: the logo, small, at the top's end, and
    /// in the book the trip's name at its start (the footer holds the theme's
    /// line; every day sheet names the trip above its day already). None
    /// without a theme's logo or footer, and none over the book's title band.
    private func header(_ name: String, page: Int) -> [Box] {
        guard !(style == .book && page == 1) else { return [] }
        var boxes = style == .book ? headerName(name) : []
        if let logo = look.logo {
            let scale = min(14 / logo.height, 80 / logo.width)
            let size = (width: logo.width * scale, height: logo.height * scale)
            boxes.append(
                .image(
                    ImageBox(
                        logo: logo,
                        frame: Rect(contentBox.maxX - size.width, Typography.margin - 34, size.width, size.height),
                        role: .headerLogo)))
        }
        return boxes
    }

    private func headerName(_ name: String) -> [Box] {
        guard look.footer != nil else { return [] }
        // Clear of the small logo at the header's end.
        let (shown, shownMetrics) = shortened(name, to: contentBox.width - 100)
        return [
            .text(
                TextBox(
                    text: shown, style: Typography.footer, color: palette.muted, wrapWidth: nil,
                    frame: Rect(contentBox.x, Typography.margin - 32, shownMetrics.width, shownMetrics.height),
                    role: .headerTrip))
        ]
    }

    /// A one-line text in the footer's type, shortened with an ellipsis to fit `width`.
    private func shortened(_ text: String, to width: Double) -> (String, TextMetrics) {
        let metrics = measurer.measure(text, style: Typography.footer, width: nil)
        guard metrics.width > width else { return (text, metrics) }
        // A first guess from the average width, then shorter while the glyphs are wider than average.
        var keep = max(1, Int(Double(text.count) * width / metrics.width) - 2)
        while true {
            let shown = String(text.prefix(keep)).trimmingTrailingSpaces() + "…"
            let shownMetrics = measurer.measure(shown, style: Typography.footer, width: nil)
            guard shownMetrics.width > width, keep > 1 else { return (shown, shownMetrics) }
            keep -= 1
        }
    }

    private func footer(_ name: String, page pageLabel: String) -> [Box] {
        let y = height - Typography.margin + 10
        let left = contentBox.x, right = contentBox.maxX
        let pageMetrics = measurer.measure(pageLabel, style: Typography.footer, width: nil)
        // A long trip name is shortened rather than run into the page number.
        let (shown, shownMetrics) = shortened(name, to: contentBox.width - pageMetrics.width - 24)
        return [
            .line(LineBox(from: Point(left, y - 6), to: Point(right, y - 6), color: palette.hairline, width: 0.6))
        ]
            + (name.isEmpty
                ? []
                : [
                    .text(
                        TextBox(
                            text: shown, style: Typography.footer, color: palette.muted, wrapWidth: nil,
                            frame: Rect(left, y, shownMetrics.width, shownMetrics.height), role: .footerTrip))
                ]) + [
                .text(
                    TextBox(
                        text: pageLabel, style: Typography.footer, color: palette.muted, wrapWidth: nil,
                        frame: Rect(right - pageMetrics.width, y, pageMetrics.width, pageMetrics.height),
                        role: .footerPage))
            ]
    }
}

/// Pages being filled top to bottom.
private struct Flow {
    let content: Rect
    /// The page's width when pages run right to left: every block but the
    /// route map (geography) is mirrored as it is placed.
    let mirrorWidth: Double?
    var pages: [Page] = []
    var boxes: [Box] = []
    var bookmarks: [Bookmark] = []
    var blocks: [PlacedBlock] = []
    var y: Double
    var isEmpty = true

    init(content: Rect, mirrorWidth: Double?) {
        self.content = content
        self.mirrorWidth = mirrorWidth
        self.y = content.y
    }

    func fits(_ block: Block, gap: Double) -> Bool {
        (isEmpty ? y : y + gap) + block.height <= content.maxY
    }

    /// Whether blocks fit one after another, the first `after` points below what is placed.
    func fits(_ first: Block, _ rest: Block..., gaps: [Double], after gap: Double = 0) -> Bool {
        var bottom = y + (isEmpty ? 0 : gap) + first.height
        for (block, gap) in zip(rest, gaps) { bottom += gap + block.height }
        return bottom <= content.maxY
    }

    mutating func newPage() {
        pages.append(Page(number: pages.count + 1, boxes: boxes, bookmarks: bookmarks, blocks: blocks))
        boxes = []
        bookmarks = []
        blocks = []
        y = content.y
        isEmpty = true
    }

    /// Places a block, starting a new page first when it does not fit.
    mutating func place(_ block: Block, gap: Double) {
        if !fits(block, gap: gap) && !isEmpty { newPage() }
        if !isEmpty { y += gap }
        let bookmarked =
            switch block.kind {
            case .dayHeader(_, false), .partHeader: true
            default: false
            }
        if bookmarked,
            let title = block.boxes.compactMap({ box -> String? in
                if case .text(let text) = box, text.role == .dayHeader || text.role == .partHeader {
                    return text.text
                }
                return nil
            }).first
        {
            bookmarks.append(Bookmark(title: title, y: y, group: block.bookmarkGroup))
        }
        let start = boxes.count
        defer {
            blocks.append(PlacedBlock(kind: block.kind, boxes: start..<boxes.count, alternative: block.alternative))
        }
        if let mirrorWidth, block.kind != .route {
            for box in block.boxes { boxes.append(box.offset(by: y).mirrored(pageWidth: mirrorWidth)) }
        } else {
            for box in block.boxes { boxes.append(box.offset(by: y)) }
        }
        y += block.height
        isEmpty = false
    }

    /// Places blocks on one page, moving to a new page first when they do not fit together.
    mutating func keepTogether(_ blocks: [Block], gaps: [Double]) {
        var needed = isEmpty ? 0 : gaps[0]
        for (index, block) in blocks.enumerated() {
            needed += block.height + (index > 0 ? gaps[index] : 0)
        }
        if !isEmpty && y + needed > content.maxY { newPage() }
        for (index, block) in blocks.enumerated() {
            place(block, gap: gaps[index])
        }
    }

    mutating func finish() -> [Page] {
        if !isEmpty || pages.isEmpty { newPage() }
        return pages
    }
}
