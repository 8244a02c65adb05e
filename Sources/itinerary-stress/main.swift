import Foundation
import ItineraryPDF

// itinerary-stress [SECONDS] [THREADS] [DOCUMENTS]: RenderMix's documents rendered at once
// on THREADS threads (default 4) for SECONDS (default 20), each compared with
// the same document rendered alone. With DOCUMENTS, until that many are rendered
// (a fault when SECONDS run out first), and the process's memory must stay flat
// after the first minute (`make soak`). Run from the project's root (it reads
// Tests/Fixtures/themes). `make stress-asan` runs it built with AddressSanitizer.
// It renders through the library alone, as a program embedding it does: without
// the settings `itinerary` makes for the process, or its number printer.
// Prints one line; exits 1 when a document differed or failed.

let arguments = Array(CommandLine.arguments.dropFirst())
let seconds = arguments.count > 0 ? Double(arguments[0]) : 20
let threads = arguments.count > 1 ? Int(arguments[1]) : 4
let documents = arguments.count > 2 ? Int(arguments[2]) : 0
guard let seconds, let threads, let documents, seconds > 0, (1...64).contains(threads), documents >= 0,
    arguments.count <= 3
else {
    FileHandle.standardError.write(
        Data(
            "usage: itinerary-stress [SECONDS] [THREADS] [DOCUMENTS]: SECONDS above 0, THREADS from 1 to 64.\n".utf8))
    exit(64)
}
// Which path this run proves: on a Cairo before 1.17.8 every Cairo call is under the library's lock;
// from 1.17.8 on none is, and the documents are drawn at once (docs/architecture.md).
let cairo = RenderingLibraries.versions["cairo"] ?? "unknown"
print(
    RenderingLibraries.drawsUnderLock
        ? "itinerary-stress: Cairo \(cairo): drawing under the library's lock (a Cairo before 1.17.8), "
            + "one document at a time in this process"
        : "itinerary-stress: Cairo \(cairo): drawing without the lock (Cairo 1.17.8 or later), documents at once")
do {
    let jobs = try RenderMix.jobs(themes: "Tests/Fixtures/themes")
    var report = RenderMix.run(jobs, threads: threads, seconds: seconds, documents: documents > 0 ? documents : nil)
    if documents > 0 {
        if report.renders < documents {
            report.faults.append("only \(report.renders) of \(documents) documents in \(Int(seconds)) s")
        }
        // Flat after the first minute: no reading after it more than a tenth above the one at the minute.
        let perMinute = Int(60 / RenderMix.memoryInterval)
        if report.memory.count > perMinute {
            let minute = report.memory[perMinute - 1], highest = report.memory[perMinute...].max() ?? minute
            let readings = report.memory.map { String($0 >> 20) }.joined(separator: " ")
            print("itinerary-stress: resident memory every \(Int(RenderMix.memoryInterval)) s (MiB): \(readings)")
            if Double(highest) > Double(minute) * 1.1 {
                report.faults.append("memory grew after the first minute, from \(minute >> 20) to \(highest >> 20) MiB")
            }
        }
    }
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
