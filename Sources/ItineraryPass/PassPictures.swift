import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation

/// The pictures of a pass, drawn by the documents' painter (`PassArt`): the icon Wallet shows
/// on the lock screen and in notifications, the league's pictogram on the ticket's colour, 29
/// points square; the theme's logo, when it has one, on a chip of its paper within 160 × 50 points.
/// Each at 1, 2 and 3
/// pixels a point (`icon.png`, `icon@2x.png`, `icon@3x.png`), as Wallet asks.
package enum PassPictures {
    static let iconSide = 29
    static let logoBox = (width: 160, height: 50)
    static let scales = [1, 2, 3]

    /// The icon's and the logo's files for a game of `sport`.
    package static func files(
        sport: Sport, design: PassDocument.Design, logo: Logo?, font: (family: String, files: [String])?
    ) throws(PassPackage.Failure) -> [PassPackage.File] {
        let colours = design.colours
        var files: [PassPackage.File] = []
        do {
            for scale in scales {
                files.append(
                    (
                        name("icon", scale),
                        try PassArt.icon(
                            sport, side: iconSide * scale, background: colours.background,
                            foreground: colours.foreground)
                    ))
            }
            if let logo {
                for scale in scales {
                    files.append(
                        (
                            name("logo", scale),
                            try PassArt.logo(
                                logo, width: logoBox.width, height: logoBox.height, scale: scale,
                                chip: design.palette.paper, font: font)
                        ))
                }
            }
        } catch {
            throw PassPackage.Failure(error.description)
        }
        return files
    }

    /// "icon.png", "icon@2x.png".
    static func name(_ stem: String, _ scale: Int) -> String {
        scale == 1 ? stem + ".png" : "\(stem)@\(scale)x.png"
    }
}
