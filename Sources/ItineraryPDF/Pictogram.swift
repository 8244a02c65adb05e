import ItineraryLayout

/// Category and travel-mode icons as vector paths, so they stay sharp at any
/// resolution (colour emoji in a PDF are 72 ppi bitmaps).
struct Pictogram {
    let symbol: Symbol

    init(_ symbol: Symbol) {
        self.symbol = symbol
    }

    /// Draws a filled disc with the glyph on it; the glyph is designed on a unit square.
    func draw(in frame: Rect, background: RGB, foreground: RGB, on canvas: Canvas) {
        let size = min(frame.width, frame.height)
        canvas.save()
        canvas.translate(frame.x + (frame.width - size) / 2, frame.y + (frame.height - size) / 2)
        canvas.scale(size, size)
        canvas.circle(0.5, 0.5, 0.5)
        canvas.setColor(background)
        canvas.fill()
        canvas.setColor(foreground)
        canvas.setLineWidth(0.075)
        canvas.setRoundCaps()
        glyph(canvas)
        canvas.restore()
    }

    private func glyph(_ c: Canvas) {
        switch symbol {
        case .category(.restaurant):
            // Fork and knife.
            for x in [0.31, 0.38, 0.45] {
                c.move(x, 0.24); c.line(x, 0.40)
            }
            c.stroke()
            c.move(0.31, 0.40); c.curve(0.31, 0.48, 0.45, 0.48, 0.45, 0.40); c.stroke()
            c.move(0.38, 0.46); c.line(0.38, 0.77); c.stroke()
            c.move(0.63, 0.23); c.curve(0.72, 0.30, 0.72, 0.46, 0.64, 0.50); c.line(0.63, 0.50); c.close(); c.fill()
            c.move(0.63, 0.25); c.line(0.63, 0.77); c.stroke()
        case .category(.hotel):
            // A bed with a pillow.
            c.move(0.22, 0.30); c.line(0.22, 0.74); c.stroke()
            c.roundedRectangle(0.22, 0.50, 0.58, 0.13, radius: 0.03); c.fill()
            c.move(0.78, 0.60); c.line(0.78, 0.74); c.stroke()
            c.roundedRectangle(0.28, 0.40, 0.16, 0.09, radius: 0.03); c.fill()
            c.roundedRectangle(0.46, 0.41, 0.32, 0.08, radius: 0.03); c.fill()
        case .category(.activity):
            // A target.
            c.circle(0.5, 0.5, 0.27); c.stroke()
            c.circle(0.5, 0.5, 0.15); c.stroke()
            c.circle(0.5, 0.5, 0.05); c.fill()
        case .category(.note):
            // A page with lines.
            c.roundedRectangle(0.30, 0.22, 0.40, 0.56, radius: 0.05); c.stroke()
            for y in [0.37, 0.49, 0.61] {
                c.move(0.39, y); c.line(0.61, y)
            }
            c.stroke()
        case .mode(.drive):
            // A car from the side.
            c.move(0.18, 0.62); c.line(0.18, 0.50); c.line(0.30, 0.47); c.line(0.38, 0.34); c.line(0.64, 0.34)
            c.line(0.73, 0.47); c.line(0.82, 0.50); c.line(0.82, 0.62); c.close(); c.fill()
            c.circle(0.33, 0.64, 0.075); c.fill()
            c.circle(0.67, 0.64, 0.075); c.fill()
        case .mode(.flight):
            // An aeroplane seen from above, flying right.
            c.move(0.18, 0.47); c.line(0.78, 0.45); c.curve(0.86, 0.46, 0.86, 0.54, 0.78, 0.55); c.line(0.18, 0.53); c.close(); c.fill()
            c.move(0.44, 0.46); c.line(0.36, 0.20); c.line(0.44, 0.20); c.line(0.60, 0.46); c.close(); c.fill()
            c.move(0.44, 0.54); c.line(0.36, 0.80); c.line(0.44, 0.80); c.line(0.60, 0.54); c.close(); c.fill()
            c.move(0.20, 0.48); c.line(0.15, 0.34); c.line(0.21, 0.34); c.line(0.29, 0.48); c.close(); c.fill()
            c.move(0.20, 0.52); c.line(0.15, 0.66); c.line(0.21, 0.66); c.line(0.29, 0.52); c.close(); c.fill()
        case .mode(.train):
            // A train front on rails.
            c.roundedRectangle(0.29, 0.18, 0.42, 0.50, radius: 0.08); c.stroke()
            c.rectangle(0.35, 0.27, 0.30, 0.15); c.fill()
            c.circle(0.38, 0.56, 0.04); c.fill()
            c.circle(0.62, 0.56, 0.04); c.fill()
            c.move(0.37, 0.70); c.line(0.29, 0.82); c.move(0.63, 0.70); c.line(0.71, 0.82); c.stroke()
        case .mode(.bus):
            // A bus from the side.
            c.roundedRectangle(0.18, 0.30, 0.64, 0.32, radius: 0.06); c.stroke()
            for x in [0.25, 0.40, 0.55] {
                c.rectangle(x, 0.37, 0.11, 0.10)
            }
            c.fill()
            c.circle(0.32, 0.65, 0.07); c.fill()
            c.circle(0.68, 0.65, 0.07); c.fill()
        case .mode(.other):
            // A compass.
            c.circle(0.5, 0.5, 0.28); c.stroke()
            c.move(0.5, 0.28); c.line(0.57, 0.5); c.line(0.5, 0.72); c.line(0.43, 0.5); c.close(); c.fill()
        }
    }
}
