import ItineraryModel

/// One PDF made of the parts Cairo painted, with the bookmark outline.
///
/// Cairo writes one document per surface, and a surface belongs to one
/// thread, so a long document is painted as two parts at once. Joining them
/// copies every object of every part, numbered anew, stream data untouched:
/// the first part's catalog, metadata and page tree hold every page, the
/// other parts' catalogs, metadata and page trees are left out, and the
/// outline (Cairo 1.16 can only point bookmarks at pages already painted)
/// is written here. The same parts give the same bytes.
enum JoinedPDF {
    /// A bookmark: its title, its page (from 0) and how far down the page it points.
    struct Bookmark {
        let title: String
        let page: Int
        let top: Double
    }

    static func join(_ parts: [[UInt8]], bookmarks: [Bookmark], pageHeight: Double) throws(JoinFailure) -> [UInt8] {
        var files: [CairoPDF] = []
        for part in parts { files.append(try CairoPDF(part)) }
        guard let firstFile = files.first else { throw JoinFailure("there are no parts") }

        // Each part's page tree: Cairo's is one node, its kids the pages.
        var trees: [(number: Int, kids: [Int])] = []
        for (part, file) in files.enumerated() {
            let lexer = PDFLexer(file.bytes)
            let catalog = try file.object(file.root)
            guard let pages = file.reference("/Pages", of: catalog) else { throw JoinFailure("a catalog without /Pages") }
            guard file.value("/Outlines", of: catalog) == nil else { throw JoinFailure("a part already has an outline") }
            // The first part's catalog is kept; the others' are left out, so they may hold nothing else.
            for key in catalog.keys where part > 0 && !lexer.token(key.name, is: "/Type") && !lexer.token(key.name, is: "/Pages") {
                throw JoinFailure("part \(part + 1)'s catalog has \(lexer.text(key.name)), which joining would drop")
            }
            let tree = try file.object(pages)
            for key in tree.keys where !lexer.token(key.name, is: "/Type") && !lexer.token(key.name, is: "/Kids") && !lexer.token(key.name, is: "/Count") {
                throw JoinFailure("the page tree has \(lexer.text(key.name)), which joining would drop")
            }
            let kids = tree.references.map(\.target)
            guard let count = file.value("/Count", of: tree).flatMap(lexer.integer), count == kids.count else {
                throw JoinFailure("the page tree is not one node over its pages")
            }
            trees.append((pages, kids))
        }

        // New numbers, 1 up, in the order the objects are written.
        var renumbered: [[Int?]] = files.map { Array(repeating: nil, count: $0.offsets.count) }
        var order: [(part: Int, number: Int)] = []
        var next = 1
        let fileOrders = files.map(\.numbersInFileOrder)
        for (part, file) in files.enumerated() {
            for number in fileOrders[part] {
                if part > 0 && (number == file.root || number == file.info || number == trees[part].number) { continue }
                renumbered[part][number] = next
                order.append((part, number))
                next += 1
            }
        }
        let pageTree = renumbered[0][trees[0].number]!
        for part in files.indices.dropFirst() { renumbered[part][trees[part].number] = pageTree }
        let outline = bookmarks.isEmpty ? nil : next
        if !bookmarks.isEmpty { next += 1 + bookmarks.count }

        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count } + 200 * bookmarks.count + 20 * next + 1024)
        // The header and the binary comment line, as Cairo wrote them.
        let firstObject = fileOrders[0].first.flatMap { firstFile.offsets[$0] } ?? 0
        out += firstFile.bytes[0..<firstObject]
        var offsets = Array(repeating: 0, count: next)

        var pageNumbers: [Int] = []
        for (part, tree) in trees.enumerated() {
            for kid in tree.kids {
                guard renumbered[part].indices.contains(kid), let number = renumbered[part][kid] else {
                    throw JoinFailure("a page object is missing")
                }
                pageNumbers.append(number)
            }
        }
        for (part, number) in order {
            let file = files[part]
            let newNumber = renumbered[part][number]!
            offsets[newNumber] = out.count
            if part == 0 && number == trees[0].number {
                out += "\(newNumber) 0 obj\n<< /Type /Pages\n   /Kids [ ".utf8
                for page in pageNumbers { out += "\(page) 0 R ".utf8 }
                out += "]\n   /Count \(pageNumbers.count)\n>>\nendobj\n".utf8
                continue
            }
            let object = try file.object(number)
            out += "\(newNumber) 0 obj".utf8
            var copied = object.body.lowerBound
            for reference in object.references {
                guard renumbered[part].indices.contains(reference.target), let target = renumbered[part][reference.target] else {
                    throw JoinFailure("object \(number) refers to object \(reference.target), which is left out")
                }
                out += file.bytes[copied..<reference.number.lowerBound]
                out += "\(target)".utf8
                copied = reference.number.upperBound
            }
            if part == 0 && number == file.root, let outline {
                // The catalog gains the outline just before the >> that closes it, after all its references.
                guard let closing = object.closing else { throw JoinFailure("the catalog is not a dictionary") }
                out += file.bytes[copied..<closing]
                out += " /Outlines \(outline) 0 R\n".utf8
                copied = closing
            }
            out += file.bytes[copied..<object.body.upperBound]
            out.append(0x0A)
        }

        if let outline {
            offsets[outline] = out.count
            out += "\(outline) 0 obj\n<< /Type /Outlines\n   /First \(outline + 1) 0 R\n   /Last \(outline + bookmarks.count) 0 R\n   /Count \(bookmarks.count)\n>>\nendobj\n".utf8
            for (index, bookmark) in bookmarks.enumerated() {
                let number = outline + 1 + index
                guard pageNumbers.indices.contains(bookmark.page) else { throw JoinFailure("a bookmark points at page \(bookmark.page + 1), which is not there") }
                offsets[number] = out.count
                out += "\(number) 0 obj\n<< /Title ".utf8
                out += textString(bookmark.title)
                out += "\n   /Parent \(outline) 0 R\n".utf8
                if index > 0 { out += "   /Prev \(number - 1) 0 R\n".utf8 }
                if index < bookmarks.count - 1 { out += "   /Next \(number + 1) 0 R\n".utf8 }
                out += "   /Dest [ \(pageNumbers[bookmark.page]) 0 R /XYZ 0 \(decimal(pageHeight - bookmark.top.rounded())) 0 ]\n>>\nendobj\n".utf8
            }
        }

        let xref = out.count
        out += "xref\n0 \(next)\n0000000000 65535 f \n".utf8
        // An entry is 20 bytes: ten digits of offset, five of generation, the type and a two-byte line end.
        guard out.count < 10_000_000_000 else { throw JoinFailure("the document is too large for a cross-reference table") }
        for number in 1..<next {
            out += (Digits.pad(offsets[number], 10) + " 00000 n \n").utf8
        }
        let root = renumbered[0][firstFile.root]!
        out += "trailer\n<< /Size \(next)\n   /Root \(root) 0 R\n".utf8
        if let info = firstFile.info.flatMap({ renumbered[0][$0] }) { out += "   /Info \(info) 0 R\n".utf8 }
        out += ">>\nstartxref\n\(xref)\n%%EOF\n".utf8
        return out
    }

    /// A PDF text string: literal for printable ASCII, else UTF-16BE with a byte order mark, in hex.
    static func textString(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var literal: [UInt8] = [UInt8(ascii: "(")]
            for byte in text.utf8 {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") { literal.append(UInt8(ascii: "\\")) }
                literal.append(byte)
            }
            literal.append(UInt8(ascii: ")"))
            return literal
        }
        let hex = Array("0123456789abcdef".utf8)
        var string: [UInt8] = Array("<feff".utf8)
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { string.append(hex[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        string.append(UInt8(ascii: ">"))
        return string
    }

    /// A number as PDF writes it: no exponent, at most three decimals, no trailing zeros.
    static func decimal(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let whole = abs(thousandths) / 1000, fraction = abs(thousandths) % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }
}
