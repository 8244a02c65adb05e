import ItineraryLayout
import ItineraryPresentation

/// Category, travel-mode and sport icons: a disc with a white outline glyph from
/// Symbola on it. Glyphs are vector outlines, so icons stay sharp at any
/// resolution (colour emoji in a PDF are 72 ppi bitmaps), and a glyph used a
/// thousand times is stored once in the font subset: far cheaper than paths.
struct Pictogram {
    let symbol: Symbol

    init(_ symbol: Symbol) {
        self.symbol = symbol
    }

    /// The character drawn for a symbol; all of them are in Symbola.
    var character: String {
        switch symbol {
        case .category(.restaurant): "\u{1F374}"  // 🍴 fork and knife
        case .category(.hotel): "\u{1F6CF}"  // 🛏 bed
        case .category(.activity): "\u{1F3AF}"  // 🎯 direct hit
        case .category(.note): "\u{1F4DD}"  // 📝 memo
        case .mode(.drive): "\u{1F697}"  // 🚗 automobile
        case .mode(.flight): "\u{2708}"  // ✈ airplane
        case .mode(.train): "\u{1F686}"  // 🚆 train
        case .mode(.bus): "\u{1F68C}"  // 🚌 bus
        case .mode(.other): "\u{1F5FA}"  // 🗺 world map
        case .sport(.baseball): "\u{26BE}"  // ⚾ baseball
        case .sport(.basketball): "\u{1F3C0}"  // 🏀 basketball and hoop
        case .sport(.hockey): "\u{1F3D2}"  // 🏒 ice hockey stick and puck
        case .sport(.americanFootball): "\u{1F3C8}"  // 🏈 American football
        case .sport(.soccer): "\u{26BD}"  // ⚽ soccer ball
        case .sport(.other): "\u{1F3DF}"  // 🏟 stadium
        }
    }

    func draw(in frame: Rect, background: Color, foreground: Color, on canvas: Canvas, text: TextEngine) {
        let size = min(frame.width, frame.height)
        let centerX = frame.x + frame.width / 2, centerY = frame.y + frame.height / 2
        canvas.circle(centerX, centerY, size / 2)
        canvas.setColor(background)
        canvas.fill()
        canvas.setColor(foreground)
        let inset = size * 0.2
        text.drawSymbol(
            character,
            fitting: Rect(
                frame.x + (frame.width - size) / 2 + inset, frame.y + (frame.height - size) / 2 + inset,
                size - 2 * inset, size - 2 * inset), on: canvas)
    }
}
