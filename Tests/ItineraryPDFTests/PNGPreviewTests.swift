import Foundation
import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import Testing

/// PNG previews: one per page of the same layout as the PDF, sized by dpi.
@Suite struct PNGPreviewTests {
    @Test(arguments: [
        (DocumentStyle.book, PageSize.letter, 36.0), (.daySheets, .letter, 36), (.book, .a4, 50), (.book, .letter, 18),
    ])
    func onePreviewPerPageAtItsSize(_ style: DocumentStyle, _ size: PageSize, _ dpi: Double) throws {
        let trip = try Trips.sample()
        let options = DocumentOptions(layout: style, pageSize: size, dpi: dpi)
        let document = PrintedDocument(trip, options: options)
        let pngs = try document.png()
        let layout = document.document
        #expect(pngs.count == layout.pages.count)
        let expected = (
            Int((size.points.width * dpi / 72).rounded(.up)), Int((size.points.height * dpi / 72).rounded(.up))
        )
        for png in pngs {
            let actual = try PNGFile.decode(png)
            #expect(actual.width == expected.0 && actual.height == expected.1)
        }
    }

    @Test func theDefaultIs144Dpi() throws {
        let pngs = try PrintedDocument(try Trips.sample(), options: DocumentOptions()).png()
        let size = try PNGFile.decode(try #require(pngs.first))
        #expect(size.width == 1224 && size.height == 1584)
    }

    @Test(arguments: [17.0, 601, 0, -72])
    func aResolutionOutOfRangeIsRefused(_ dpi: Double) throws {
        #expect(throws: TripDocument.Failure.self) {
            try PrintedDocument(try Trips.sample(), options: DocumentOptions(dpi: dpi)).png()
        }
    }

    /// The preview draws the layout: the page is white, the trip's title is dark where the layout puts it,
    /// and the Start marker's colour is where the start marker is.
    @Test func thePreviewDrawsTheLayout() throws {
        let trip = try Trips.sample()
        let options = DocumentOptions(dpi: 72)
        let document = PrintedDocument(trip, options: options)
        let page = try PNGFile.decode(try document.png()[0])
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let index = (y * page.width + x) * 4
            return (page.rgba[index], page.rgba[index + 1], page.rgba[index + 2])
        }
        let layout = document.document.pages[0]
        #expect(pixel(2, 2) == (255, 255, 255))
        func boxes(_ role: Role) -> [Rect] {
            layout.boxes.compactMap { box -> Rect? in
                switch box {
                case .text(let text) where text.role == role: text.frame
                case .rect(let rect) where rect.role == role: rect.frame
                default: nil
                }
            }
        }
        func darkPixels(in frame: Rect) -> Int {
            var count = 0
            for y in Int(frame.y)..<Int(frame.maxY) {
                for x in Int(frame.x)..<Int(frame.maxX) where pixel(x, y).0 < 100 { count += 1 }
            }
            return count
        }
        let name = try #require(boxes(.tripName).first)
        #expect(darkPixels(in: name) > Int(name.width * name.height / 10), "the trip name is drawn in its frame")
        #expect(darkPixels(in: Rect(name.maxX + 4, name.y, 40, name.height)) == 0, "nothing right of the name")
        let start = try #require(boxes(.startMarker).first)
        let (r, g, b) = pixel(Int(start.x + start.width / 2), Int(start.y + 3))
        #expect(g > r && b > r, "the start marker is teal, got \(r), \(g), \(b)")
    }
}

/// The decoder and the diff the snapshot tests stand on.
/// Cairo's PNG reading and writing, as snapshots use it.
@Suite struct PNGFileTests {
    @Test func aPageRoundTrips() throws {
        let png = try PrintedDocument(try Trips.sample(), options: DocumentOptions(dpi: 36)).png()[0]
        let page = try PNGFile.decode(png)
        let again = try PNGFile.decode(try PNGFile.encode(width: page.width, height: page.height, rgba: page.rgba))
        #expect(again.width == page.width && again.height == page.height && again.rgba == page.rgba)
    }

    /// Our writer is lossless, and what it writes reads back in other programs (poppler's and Cairo's readers).
    @Test func theWriterIsLossless() throws {
        var rgba = [UInt8](repeating: 0, count: 37 * 23 * 4)
        for index in stride(from: 0, to: rgba.count, by: 4) {
            rgba[index] = UInt8(index % 251); rgba[index + 1] = UInt8(index / 7 % 256);
            rgba[index + 2] = UInt8(255 - index % 199); rgba[index + 3] = 255
        }
        let decoded = try PNGFile.decode(try PNGFile.encode(width: 37, height: 23, rgba: rgba))
        #expect(decoded.width == 37 && decoded.height == 23 && decoded.rgba == rgba)
    }

    @Test func aDamagedFileIsRefused() throws {
        let png = try PrintedDocument(try Trips.sample(), options: DocumentOptions(dpi: 18)).png()[0]
        #expect(throws: PNGFile.Failure.self) { try PNGFile.decode(Array(png.prefix(40))) }
        #expect(throws: PNGFile.Failure.self) { try PNGFile.decode(Array("not a png".utf8)) }
        #expect(throws: PNGFile.Failure.self) { try PNGFile.decode([]) }
    }
}
