import CLibFuzzer
import Glibc
import ItineraryConstraints
import ItineraryModel

/// `make fuzz`: libFuzzer over the whole reader and checker, bytes in, a
/// trip or its problems out. Built with `-sanitize=fuzzer,address`; any
/// trap, out-of-bounds access or leak the sanitizers see is a finding.
///
/// SwiftPM links an executable's entry point as `main`, so this program has
/// its own and hands the command line to libFuzzer's driver.
@main
enum FuzzReader {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }

    /// Everything a file meets before a renderer sees it.
    static func check(_ bytes: [UInt8]) {
        do {
            let itinerary = try ItineraryReader.read(bytes: bytes)
            let checker = ConstraintChecker(itinerary)
            for problem in checker.check() { _ = problem.description }
            for item in itinerary.items.prefix(8) {
                _ = checker.dropZones(for: item.id)
                _ = checker.barriers(of: item.id)
            }
            _ = itinerary.document.formatted
        } catch {
            for problem in error.problems { _ = problem.description }
        }
    }
}

/// libFuzzer's entry for one input, under the name its runtime expects.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzReader.check(bytes)
    return 0
}
