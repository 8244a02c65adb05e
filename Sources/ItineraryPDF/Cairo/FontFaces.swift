internal import CCairo
import Synchronization

/// The FreeType faces of the documents' fonts: one per font file (and face of
/// a collection), opened once, on a FreeType library of the library's own,
/// never closed, and handed to Cairo with every font (fontconfig's `FC_FT_FACE`
/// in the font's pattern).
///
/// A face Cairo is given is never opened or closed by Cairo itself: Cairo 1.16
/// keeps at most ten faces of its own open and closes another document's idle
/// one without that font's lock (issue #37: an Arabic and a themed PDF drawn at
/// once crashed the service in `FT_Get_First_Char`). The faces are the
/// library's alone, so no font a host program makes with Cairo is ever one of
/// the library's. Every map shares them: since every use of Cairo is under
/// `CairoLock`, faces of its own per map (tried for issue #43) would only
/// multiply the fonts, the glyph pages and the memory (the stress mix's
/// resident memory was about 1 GB with them). `docs/architecture.md` ("What the
/// C libraries share") has the whole story.
///
/// Pointers: FreeType's library and faces are C objects that only come as
/// pointers; they live as long as the process, behind this type's lock.
enum FontFaces {
    private struct Open: @unchecked Sendable {
        // @unchecked: FreeType's library and faces are C pointers, which the compiler cannot
        // follow into the lock. They are made and looked up only under `open`'s lock, never
        // freed, and used afterwards by Cairo under CairoLock.
        var library: FT_Library?
        var faces: [String: FT_Face] = [:]
    }

    private static let open = Mutex(Open())

    /// Gives every font of a configuration's own fonts its face, opening the faces not yet open.
    static func attach(to config: OpaquePointer) {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return }
        open.withLock { open in
            if open.library == nil, FT_Init_FreeType(&open.library) != 0 { open.library = nil }
            guard let library = open.library else { return }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?  // fontconfig's out-parameter, owned by the pattern
                guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                var faceIndex: Int32 = 0
                _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &faceIndex)
                let path = String(cString: file)
                let key = "\(path)#\(faceIndex)"
                var face = open.faces[key]
                if face == nil {
                    var made: FT_Face?
                    if FT_New_Face(library, path, FT_Long(faceIndex), &made) == 0, let made {
                        open.faces[key] = made
                        face = made
                    }
                }
                if let face { _ = FcPatternAddFTFace(pattern, FC_FT_FACE, face) }
            }
        }
    }

    /// How many faces are open: as many as font files were ever drawn with, then no more.
    static var count: Int { open.withLock { $0.faces.count } }
}
