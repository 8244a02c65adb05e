internal import CCairo

/// The FreeType library and faces of one font map: one face per font file
/// (and face of a collection), opened for that map alone, handed to Cairo
/// with each font of the map's configuration.
///
/// A face Cairo is given (fontconfig's `FC_FT_FACE` in the font's pattern) is
/// never opened or closed by Cairo itself (Cairo 1.16 keeps at most ten faces
/// of its own open and closes another document's idle one without that font's
/// lock: issue #37's crash in `FT_Get_First_Char`). And Cairo keys everything
/// it makes from a face by the face: its unscaled font, its font face and each
/// scaled font with its glyph caches. Faces shared by every map made those
/// Cairo objects shared by every thread, and Cairo 1.16 does not lock all of
/// their state (issue #43: `cairo_scaled_font_destroy: Assertion
/// '! scaled_font->cache_frozen'` once in 14,000 documents). Faces of its own
/// give each map a font world of its own: every FreeType, Cairo, Pango and
/// HarfBuzz object made from it is reached only by the one thread that has
/// borrowed the map. `docs/architecture.md` ("What the C libraries share")
/// has the whole story.
///
/// Pointers: FreeType's library and faces are C objects that only come as
/// pointers. They live as long as their map, which lives as long as the
/// process (`FontMaps` never lets one go), and are never closed: Cairo's
/// caches may hold a face after its last font is gone, keyed by its address.
final class FontFaces {
    private var library: FT_Library?
    private var faces: [String: FT_Face] = [:]

    init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    /// Gives every font of a configuration's own fonts its face, opening the faces not yet open.
    func attach(to config: OpaquePointer) {
        guard let library, let set = FcConfigGetFonts(config, FcSetApplication) else { return }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?  // fontconfig's out-parameter, owned by the pattern
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var faceIndex: Int32 = 0
            _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &faceIndex)
            let path = String(cString: file)
            let key = "\(path)#\(faceIndex)"
            var face = faces[key]
            if face == nil {
                var made: FT_Face?
                if FT_New_Face(library, path, FT_Long(faceIndex), &made) == 0, let made {
                    faces[key] = made
                    face = made
                }
            }
            if let face { _ = FcPatternAddFTFace(pattern, FC_FT_FACE, face) }
        }
    }

    /// How many faces are open: one per font file of the map's set.
    var count: Int { faces.count }
}
