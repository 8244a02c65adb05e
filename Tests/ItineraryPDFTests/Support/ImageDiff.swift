/// How far two renderings of a page differ, forgiving anti-aliasing.
struct ImageDiff {
    /// A pixel differs when a channel is off by more than this (of 255).
    static let channelTolerance = 40
    /// An image matches when at most this fraction of its pixels differ.
    static let pixelFraction = 0.004

    let differing: Int
    let total: Int
    /// The reference faded to grey, differing pixels in red.
    let image: PNGImage

    var fraction: Double { Double(differing) / Double(max(total, 1)) }
    var matches: Bool { fraction <= Self.pixelFraction }

    /// Nil when the sizes differ: that is never a match.
    init?(reference: PNGImage, actual: PNGImage) {
        guard reference.width == actual.width, reference.height == actual.height else { return nil }
        var differing = 0
        var out = [UInt8](repeating: 0, count: reference.rgb.count)
        for pixel in 0..<(reference.width * reference.height) {
            let i = pixel * 3
            var worst = 0
            for k in 0..<3 { worst = max(worst, abs(Int(reference.rgb[i + k]) - Int(actual.rgb[i + k]))) }
            if worst > Self.channelTolerance {
                differing += 1
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            } else {
                let grey = UInt8(191 + (Int(reference.rgb[i]) + Int(reference.rgb[i + 1]) + Int(reference.rgb[i + 2])) / 12)
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey
            }
        }
        self.differing = differing
        self.total = reference.width * reference.height
        self.image = PNGImage(width: reference.width, height: reference.height, rgb: out)
    }
}
