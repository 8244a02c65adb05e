import ItineraryPresentation

/// A piece of the document that is never split across pages: a header, a card, a row.
/// What a block is, for the PDF's structure tree.
package enum BlockKind: Equatable, Sendable {
    case title, route, dayHeader(day: Int, continued: Bool), item(String), rest(day: Int)
    /// A part's heading (the bookings).
    case partHeader
    /// A table's header row; repeated at the top of a further page, it is decoration.
    case tableHeader(repeated: Bool)
    /// A table's row of data cells.
    case tableRow
    /// A calendar feed to subscribe to: its QR code, what scanning does, its URL.
    case subscription
}

struct Block {
    typealias Kind = BlockKind

    let kind: Kind
    let height: Double
    /// Boxes with y measured from the block's top.
    let boxes: [Box]
    /// A route map's text alternative: the route in words.
    var alternative: String?
    /// A day header's month, for its bookmark.
    var bookmarkGroup: String?

    var isHeader: Bool {
        if case .dayHeader = kind { return true }
        return false
    }
}

/// Builds blocks, measuring text through a `TextMeasuring`.
struct BlockBuilder {
    let measurer: TextMeasuring
    /// The document's language: its words and formats.
    let formats: Formats
    let palette: Palette
    let left: Double
    let width: Double
    /// The tallest a block may be: what fits on an empty page under a header.
    let maxHeight: Double

    func text(
        _ string: String, _ style: TextStyle, _ color: Color, x: Double, y: Double, width: Double?, role: Role
    ) -> (Box, TextMetrics) {
        let metrics = measurer.measure(string, style: style, width: width)
        let frame = Rect(x, y, width.map { min($0, max(metrics.width, 0)) } ?? metrics.width, metrics.height)
        return (
            .text(TextBox(text: string, style: style, color: color, wrapWidth: width, frame: frame, role: role)),
            metrics
        )
    }

    /// A single line aligned to the right edge at `right`.
    private func rightText(
        _ string: String, _ style: TextStyle, _ color: Color, right: Double, y: Double, role: Role
    ) -> (Box, TextMetrics) {
        let metrics = measurer.measure(string, style: style, width: nil)
        let frame = Rect(right - metrics.width, y, metrics.width, metrics.height)
        return (
            .text(TextBox(text: string, style: style, color: color, wrapWidth: nil, frame: frame, role: role)), metrics
        )
    }

    // MARK: Title and headers

    func title(_ trip: PresentedTrip, logo: Logo? = nil) -> Block {
        var boxes: [Box] = []
        var y = 0.0
        // A theme's logo stands at the title band's end, at most 40 points high and 140 wide.
        var titleWidth = width
        if let logo {
            let scale = min(40 / logo.height, 140 / logo.width)
            let size = (width: logo.width * scale, height: logo.height * scale)
            boxes.append(
                .image(
                    ImageBox(
                        logo: logo, frame: Rect(left + width - size.width, 0, size.width, size.height), role: .logo)))
            titleWidth = width - size.width - 16
        }
        let (name, nameMetrics) = text(
            trip.name, Typography.tripTitle, palette.game, x: left, y: y, width: titleWidth, role: .tripName)
        boxes.append(name)
        y += nameMetrics.height + 4
        let (dates, datesMetrics) = text(
            trip.dateRange, Typography.tripDates, palette.ink, x: left, y: y, width: width, role: .dateRange)
        boxes.append(dates)
        y += datesMetrics.height + 2
        let (summary, summaryMetrics) = text(
            trip.summary, Typography.tripSummary, palette.muted, x: left, y: y, width: width, role: .summary)
        boxes.append(summary)
        y += summaryMetrics.height + 10
        boxes.append(.line(LineBox(from: Point(left, y), to: Point(left + width, y), color: palette.game, width: 1.5)))
        return Block(kind: .title, height: y + 1.5, boxes: boxes)
    }

    /// A calendar feed's QR code, with what scanning does and the URL beside it (after it, on a
    /// right-to-left page): on the book's cover and the first day sheet.
    func subscription(_ subscription: Subscription) -> Block {
        // 90 points: at 144 dpi a module of a 60-character URL's code is over 3 pixels.
        let side = 90.0, gap = 12.0
        var boxes: [Box] = [.code(CodeBox(code: subscription.code, frame: Rect(left, 0, side, side)))]
        let textWidth = width - side - gap
        let (scan, scanMetrics) = text(
            subscription.scanText, Typography.tripSummary, palette.ink, x: left + side + gap, y: 14, width: textWidth,
            role: .subscribeScan)
        boxes.append(scan)
        let (url, _) = text(
            subscription.url, Typography.detail, palette.muted, x: left + side + gap, y: 14 + scanMetrics.height + 4,
            width: textWidth, role: .subscribeURL)
        boxes.append(url)
        return Block(kind: .subscription, height: side, boxes: boxes, alternative: subscription.alternative)
    }

    func dayHeader(_ day: PresentedDay, continued: Bool, large: Bool = false, tripName: String? = nil) -> Block {
        let label = continued ? formats.language.text(.dayContinued, ["header": .text(day.header)]) : day.header
        let (boxes, y) = heading(
            label, style: large ? Typography.sheetHeader : Typography.dayHeader, role: .dayHeader,
            tripName: tripName, rule: continued ? palette.hairline : palette.game, ruleWidth: large ? 1.5 : 0.8)
        return Block(
            kind: .dayHeader(day: day.number, continued: continued), height: y + 4, boxes: boxes,
            bookmarkGroup: formats.monthAndYear(day.date))
    }

    /// A heading of the document (a day's, the bookings'): with `tripName`, the trip's name
    /// small above it; then the heading and a rule under it. Returns the boxes and where the rule is.
    func heading(
        _ label: String, style: TextStyle, role: Role, tripName: String?, rule: Color, ruleWidth: Double
    ) -> (boxes: [Box], rule: Double) {
        var boxes: [Box] = []
        var y = 0.0
        if let tripName { y = kicker(tripName, into: &boxes) }
        let (header, metrics) = text(label, style, palette.game, x: left, y: y, width: width, role: role)
        boxes.append(header)
        y += metrics.height + 4
        boxes.append(.line(LineBox(from: Point(left, y), to: Point(left + width, y), color: rule, width: ruleWidth)))
        return (boxes, y)
    }

    /// A part asked for that has nothing to show: its heading (with `tripName`, the trip's
    /// name above it) and one sentence saying what there is none of.
    func emptyPart(_ title: String, sentence: String, tripName: String?) -> Block {
        var (boxes, y) = heading(
            title, style: Typography.dayHeader, role: .partHeader, tripName: tripName, rule: palette.game,
            ruleWidth: 0.8)
        let (notice, metrics) = text(
            sentence, Typography.rest, palette.muted, x: left, y: y + 8, width: width, role: .notice)
        boxes.append(notice)
        y += 8 + metrics.height
        return Block(kind: .partHeader, height: y + 4, boxes: boxes)
    }

    /// The trip's name alone as the document's first heading, when no cover or heading carries it.
    func tripNameHeading(_ tripName: String) -> Block {
        var boxes: [Box] = []
        let y = kicker(tripName, into: &boxes)
        return Block(kind: .title, height: y, boxes: boxes)
    }

    /// The trip's name, small, above a heading that opens a page or the document; returns where the heading starts.
    func kicker(_ tripName: String, into boxes: inout [Box]) -> Double {
        let (kicker, metrics) = text(
            formats.language.uppercased(tripName), Typography.sheetKicker, palette.muted, x: left, y: 0,
            width: width, role: .tripName)
        boxes.append(kicker)
        return metrics.height + 3
    }

    func rest(_ day: PresentedDay) -> Block {
        let (label, metrics) = text(
            day.restText, Typography.rest, palette.faint, x: left + 12, y: 8, width: width - 24, role: .rest)
        let frame = Rect(left, 0, width, metrics.height + 16)
        return Block(
            kind: .rest(day: day.number), height: frame.height,
            boxes: [
                .rect(
                    RectBox(
                        frame: frame, radius: 6, fill: nil, stroke: palette.hairline, lineWidth: 0.8, dashed: true,
                        role: .rest)), label,
            ])
    }

    // MARK: Rows

    func row(_ row: Row) -> Block {
        switch row {
        case .game(let game): gameCard(game)
        case .travel(let travel): travelRow(travel)
        case .custom(let custom): customRow(custom)
        }
    }

    func gameCard(_ game: GameRow) -> Block {
        let pad = 12.0
        var boxes: [Box] = []
        let inner = width - 2 * pad
        // The badge holds a short sport name ("MLB"); a long one is shortened to fit it.
        var sport = formats.language.uppercased(game.sport)
        var (badgeText, badgeMetrics) = text(
            sport, Typography.badgeText, palette.onGame, x: 0, y: 0, width: nil, role: .sport)
        while badgeMetrics.width > 50, sport.count > 1 {
            sport = String(sport.dropLast(sport.hasSuffix("…") ? 2 : 1)) + "…"
            (badgeText, badgeMetrics) = text(
                sport, Typography.badgeText, palette.onGame, x: 0, y: 0, width: nil, role: .sport)
        }
        let badgeWidth = badgeMetrics.width + 10
        let badgeHeight = badgeMetrics.height + 4
        let (time, timeMetrics) = rightText(
            game.time, Typography.gameTime, palette.game, right: left + width - pad, y: pad + 2, role: .time)
        let matchupX = left + pad + badgeWidth + 8
        let matchupWidth = max(40, left + width - pad - timeMetrics.width - 12 - matchupX)
        let (matchup, matchupMetrics) = text(
            game.matchup, Typography.matchup, palette.game, x: matchupX, y: pad, width: matchupWidth, role: .matchup)
        let badgeY = pad + max(0, (min(matchupMetrics.height, Typography.matchup.size * 1.3) - badgeHeight) / 2)
        var y = pad + max(matchupMetrics.height, timeMetrics.height) + 3
        let (teams, teamsMetrics) = text(
            game.teams, Typography.teams, palette.body, x: left + pad, y: y, width: inner, role: .teams)
        y += teamsMetrics.height + 1.5
        let (venue, venueMetrics) = text(
            game.venue, Typography.venue, palette.muted, x: left + pad, y: y, width: inner, role: .venue)
        y += venueMetrics.height + pad
        boxes.append(
            .rect(
                RectBox(
                    frame: Rect(left, 0, width, y), radius: 8, fill: palette.cardFill, stroke: palette.cardStroke,
                    lineWidth: 0.8, dashed: false, role: .gameCard)))
        boxes.append(
            .rect(
                RectBox(
                    frame: Rect(left + pad, badgeY, badgeWidth, badgeHeight), radius: badgeHeight / 2,
                    fill: palette.badge, stroke: nil, lineWidth: 0, dashed: false, role: .sportBadge)))
        if case .text(let badge) = badgeText {
            let frame = Rect(
                left + pad + (badgeWidth - badgeMetrics.width) / 2, badgeY + 2, badgeMetrics.width, badgeMetrics.height)
            boxes.append(
                .text(
                    TextBox(
                        text: badge.text, style: badge.style, color: badge.color, wrapWidth: nil, frame: frame,
                        role: .sport)))
        }
        boxes.append(contentsOf: [matchup, time, teams, venue])
        return Block(kind: .item(game.itemID), height: y, boxes: boxes)
    }

    func travelRow(_ travel: TravelRow) -> Block {
        let padX = 12.0, padY = 8.0, bar = 5.0, icon = 18.0
        var boxes: [Box] = []
        let (mode, modeMetrics) = rightText(
            formats.language.uppercased(travel.modeName), Typography.travelMode, palette.accentInk,
            right: left + width - padX, y: padY + 2.5, role: .mode)
        let textX = left + bar + padX + icon + 8
        let lineWidth = max(40, left + width - padX - modeMetrics.width - 10 - textX)
        let (line, lineMetrics) = text(
            travel.line, Typography.travelLine, palette.ink, x: textX, y: padY + 1, width: lineWidth, role: .travel)
        var y = max(padY + 1 + max(lineMetrics.height, icon - 2), padY + 2.5 + modeMetrics.height)
        let details = detailLines(
            notes: travel.notes, confirmation: travel.confirmation, address: nil, x: textX,
            width: left + width - padX - textX, y: &y)
        y += padY
        boxes.append(
            .rect(
                RectBox(
                    frame: Rect(left, 0, width, y), radius: 6, fill: palette.accentFill, stroke: palette.accent,
                    lineWidth: 1, dashed: false, role: .travelRow)))
        boxes.append(
            .rect(
                RectBox(
                    frame: Rect(left, 0, bar, y), radius: 0, fill: palette.accent, stroke: nil, lineWidth: 0,
                    dashed: false, role: .goldAccent, style: .accentBar)))
        boxes.append(
            .symbol(
                SymbolBox(
                    symbol: .mode(travel.mode), frame: Rect(left + bar + padX, padY, icon, icon),
                    background: palette.accent, foreground: palette.onAccent)))
        boxes.append(contentsOf: [line, mode])
        boxes.append(contentsOf: details)
        return Block(kind: .item(travel.itemID), height: y, boxes: boxes)
    }

    func customRow(_ custom: CustomRow) -> Block {
        let padY = 5.0, icon = 16.0, gap = 8.0
        var boxes: [Box] = [
            .symbol(
                SymbolBox(
                    symbol: .category(custom.category), frame: Rect(left + 2, padY, icon, icon),
                    background: Typography.categoryColor(custom.category), foreground: Typography.white))
        ]
        let textX = left + 2 + icon + gap
        var timeWidth = 0.0, timeBottom = 0.0
        var timeBox: Box?
        if let time = custom.time {
            let (box, metrics) = rightText(
                time, Typography.customTime, palette.body, right: left + width - 2, y: padY + 1.5, role: .time)
            timeBox = box
            timeWidth = metrics.width + 12
            timeBottom = padY + 1.5 + metrics.height
        }
        let titleWidth = max(40, left + width - 2 - timeWidth - textX)
        let (title, titleMetrics) = text(
            custom.title, Typography.customTitle, palette.ink, x: textX, y: padY + 1, width: titleWidth, role: .title)
        boxes.append(title)
        if let timeBox { boxes.append(timeBox) }
        // Details start below the time too: a script's taller line (Arabic) must not reach into them.
        var y = max(padY + 1 + max(titleMetrics.height, icon - 1), timeBottom)
        boxes.append(
            contentsOf: detailLines(
                notes: custom.notes, confirmation: custom.confirmation, address: custom.address, x: textX,
                width: left + width - 2 - textX, y: &y))
        y += padY
        boxes.append(
            .line(
                LineBox(
                    from: Point(textX, y + Typography.itemGap / 2), to: Point(left + width, y + Typography.itemGap / 2),
                    color: palette.hairline, width: 0.6)))
        return Block(kind: .item(custom.itemID), height: y, boxes: boxes)
    }

    /// Address, confirmation and notes in small type, each wrapping; notes are
    /// shortened with an ellipsis only if the block could not fit on a page.
    private func detailLines(
        notes: String?, confirmation: String?, address: String?, x: Double, width: Double, y: inout Double
    ) -> [Box] {
        var boxes: [Box] = []
        var lines: [(String, Role, Color)] = []
        if let address { lines.append((address, .address, palette.muted)) }
        if let confirmation { lines.append((formats.confirmation(confirmation), .confirmation, palette.body)) }
        if var notes {
            let budget = maxHeight - y - 120
            if measurer.measure(notes, style: Typography.detail, width: width).height > budget {
                // The longest start of the notes that fits, found by halving.
                let characters = Array(notes)
                var low = 0, high = characters.count
                while low < high {
                    let middle = (low + high + 1) / 2
                    let candidate = String(characters[..<middle]).trimmingTrailingSpaces() + "…"
                    if measurer.measure(candidate, style: Typography.detail, width: width).height <= budget {
                        low = middle
                    } else {
                        high = middle - 1
                    }
                }
                notes = String(characters[..<low]).trimmingTrailingSpaces() + "…"
            }
            lines.append((notes, .notes, palette.muted))
        }
        for (string, role, color) in lines {
            y += 2
            let (box, metrics) = text(string, Typography.detail, color, x: x, y: y, width: width, role: role)
            boxes.append(box)
            y += metrics.height
        }
        return boxes
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last?.isWhitespace == true { copy.removeLast() }
        return copy
    }
}
