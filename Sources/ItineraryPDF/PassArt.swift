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

    /// The size a logo takes in a box of `width` × `height` points, keeping its proportions:
    /// whole points, at least one each way.
    package static func fittedSize(_ logo: Logo, width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = min(Double(width) / logo.width, Double(height) / logo.height)
        return (
            max(1, min(width, Int((logo.width * scale).rounded()))),
            max(1, min(height, Int((logo.height * scale).rounded())))
        )
    }

    /// The logo fitted into `fittedSize(_:width:height:)` points, drawn at `scale` pixels a point on a
    /// clear ground; an SVG logo's text is set in `font` (a theme's typeface) as the documents set it.
    package static func logo(
        _ logo: Logo, width: Int, height: Int, scale: Int, font: (family: String, files: [String])?
    ) throws(Failure) -> [UInt8] {
        let size = fittedSize(logo, width: width, height: height)
        return try draw("the logo") { () throws(CairoFailure) -> [UInt8] in
            let surface = try Surface.image(width: size.width * scale, height: size.height * scale, transparent: true)
            let canvas = try Canvas(surface)
            canvas.scale(Double(scale), Double(scale))
            var coverage = FontSet.Coverage(scripts: false, emoji: false)
            coverage.themeFont = font?.files ?? []
            let text = TextEngine(coverage, family: font?.family)
            let prepared = LogoArt.Prepared(logo)
            text.asThreadDefault {
                LogoArt.draw(prepared, in: Rect(0, 0, Double(size.width), Double(size.height)), on: canvas)
            }
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
