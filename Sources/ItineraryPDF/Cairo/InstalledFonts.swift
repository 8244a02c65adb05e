internal import CCairo

/// The font families installed on the machine, as fontconfig lists them: what
/// a theme's `font` must name, and the files a family's faces are in.
///
/// Pointers: fontconfig hands each name and file back as a `FcChar8 *` owned
/// by its pattern; they are copied into Swift strings at once, before the set
/// is destroyed. That is fontconfig's only way to answer, not a shortcut.
package enum InstalledFonts {
    /// Every family name (each of a font's names, e.g. "DejaVu Serif"), sorted.
    package static let families: [String] = {
        var names = Set<String>()
        for font in fonts { names.formUnion(font.families) }
        return names.sorted()
    }()

    /// Read once, from the system's configuration (the documents' own holds only their fonts).
    private static let fonts: [(families: [String], file: String)] = list()

    /// The files of a family's faces (regular, bold, italic, …); empty when it is not installed.
    package static func files(of family: String) -> [String] {
        let wanted = family.lowercased()
        return fonts.filter { $0.families.contains { $0.lowercased() == wanted } }.map(\.file).sorted()
    }

    /// The installed families nearest a name that is not one: by edit distance, ignoring case and spaces.
    package static func closest(to name: String, count: Int = 3) -> [String] {
        func squeezed(_ text: String) -> [Character] { Array(text.lowercased().filter { !$0.isWhitespace }) }
        let target = squeezed(name)
        return families.map { (family: $0, distance: distance(target, squeezed($0))) }
            .sorted { ($0.distance, $0.family) < ($1.distance, $1.family) }
            .prefix(count).map(\.family)
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Each font fontconfig's system configuration knows: its family names and file.
    private static func list() -> [(families: [String], file: String)] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        _ = FcObjectSetAdd(objects, FC_FILE)
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var fonts: [(families: [String], file: String)] = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var names: [String] = []
            var value: UnsafeMutablePointer<FcChar8>?  // fontconfig's out-parameter, owned by `font`: copied at once
            var n: Int32 = 0
            while FcPatternGetString(font, FC_FAMILY, n, &value) == FcResultMatch, let value {
                names.append(String(cString: value))
                n += 1
            }
            var file: UnsafeMutablePointer<FcChar8>?  // likewise
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            fonts.append((names, String(cString: file)))
        }
        return fonts
    }
}
