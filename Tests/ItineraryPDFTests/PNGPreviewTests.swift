import Foundation
import ItineraryLayout
import ItineraryPDF
import ItineraryPresentation
import Testing

/// PNG previews: one per page of the same layout as the PDF, sized by dpi.
@Suite struct PNGPreviewTests {
    @Test(arguments: [(DocumentStyle.book, PageSize.letter, 36.0), (.daySheets, .letter, 36), (.book, .a4, 50), (.book, .letter, 18)])
    func onePreviewPerPageAtItsSize(_ style: DocumentStyle, _ size: PageSize, _ dpi: Double) throws {
        let trip = try Trips.sample()
        let options = PDFOptions(pageSize: size, style: style, dpi: dpi)
        let pngs = try TripDocument.png(trip, options: options)
        let layout = TripDocument.layout(trip, options: options)
        #expect(pngs.count == layout.pages.count)
        let expected = (Int((size.points.width * dpi / 72).rounded(.up)), Int((size.points.height * dpi / 72).rounded(.up)))
        for png in pngs {
            let actual = try PNGImage.size(png)
            #expect(actual.width == expected.0 && actual.height == expected.1)
        }
    }

    @Test func theDefaultIs144Dpi() throws {
        let pngs = try TripDocument.png(try Trips.sample(), options: PDFOptions())
        let size = try PNGImage.size(try #require(pngs.first))
        #expect(size.width == 1224 && size.height == 1584)
    }

    @Test(arguments: [17.0, 601, 0, -72])
    func aResolutionOutOfRangeIsRefused(_ dpi: Double) throws {
        #expect(throws: TripDocument.Failure.self) { try TripDocument.png(try Trips.sample(), options: PDFOptions(dpi: dpi)) }
    }

    /// The preview draws the layout: the page is white, the trip's title is dark where the layout puts it,
    /// and the Start marker's colour is where the start marker is.
    @Test func thePreviewDrawsTheLayout() throws {
        let trip = try Trips.sample()
        let options = PDFOptions(dpi: 72)
        let page = try PNGImage(png: try TripDocument.png(trip, options: options)[0])
        let layout = TripDocument.layout(trip, options: options).pages[0]
        #expect(page.pixel(2, 2) == (255, 255, 255))
        func boxes(_ role: String) -> [Rect] {
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
                for x in Int(frame.x)..<Int(frame.maxX) where page.pixel(x, y).0 < 100 { count += 1 }
            }
            return count
        }
        let name = try #require(boxes("trip-name").first)
        #expect(darkPixels(in: name) > Int(name.width * name.height / 10), "the trip name is drawn in its frame")
        #expect(darkPixels(in: Rect(name.maxX + 4, name.y, 40, name.height)) == 0, "nothing right of the name")
        let start = try #require(boxes("start-marker").first)
        let (r, g, b) = page.pixel(Int(start.x + start.width / 2), Int(start.y + 3))
        #expect(g > r && b > r, "the start marker is teal, got \(r), \(g), \(b)")
    }
}

/// The decoder and the diff the snapshot tests stand on.
@Suite struct PNGImageTests {
    static func gradient(width: Int = 37, height: Int = 23) -> PNGImage {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { rgb += [UInt8(x * 6 % 256), UInt8(y * 11 % 256), UInt8((x * y) % 256)] }
        }
        return PNGImage(width: width, height: height, rgb: rgb)
    }

    @Test func storedPNGsRoundTrip() throws {
        let image = Self.gradient()
        #expect(try PNGImage(png: image.png) == image)
        // More than one stored block.
        let large = Self.gradient(width: 200, height: 120)
        #expect(try PNGImage(png: large.png) == large)
    }

    @Test func decodesCairosCompressedPNGs() throws {
        let pngs = try TripDocument.png(try Trips.sample(), options: PDFOptions(dpi: 30))
        for png in pngs {
            let image = try PNGImage(png: png)
            let size = try PNGImage.size(png)
            #expect(image.width == size.width && image.rgb.count == size.width * size.height * 3)
            #expect(try PNGImage(png: image.png) == image)
        }
    }

    @Test func aCorruptPNGIsAnError() throws {
        var png = Self.gradient().png
        png[png.count / 2] ^= 0xFF
        #expect(throws: PNGImage.Failure.self) { try PNGImage(png: png) }
        #expect(throws: PNGImage.Failure.self) { try PNGImage(png: Array(png.prefix(40))) }
    }

    @Test func theDiffForgivesAntiAliasingButNotAChange() throws {
        let image = Self.gradient(width: 100, height: 100)
        var noisy = image
        for i in stride(from: 0, to: noisy.rgb.count, by: 7) { noisy.rgb[i] = UInt8(clamping: Int(noisy.rgb[i]) + 25) }
        var speck = image
        for i in 0..<(20 * 3) { speck.rgb[i] = 255 - speck.rgb[i] }
        var changed = image
        for y in 40..<50 { for x in 0..<100 { let i = (y * 100 + x) * 3; changed.rgb[i..<(i + 3)] = [255, 0, 0] } }
        #expect(try #require(ImageDiff(reference: image, actual: image)).differing == 0)
        #expect(try #require(ImageDiff(reference: image, actual: noisy)).matches)
        #expect(try #require(ImageDiff(reference: image, actual: speck)).matches, "20 of 10,000 pixels is within the fraction")
        let diff = try #require(ImageDiff(reference: image, actual: changed))
        #expect(!diff.matches)
        #expect(diff.image.pixel(50, 45) == (255, 0, 0) && diff.image.pixel(50, 10) != (255, 0, 0))
        #expect(ImageDiff(reference: image, actual: Self.gradient(width: 100, height: 99)) == nil)
    }
}
