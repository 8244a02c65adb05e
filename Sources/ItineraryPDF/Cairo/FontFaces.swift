internal import CCairo
import Synchronization

/// The FreeType faces of the documents' fonts: one per font file (and face of
/// a collection), opened once, never closed, handed to Cairo with the font.
///
/// Cairo 1.16 otherwise opens a face per font file itself, keeps at most ten
/// open in the whole process, and closes another document's idle one to open
/// the eleventh; it decides a face is idle without that font's lock, so a
/// document still drawing with it reads freed memory (issue #37: an Arabic and
/// a themed PDF drawn at once crashed the service in `FT_Get_First_Char`).
/// A face Cairo is given (fontconfig's `FC_FT_FACE` in the font's pattern) is
/// never closed by Cairo, and each is used under Cairo's own lock of it.
/// `docs/architecture.md` ("What the C libraries share") has the whole story.
///
/// Pointers: FreeType's library and faces are C objects that only come as
/// pointers; they live as long as the process, behind this type's lock.
enum FontFaces {
    private struct Open: @unchecked Sendable {
        // @unchecked: FreeType's library and faces are C pointers, which the compiler cannot
        // follow into the lock (the way FontMap's are). They are made and looked up only under
        // `open`'s lock, never freed, and used afterwards by Cairo under each face's own lock.
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
