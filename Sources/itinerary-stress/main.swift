import Foundation

// itinerary-stress [SECONDS] [THREADS]: RenderMix's documents rendered at once
// on THREADS threads (default 4) for SECONDS (default 20), each compared with
// the same document rendered alone. Run from the project's root (it reads
// Tests/Fixtures/themes). `make stress-asan` runs it built with AddressSanitizer.
// Prints one line; exits 1 when a document differed or failed.

let arguments = Array(CommandLine.arguments.dropFirst())
let seconds = arguments.count > 0 ? Double(arguments[0]) : 20
let threads = arguments.count > 1 ? Int(arguments[1]) : 4
guard let seconds, let threads, seconds > 0, (1...64).contains(threads), arguments.count <= 2 else {
    FileHandle.standardError.write(
        Data("usage: itinerary-stress [SECONDS] [THREADS]: SECONDS above 0, THREADS from 1 to 64.\n".utf8))
    exit(64)
}
do {
    let jobs = try RenderMix.jobs(themes: "Tests/Fixtures/themes")
    let report = RenderMix.run(jobs, threads: threads, seconds: seconds)
    for fault in report.faults { print("itinerary-stress: \(fault)") }
    print(
        String(
            format: "itinerary-stress: %d documents of %d kinds on %d threads in %.1f s, %d faults",
            report.renders, jobs.count, threads, report.seconds, report.faults.count))
    exit(report.faults.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("itinerary-stress: \(error.message)\n".utf8))
    exit(1)
}
