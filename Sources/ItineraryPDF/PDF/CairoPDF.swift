/// A PDF file as Cairo 1.16 writes it: numbered objects, one classic
/// cross-reference table and a trailer, no object streams, no updates.
/// Anything else is refused, not guessed at.
struct CairoPDF {
    let bytes: [UInt8]
    /// The byte offset of each object, by number; nil for a free number.
    let offsets: [Int?]
    /// The catalog's object number.
    let root: Int
    /// The document information dictionary's object number.
    let info: Int?

    /// An object's extent and the places in it that name other objects.
    struct Object {
        let number: Int
        /// From just after `N 0 obj` to just after `endobj`.
        let body: Range<Int>
        /// The object number of each reference `N 0 R` outside stream data, in order.
        let references: [(number: Range<Int>, target: Int)]
        /// Names at the top level of the object's dictionary, each with the token after it.
        let keys: [(name: PDFLexer.Token, value: PDFLexer.Token)]
        /// Where the `>>` closing the object's dictionary starts, if the object is one.
        let closing: Int?
    }

    /// What reading one value finds: its references, and for a dictionary its keys and where it closes.
    private struct Contents {
        var references: [(number: Range<Int>, target: Int)] = []
        var keys: [(name: PDFLexer.Token, value: PDFLexer.Token)] = []
        var closing: Int?
    }

    init(_ bytes: [UInt8]) throws(JoinFailure) {
        self.bytes = bytes
        let tail = max(0, bytes.count - 1024)
        guard let startxref = Self.lastIndex(of: Array("startxref".utf8), in: bytes, from: tail) else {
            throw JoinFailure("no startxref at the end of the file")
        }
        var lexer = PDFLexer(bytes, at: startxref + 9)
        guard let token = lexer.next(), let xref = lexer.integer(token), xref >= 0, xref < bytes.count else {
            throw JoinFailure("startxref gives no offset in the file")
        }
        lexer.position = xref
        guard let keyword = lexer.next(), lexer.token(keyword, is: "xref") else {
            throw JoinFailure("the cross-reference data is not a table (a cross-reference stream?)")
        }
        var offsets: [Int?] = []
        while true {
            guard let token = lexer.next() else { throw JoinFailure("the cross-reference table has no trailer") }
            if lexer.token(token, is: "trailer") { break }
            guard let first = lexer.integer(token), let countToken = lexer.next(), let count = lexer.integer(countToken),
                  first >= 0, count >= 0, first <= bytes.count, count <= bytes.count - first else {
                throw JoinFailure("a malformed cross-reference section")
            }
            if offsets.count < first + count { offsets += Array(repeating: nil, count: first + count - offsets.count) }
            for number in first..<(first + count) {
                guard let offsetToken = lexer.next(), let offset = lexer.integer(offsetToken), let generationToken = lexer.next(),
                      let generation = lexer.integer(generationToken), let type = lexer.next() else {
                    throw JoinFailure("a malformed cross-reference entry for object \(number)")
                }
                if lexer.token(type, is: "n") {
                    guard generation == 0, offset > 0, offset < bytes.count else {
                        throw JoinFailure("object \(number) has generation \(generation) or lies outside the file")
                    }
                    offsets[number] = offset
                } else if !lexer.token(type, is: "f") {
                    throw JoinFailure("a cross-reference entry of unknown type for object \(number)")
                }
            }
        }
        self.offsets = offsets
        guard let start = lexer.next(), start.kind == .dictionaryStart else { throw JoinFailure("the trailer is not a dictionary") }
        let trailer = try Self.read(start, &lexer, in: "the trailer")
        for key in trailer.keys where lexer.token(key.name, is: "/Prev") || lexer.token(key.name, is: "/Encrypt") || lexer.token(key.name, is: "/XRefStm") {
            throw JoinFailure("the file is updated incrementally or encrypted")
        }
        let root = Self.reference("/Root", in: trailer.keys, trailer.references, lexer)
        let info = Self.reference("/Info", in: trailer.keys, trailer.references, lexer)
        guard let root, offsets.indices.contains(root), offsets[root] != nil else { throw JoinFailure("the trailer names no catalog") }
        if let info, !(offsets.indices.contains(info) && offsets[info] != nil) {
            throw JoinFailure("the trailer names document information that is not in the file")
        }
        self.root = root
        self.info = info
    }

    /// The numbers of every object in the file, in the order they are written.
    var numbersInFileOrder: [Int] {
        offsets.indices.filter { offsets[$0] != nil }.sorted { offsets[$0]! < offsets[$1]! }
    }

    /// Reads object `number`: its extent, its references and its top-level keys.
    func object(_ number: Int) throws(JoinFailure) -> Object {
        var lexer = try body(of: number)
        let start = lexer.position
        guard let token = lexer.next() else { throw JoinFailure("object \(number) is empty") }
        let contents = try Self.read(token, &lexer, in: "object \(number)")
        guard let end = lexer.next(), end.kind == .keyword else { throw JoinFailure("object \(number) holds more than one value") }
        if lexer.token(end, is: "endobj") {
            return Object(number: number, body: start..<lexer.position, references: contents.references, keys: contents.keys, closing: contents.closing)
        }
        guard lexer.token(end, is: "stream") else { throw JoinFailure("object \(number) holds more than one value") }
        return try streamObject(number, start: start, lexer: &lexer, contents)
    }

    /// The token after `key` in an object's dictionary.
    func value(_ key: StaticString, of object: Object) -> PDFLexer.Token? {
        Self.value(key, in: object.keys, PDFLexer(bytes))
    }

    /// The object that `key` in an object's dictionary refers to.
    func reference(_ key: StaticString, of object: Object) -> Int? {
        Self.reference(key, in: object.keys, object.references, PDFLexer(bytes))
    }

    private static func value(_ key: StaticString, in keys: [(name: PDFLexer.Token, value: PDFLexer.Token)], _ lexer: PDFLexer) -> PDFLexer.Token? {
        keys.first { lexer.token($0.name, is: key) }?.value
    }

    private static func reference(_ key: StaticString, in keys: [(name: PDFLexer.Token, value: PDFLexer.Token)],
                                  _ references: [(number: Range<Int>, target: Int)], _ lexer: PDFLexer) -> Int? {
        guard let token = value(key, in: keys, lexer) else { return nil }
        return references.first { $0.number == token.range }?.target
    }

    /// Reads the value that starts with `token`: its references, and a dictionary's keys and end.
    private static func read(_ token: PDFLexer.Token, _ lexer: inout PDFLexer, in what: String) throws(JoinFailure) -> Contents {
        var contents = Contents()
        guard token.kind == .dictionaryStart else {
            try skipValue(token, &lexer, &contents.references, in: what)
            return contents
        }
        while true {
            guard let key = lexer.next() else { throw JoinFailure("\(what) has an unfinished dictionary") }
            if key.kind == .dictionaryEnd {
                contents.closing = key.range.lowerBound
                return contents
            }
            guard key.kind == .name, let value = lexer.next() else { throw JoinFailure("\(what) has a malformed dictionary") }
            contents.keys.append((key, value))
            try skipValue(value, &lexer, &contents.references, in: what)
        }
    }

    /// Moves past the value that starts with `token`, noting the references in it.
    private static func skipValue(_ token: PDFLexer.Token, _ lexer: inout PDFLexer, _ references: inout [(number: Range<Int>, target: Int)],
                                  in what: String) throws(JoinFailure) {
        switch token.kind {
        case .dictionaryStart, .arrayStart:
            let close: PDFLexer.Kind = token.kind == .dictionaryStart ? .dictionaryEnd : .arrayEnd
            while true {
                guard let inner = lexer.next() else { throw JoinFailure("\(what) has an unfinished dictionary or array") }
                if inner.kind == close { return }
                try skipValue(inner, &lexer, &references, in: what)
            }
        case .integer:
            // `N 0 R` is one value: a reference.
            let saved = lexer.position
            if let generation = lexer.next(), generation.kind == .integer, let r = lexer.next(), lexer.token(r, is: "R") {
                guard let target = lexer.integer(token), lexer.integer(generation) == 0 else {
                    throw JoinFailure("\(what) has a malformed reference")
                }
                references.append((token.range, target))
            } else {
                lexer.position = saved
            }
        case .dictionaryEnd, .arrayEnd:
            throw JoinFailure("\(what) closes a dictionary or array it did not open")
        default:
            return
        }
    }

    private func streamObject(_ number: Int, start: Int, lexer: inout PDFLexer, _ contents: Contents) throws(JoinFailure) -> Object {
        var dataStart = lexer.position
        if dataStart < bytes.count && bytes[dataStart] == 0x0D { dataStart += 1 }
        if dataStart < bytes.count && bytes[dataStart] == 0x0A { dataStart += 1 }
        guard let lengthToken = Self.value("/Length", in: contents.keys, lexer), var length = lexer.integer(lengthToken) else {
            throw JoinFailure("stream object \(number) has no /Length")
        }
        if let reference = Self.reference("/Length", in: contents.keys, contents.references, lexer) {
            length = try integerObject(reference)
        }
        guard length >= 0, dataStart <= bytes.count, length <= bytes.count - dataStart else { throw JoinFailure("stream object \(number) runs past the end of the file") }
        lexer.position = dataStart + length
        guard let end = lexer.next(), lexer.token(end, is: "endstream"), let endobj = lexer.next(), lexer.token(endobj, is: "endobj") else {
            throw JoinFailure("stream object \(number) does not end where its /Length says")
        }
        return Object(number: number, body: start..<lexer.position, references: contents.references, keys: contents.keys, closing: contents.closing)
    }

    /// The value of an object that is one integer (Cairo writes stream lengths so).
    private func integerObject(_ number: Int) throws(JoinFailure) -> Int {
        var lexer = try body(of: number)
        guard let token = lexer.next(), let value = lexer.integer(token) else { throw JoinFailure("object \(number) is not an integer") }
        return value
    }

    /// A lexer just after object `number`'s `N 0 obj`, checked to be where the cross-reference table says.
    private func body(of number: Int) throws(JoinFailure) -> PDFLexer {
        guard offsets.indices.contains(number), let offset = offsets[number] else {
            throw JoinFailure("object \(number) is not in the file")
        }
        var lexer = PDFLexer(bytes, at: offset)
        guard let first = lexer.next(), lexer.integer(first) == number, let second = lexer.next(), lexer.integer(second) == 0,
              let keyword = lexer.next(), lexer.token(keyword, is: "obj") else {
            throw JoinFailure("object \(number) does not start where the cross-reference table says")
        }
        return lexer
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= start {
            if bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index -= 1
        }
        return nil
    }
}

/// Why Cairo's parts could not be joined into one document.
struct JoinFailure: Error, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { "joining the PDF parts failed: \(reason)" }
}
