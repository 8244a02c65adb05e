import CPDFNumbers
import Foundation
import Testing

/// Cairo writes a PDF's numbers through snprintf, which the program answers with its own
/// fast `__snprintf_chk` (Sources/CPDFNumbers): it must write every number exactly as glibc does.
@Suite struct PDFNumbersTests {
    /// glibc's own "%.<precision>f" (vsnprintf is not the one the program replaces).
    private func glibc(_ value: Double, _ precision: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList([precision, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(cString: buffer)
    }

    private func ours(_ value: Double, _ precision: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 48)
        let length = itinerary_format_fixed(&buffer, value, precision)
        guard length >= 0 else { return nil }
        #expect(Int(length) == strlen(buffer))
        return String(cString: buffer)
    }

    @Test func cairoCallsTheProgramsSnprintf() {
        #expect(itinerary_fast_numbers_bound() == 1)
    }

    @Test func edgesAndTiesAreWrittenAsGlibcWritesThem() {
        // Ties round to even (0.5078125 is 507812.5 millionths), carries reach the whole part,
        // and zero keeps its sign, as glibc's do.
        let values: [Double] = [
            0, -0.0, 0.1, -0.1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0078125, 0.5078125, 0.9999995, 9.9999999,
            792, 0.799805, 8.799805, -8.799805, 112.360352, 1e-300, -1e-300, .leastNonzeroMagnitude,
            9_007_199_254_740_991, 0.05, 0.049999999999999996,
        ]
        for value in values {
            for precision in Int32(0)...18 {
                #expect(ours(value, precision) == glibc(value, precision), "\(value) to \(precision) places")
            }
        }
        #expect(ours(.nan, 6) == nil)
        #expect(ours(.infinity, 6) == nil)
        #expect(ours(9_007_199_254_740_992, 6) == nil)
        #expect(ours(1, 19) == nil)
        #expect(ours(1, -1) == nil)
    }

    @Test func randomNumbersAreWrittenAsGlibcWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for round in 0..<200_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: generator.next())  // anything, NaN and huge ones left to glibc
            case 1: value = Double.random(in: -1000...1000, using: &generator)  // page coordinates
            case 2: value = Double(Int.random(in: -4096...4096, using: &generator)) / Double(1 << (round % 30))
            default: value = Double.random(in: -0.1...0.1, using: &generator)  // Cairo's "%.18f" range
            }
            let precision = round % 3 == 0 ? 6 : Int32.random(in: 0...18, using: &generator)
            if let written = ours(value, precision), written != glibc(value, precision) {
                mismatches.append("\(value) to \(precision) places: \(written), glibc \(glibc(value, precision))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
