import Foundation
import ItineraryLayout
import ItineraryPresentation

/// Draws laid-out pages on a canvas; the same code paints PDF pages and PNG previews.
struct Painter {
    let canvas: Canvas
    let text: TextEngine
    /// Right-to-left pages: wrapped text is set from its box's right edge.
    var rightToLeft = false
    /// A theme's logo, read once for all the pages.
    let logos = LogoCache()

    /// A document has one logo: the last one read is kept (compared by its bytes' storage first, so cheaply).
    final class LogoCache {
        private var last: LogoArt.Prepared?
        func callAsFunction(_ logo: Logo) -> LogoArt.Prepared {
            if let last, last.logo == logo { return last }
            let made = LogoArt.Prepared(logo)
            last = made
            return made
        }
    }

    /// Paints a page; with a tagger (PDF), each block inside its structure
    /// element, its decorations first and its texts in reading order.
    func paint(_ page: Page, tagger: StructureTagger? = nil) {
        guard let tagger else {
            for box in page.boxes { draw(box) }
            return
        }
        var inBlocks = IndexSet()
        for block in page.blocks { inBlocks.insert(integersIn: block.boxes) }
        // A theme's paper first, under everything.
        var drawn = IndexSet()
        for index in page.boxes.indices where !inBlocks.contains(index) {
            if case .rect(let rect) = page.boxes[index], rect.style == .page {
                draw(page.boxes[index])
                drawn.insert(index)
            }
        }
        for block in page.blocks {
            inBlocks.insert(integersIn: block.boxes)
            let boxes = page.boxes[block.boxes]
            tagger.enter(block.kind)
            if block.kind == .route {
                tagger.figure(alternative: block.alternative ?? "") { boxes.forEach(draw) }
            } else {
                var texts: [(rank: Int, index: Int, box: TextBox)] = []
                for (index, box) in zip(boxes.indices, boxes) {
                    if case .text(let text) = box {
                        texts.append((StructureTagger.readingRank(text.role), index, text))
                    } else if case .code = box {
                        // A QR code is a figure whose alternative gives its URL.
                        tagger.figure(alternative: block.alternative ?? "") { draw(box) }
                    } else {
                        draw(box)
                    }
                }
                for (_, _, text) in texts.sorted(by: { ($0.rank, $0.index) < ($1.rank, $1.index) }) {
                    if let element = tagger.element(ofText: text.role, in: block.kind) {
                        if self.text.hasEmoji(text.text, style: text.style, width: text.wrapWidth) {
                            // Emoji are pictures: each a figure whose alternative is the emoji,
                            // beside spans of the text.
                            tagger.container(element) {
                                draw(text) { isEmoji, runText, paint in
                                    if isEmoji {
                                        tagger.figure(alternative: runText, paint)
                                    } else {
                                        tagger.leaf("Span", paint)
                                    }
                                }
                            }
                        } else {
                            tagger.leaf(element) { draw(.text(text)) }
                        }
                    } else {
                        draw(.text(text))
                    }
                }
            }
            tagger.leave(block.kind)
        }
        // The rest is decoration: the footer's rule, name and page number.
        for index in page.boxes.indices where !inBlocks.contains(index) && !drawn.contains(index) {
            draw(page.boxes[index])
        }
    }

    private func draw(_ box: TextBox, runs: TextEngine.RunDrawing?) {
        canvas.setColor(box.color)
        // A wrapped text's lines end at its box's right edge on right-to-left pages.
        let x = rightToLeft ? box.frame.maxX - (box.wrapWidth ?? box.frame.width) : box.frame.x
        text.draw(box.text, style: box.style, width: box.wrapWidth, at: x, box.frame.y, on: canvas, runs: runs)
    }

    private func draw(_ box: Box) {
        switch box {
        case .text(let box):
            draw(box, runs: nil)
        case .rect(let box):
            paint(box)
        case .line(let box):
            canvas.setColor(box.color)
            canvas.setLineWidth(box.width)
            canvas.move(box.from.x, box.from.y)
            canvas.line(box.to.x, box.to.y)
            canvas.stroke()
        case .polyline(let box):
            guard let first = box.points.first else { return }
            canvas.save()
            canvas.setColor(box.color)
            canvas.setLineWidth(box.width)
            canvas.setRoundCaps()
            if box.dashed { canvas.setDash([4, 3]) }
            canvas.move(first.x, first.y)
            for point in box.points.dropFirst() { canvas.line(point.x, point.y) }
            canvas.stroke()
            canvas.restore()
        case .circle(let box):
            canvas.circle(box.center.x, box.center.y, box.radius)
            canvas.setColor(box.fill)
            if let stroke = box.stroke {
                canvas.fillPreserve()
                canvas.setColor(stroke)
                canvas.setLineWidth(box.lineWidth)
                canvas.stroke()
            } else {
                canvas.fill()
            }
        case .symbol(let box):
            Pictogram(box.symbol).draw(
                in: box.frame, background: box.background, foreground: box.foreground, on: canvas, text: text)
        case .shape(let box):
            paint(box)
        case .image(let box):
            text.asThreadDefault { LogoArt.draw(logos(box.logo), in: box.frame, on: canvas) }
        case .code(let box):
            paint(box)
        }
    }

    /// A QR code: the light square with its quiet zone, then every run of dark modules of a row as
    /// one rectangle, all in one path (vectors: the code stays sharp at any size).
    private func paint(_ box: CodeBox) {
        canvas.setColor(Color(hex: 0xFFFFFF))
        canvas.rectangle(box.frame.x, box.frame.y, box.frame.width, box.frame.height)
        canvas.fill()
        let module = box.module, origin = Double(QRCode.quietZone) * module
        for run in box.code.runs {
            canvas.rectangle(
                box.frame.x + origin + Double(run.column) * module, box.frame.y + origin + Double(run.row) * module,
                Double(run.length) * module, module)
        }
        canvas.setColor(Color(hex: 0x000000))
        canvas.fill()
    }

    /// A map layer: every outline in one path, inside the panel's rounded corners.
    private func paint(_ box: ShapeBox) {
        canvas.save()
        canvas.roundedRectangle(box.clip.x, box.clip.y, box.clip.width, box.clip.height, radius: box.clipRadius)
        canvas.clip()
        for outline in box.outlines {
            guard let first = outline.first else { continue }
            canvas.move(first.x, first.y)
            for point in outline.dropFirst() { canvas.line(point.x, point.y) }
            if box.closed { canvas.close() }
        }
        canvas.setColor(box.color)
        if box.closed {
            canvas.fill()
        } else {
            canvas.setLineWidth(box.lineWidth)
            canvas.setRoundCaps()
            if box.dashed { canvas.setDash([2, 1.5]) }
            canvas.stroke()
        }
        canvas.restore()
    }

    private func paint(_ box: RectBox) {
        let frame = box.frame
        if box.style != .plain {
            // Filled inside a clip: an accent bar's follows the row's rounded left (or right)
            // edge; a theme's paper needs one, as Cairo 1.16 damages a page-sized fill inside tags.
            canvas.save()
            switch box.style {
            case .accentBar: canvas.roundedRectangle(frame.x, frame.y, frame.width + 8, frame.height, radius: 6)
            case .accentBarRight:
                canvas.roundedRectangle(frame.x - 8, frame.y, frame.width + 8, frame.height, radius: 6)
            case .page, .plain: canvas.rectangle(frame.x, frame.y, frame.width, frame.height)
            }
            canvas.clip()
            canvas.rectangle(frame.x, frame.y, frame.width, frame.height)
            canvas.setColor(box.fill ?? Color(hex: 0x000000))
            canvas.fill()
            canvas.restore()
            return
        }
        let inset = box.stroke != nil ? box.lineWidth / 2 : 0
        canvas.roundedRectangle(
            frame.x + inset, frame.y + inset, frame.width - 2 * inset, frame.height - 2 * inset, radius: box.radius)
        if let fill = box.fill {
            canvas.setColor(fill)
            if box.stroke != nil { canvas.fillPreserve() } else { canvas.fill() }
        }
        if let stroke = box.stroke {
            canvas.save()
            canvas.setColor(stroke)
            canvas.setLineWidth(box.lineWidth)
            if box.dashed { canvas.setDash([3, 2.5]) }
            canvas.stroke()
            canvas.restore()
        }
    }
}
