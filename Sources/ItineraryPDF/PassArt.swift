import ItineraryLayout
import ItineraryPresentation

/// A Wallet pass's pictures, drawn as the documents draw theirs: the icon is the
/// league's pictogram (`Pictogram`, Symbola's outline on a field of colour), the
/// logo is the theme's own, through Cairo and librsvg (`LogoArt`). Everything is
/// drawn under `CairoLock`, and each picture is written as PNG by Cairo.
package enum PassArt {
    /// Why a picture could not be drawn.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The icon, `side` pixels square: the sport's pictogram in `foreground` on `background`,
    /// edge to edge (Wallet rounds the corners itself).
    package static func icon(
        _ sport: Sport, side: Int, background: Color, foreground: Color
    ) throws(Failure) -> [UInt8] {
        try draw("the icon") { () throws(CairoFailure) -> [UInt8] in
            let surface = try Surface.image(width: side, height: side)
            let canvas = try Canvas(surface)
            canvas.paint(background)
            let text = TextEngine(FontSet.Coverage(scripts: false, emoji: false))
            let size = Double(side)
            Pictogram(.sport(sport)).draw(
                in: Rect(0, 0, size, size), background: background, foreground: foreground, on: canvas, text: text)
            try canvas.check("drawing the icon")
            return try png(surface)
        }
    }

    /// Room around a logo on its chip, in points: across and down.
    static let chipPadding = (x: 8, y: 5)

    /// The size a logo's picture takes in a box of `width` × `height` points: the logo fitted inside
    /// the chip's padding, keeping its proportions, and the padding; whole points.
    package static func fittedSize(_ logo: Logo, width: Int, height: Int) -> (width: Int, height: Int) {
        let inner = (width: width - 2 * chipPadding.x, height: height - 2 * chipPadding.y)
        let scale = min(Double(inner.width) / logo.width, Double(inner.height) / logo.height)
        return (
            max(1, min(inner.width, Int((logo.width * scale).rounded()))) + 2 * chipPadding.x,
            max(1, min(inner.height, Int((logo.height * scale).rounded()))) + 2 * chipPadding.y
        )
    }

    /// The logo on a chip of `chip` (the page's colour, which a logo is made for), as the HTML's title
    /// band shows it on the game colour: `fittedSize(_:width:height:)` points at `scale` pixels a point,
    /// the corners clear. An SVG logo's text is set in `font` (a theme's typeface) as the documents set it.
    package static func logo(
        _ logo: Logo, width: Int, height: Int, scale: Int, chip: Color, font: (family: String, files: [String])?
    ) throws(Failure) -> [UInt8] {
        let size = fittedSize(logo, width: width, height: height)
        return try draw("the logo") { () throws(CairoFailure) -> [UInt8] in
            let surface = try Surface.image(width: size.width * scale, height: size.height * scale, transparent: true)
            let canvas = try Canvas(surface)
            canvas.scale(Double(scale), Double(scale))
            canvas.roundedRectangle(0, 0, Double(size.width), Double(size.height), radius: 8)
            canvas.setColor(chip)
            canvas.fill()
            var coverage = FontSet.Coverage(scripts: false, emoji: false)
            coverage.themeFont = font?.files ?? []
            let text = TextEngine(coverage, family: font?.family)
            let prepared = LogoArt.Prepared(logo)
            let frame = Rect(
                Double(chipPadding.x), Double(chipPadding.y), Double(size.width - 2 * chipPadding.x),
                Double(size.height - 2 * chipPadding.y))
            text.asThreadDefault { LogoArt.draw(prepared, in: frame, on: canvas) }
            try canvas.check("drawing the logo")
            return try png(surface)
        }
    }

    private static func draw(
        _ what: String, _ body: () throws(CairoFailure) -> [UInt8]
    ) throws(Failure) -> [UInt8] {
        do {
            return try CairoLock.run(body)
        } catch {
            throw Failure(description: "cannot draw \(what): \(error)")
        }
    }

    private static func png(_ surface: Surface) throws(CairoFailure) -> [UInt8] {
        do {
            return try PNGFile.write(surface.pointer)
        } catch {
            throw CairoFailure(operation: "writing a picture as PNG", reason: "\(error)")
        }
    }
}
