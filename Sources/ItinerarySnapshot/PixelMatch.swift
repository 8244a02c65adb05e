// A Swift port of pixelmatch (https://github.com/mapbox/pixelmatch, v5.3 / v6),
// the pixel comparison Playwright's screenshot assertions build on.
//
// pixelmatch is ISC licensed: Copyright (c) 2019, Mapbox. Permission to use,
// copy, modify, and/or distribute this software for any purpose with or
// without fee is hereby granted, provided that the above copyright notice and
// this permission notice appear in all copies. THE SOFTWARE IS PROVIDED "AS IS"
// AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH REGARD TO THIS SOFTWARE.
//
// The algorithm is pixelmatch's, step for step (including the order in which
// neighbours are visited, which decides ties). Additions: the count of pixels
// judged anti-aliasing and the bounding box of the counted differences, which
// pixelmatch does not report; diff image bytes are clamped to 0...255 before
// truncation (pixelmatch writes into a Buffer, which truncates and wraps; the
// two agree whenever `fadedAlpha` is in 0...1).

/// An image as 8-bit RGBA rows, top to bottom, 4 bytes a pixel.
package struct RasterImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]  // count == width * height * 4

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "RasterImage: negative size")
        precondition(pixels.count == width * height * 4, "RasterImage: pixels.count must be width * height * 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

package enum PixelMatch {
    package struct Options: Sendable {
        /// 0...1, YIQ colour distance threshold as in pixelmatch; smaller is more sensitive.
        package var threshold: Double = 0.1
        /// pixelmatch's `includeAA`: when true, anti-aliasing is not detected and every difference counts.
        package var includeAntialiasing: Bool = false
        /// pixelmatch's `alpha`: how much of the unchanged page shows in the diff image.
        package var fadedAlpha: Double = 0.1

        package init(threshold: Double = 0.1, includeAntialiasing: Bool = false, fadedAlpha: Double = 0.1) {
            self.threshold = threshold
            self.includeAntialiasing = includeAntialiasing
            self.fadedAlpha = fadedAlpha
        }
    }

    package struct Result: Sendable {
        /// Counted (not anti-aliased) differences: pixelmatch's return value.
        package let differentPixels: Int
        /// Pixels that differ but were judged anti-aliasing (not counted).
        package let antialiasedPixels: Int
        /// The smallest rectangle holding every counted difference, nil when there is none: (x, y, width, height).
        package let changedArea: (x: Int, y: Int, width: Int, height: Int)?
        /// The diff image: counted differences red (255,0,0), anti-aliasing yellow (255,255,0),
        /// everything else the first image in grey, blended with white by `fadedAlpha`.
        package let diff: RasterImage

        init(
            differentPixels: Int, antialiasedPixels: Int,
            changedArea: (x: Int, y: Int, width: Int, height: Int)?, diff: RasterImage
        ) {
            self.differentPixels = differentPixels
            self.antialiasedPixels = antialiasedPixels
            self.changedArea = changedArea
            self.diff = diff
        }
    }

    /// Compares two images as pixelmatch does. Both images must have the same width and height (precondition).
    package static func compare(_ a: RasterImage, _ b: RasterImage, options: Options = Options()) -> Result {
        precondition(a.width == b.width && a.height == b.height, "PixelMatch.compare: image sizes do not match")
        let width = a.width
        let height = a.height
        let byteCount = width * height * 4
        precondition(
            a.pixels.count == byteCount && b.pixels.count == byteCount,
            "PixelMatch.compare: image data size does not match width/height")
        let img1 = a.pixels
        let img2 = b.pixels
        var output = [UInt8](repeating: 0, count: byteCount)

        // Fast path if identical: the whole page in faded grey.
        if img1 == img2 {
            var pos = 0
            while pos < byteCount {
                drawGrayPixel(img1, pos, options.fadedAlpha, &output)
                pos += 4
            }
            return Result(
                differentPixels: 0, antialiasedPixels: 0, changedArea: nil,
                diff: RasterImage(width: width, height: height, pixels: output))
        }

        // Maximum acceptable square distance between two colours;
        // 35215 is the maximum possible value for the YIQ difference metric.
        let maxDelta = 35215 * options.threshold * options.threshold
        var diff = 0
        var antialiasedCount = 0
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

        for y in 0..<height {
            for x in 0..<width {
                let pos = (y * width + x) * 4

                // Squared YIQ distance between colours at this position, negative if img2's pixel is darker.
                let delta = colorDelta(img1, img2, pos, pos, yOnly: false)

                if abs(delta) > maxDelta {
                    // A real rendering difference, or just anti-aliasing?
                    if !options.includeAntialiasing
                        && (antialiased(img1, x, y, width, height, img2)
                            || antialiased(img2, x, y, width, height, img1))
                    {
                        // One of the pixels is anti-aliasing: yellow, not counted.
                        drawPixel(&output, pos, 255, 255, 0)
                        antialiasedCount += 1
                    } else {
                        // A substantial difference not caused by anti-aliasing: red, counted.
                        drawPixel(&output, pos, 255, 0, 0)
                        diff += 1
                        if x < minX { minX = x }
                        if x > maxX { maxX = x }
                        if y < minY { minY = y }
                        if y > maxY { maxY = y }
                    }
                } else {
                    // Similar pixels: the page as greyscale blended with white.
                    drawGrayPixel(img1, pos, options.fadedAlpha, &output)
                }
            }
        }

        let area: (x: Int, y: Int, width: Int, height: Int)? =
            diff > 0 ? (x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
        return Result(
            differentPixels: diff, antialiasedPixels: antialiasedCount, changedArea: area,
            diff: RasterImage(width: width, height: height, pixels: output))
    }

    // MARK: - pixelmatch internals

    /// Whether a pixel is likely part of anti-aliasing; based on "Anti-aliased Pixel and
    /// Intensity Slope Detector" by V. Vysniauskas, 2009.
    static func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ img2: [UInt8]) -> Bool
    {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        // The 8 adjacent pixels, column by column as pixelmatch visits them.
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }

                // Brightness delta between the centre pixel and this neighbour.
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)

                // Count equal, darker and brighter neighbours.
                if delta == 0 {
                    zeroes += 1
                    // More than 2 equal siblings: definitely not anti-aliasing.
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    // The darkest neighbour.
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    // The brightest neighbour.
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }

        // Not both darker and brighter neighbours: not anti-aliasing.
        if minDelta == 0 || maxDelta == 0 { return false }

        // If either the darkest or the brightest neighbour has 3+ equal siblings in both
        // images (definitely not anti-aliased), this pixel is anti-aliased.
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(img2, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(img2, maxX, maxY, width, height))
    }

    /// Whether a pixel has 3+ adjacent pixels of exactly the same RGBA.
    static func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0

        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }

                let pos2 = (y * width + x) * 4
                if img[pos] == img[pos2]
                    && img[pos + 1] == img[pos2 + 1]
                    && img[pos + 2] == img[pos2 + 2]
                    && img[pos + 3] == img[pos2 + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Colour difference per "Measuring perceived color difference using YIQ NTSC transmission
    /// color space in mobile applications" by Y. Kotsarenko and F. Ramos. With `yOnly`, the
    /// brightness difference (first minus second); otherwise the squared YIQ distance, negative
    /// when the second pixel is darker.
    static func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        let r1b = img1[k], g1b = img1[k + 1], b1b = img1[k + 2], a1b = img1[k + 3]
        let r2b = img2[m], g2b = img2[m + 1], b2b = img2[m + 2], a2b = img2[m + 3]

        if a1b == a2b && r1b == r2b && g1b == g2b && b1b == b2b { return 0 }

        var r1 = Double(r1b), g1 = Double(g1b), b1 = Double(b1b)
        var r2 = Double(r2b), g2 = Double(g2b), b2 = Double(b2b)

        if a1b < 255 {
            let a1 = Double(a1b) / 255
            r1 = blend(r1, a1)
            g1 = blend(g1, a1)
            b1 = blend(b1, a1)
        }
        if a2b < 255 {
            let a2 = Double(a2b) / 255
            r2 = blend(r2, a2)
            g2 = blend(g2, a2)
            b2 = blend(b2, a2)
        }

        let y1 = rgb2y(r1, g1, b1)
        let y2 = rgb2y(r2, g2, b2)
        let y = y1 - y2

        if yOnly { return y }  // brightness difference only

        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)

        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q

        // The sign says whether the pixel lightens or darkens.
        return y1 > y2 ? -delta : delta
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// Blends a semi-transparent colour with white.
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double {
        255 + (c - 255) * a
    }

    @inline(__always) static func drawPixel(_ output: inout [UInt8], _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        output[pos] = r
        output[pos + 1] = g
        output[pos + 2] = b
        output[pos + 3] = 255
    }

    static func drawGrayPixel(_ img: [UInt8], _ i: Int, _ alpha: Double, _ output: inout [UInt8]) {
        let r = Double(img[i]), g = Double(img[i + 1]), b = Double(img[i + 2])
        let val = byte(blend(rgb2y(r, g, b), alpha * Double(img[i + 3]) / 255))
        drawPixel(&output, i, val, val, val)
    }

    /// A channel value as a byte: truncated toward zero as a JavaScript Uint8Array store does,
    /// but clamped (and NaN as 0) rather than wrapped, so it cannot trap.
    @inline(__always) static func byte(_ v: Double) -> UInt8 {
        if !(v > 0) { return 0 }
        if v >= 255 { return 255 }
        return UInt8(v)
    }
}
