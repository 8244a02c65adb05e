import Foundation
import ItineraryKit
import ItineraryModel
import ItineraryPDF
import ItineraryPresentation
import ItineraryProcess
import Synchronization
import TripGenerator

// `make bench`: times the release `itinerary` binary, process start included,
// over the sample trip and generated trips, and a raw Cairo + Pango loop
// drawing the same rows. Prints median wall time and peak memory.
//
//   itinerary-bench [--runs N]        the table
//   itinerary-bench baseline FILE OUT  the raw loop alone (timed as a process by the table)
//   itinerary-bench generate DAYS ITEMS OUT  writes the generated trip the table uses (seed 2026)
//   itinerary-bench shuttle GAMES OUT  writes the checker's hardest trip (games alternating between two cities)
//   itinerary-bench loop WHAT FILE [RUNS] [THREADS]  times WHAT (a format, or `read` for reading and
//       checking) in this process, without process start: the cost a service pays per request. With
//       THREADS (at most one per core), that many threads each do RUNS at once, as the service's workers do.
//   itinerary-bench pdf FILE OUT  renders FILE's trip book as `itinerary render` does, for timing as a process.
//   itinerary-bench pool FILE [SECONDS] [ROUNDS]  PDFs a second in this process on 1 and 2 threads and by a
//       RenderPool of 1, 2 and 4 workers (issue #52; PoolBench.swift).
//   itinerary-bench signing [ROUNDS]  what signing costs (issue #51): the 14-day and 5,000-item books per request,
//       unsigned and signed (PAdES B-B, RSA 2048) alternating, ROUNDS rounds (default 8); also at the end of the table.
//
// ITINERARY_BENCH_SIGNING=CERT:KEY signs every PDF of `loop` and `pdf` with that PEM certificate and key.
//
// ITINERARY_BENCH_PDF=untagged (no structure tree, no finishing) or cairo (Cairo's structure tree, not
// finished) makes `loop pdf` and `pdf` draw the PDF as it was before PDF/UA-1, so that every build can
// show what accessibility costs; unset, the PDF is the one users get.
//
// Like `itinerary`, the benchmark makes the process-wide settings for rendering first
// (ProcessSettings.forRendering) and carries the program's own number printer (CPDFNumbers);
// ITINERARY_BENCH_AS_LIBRARY=1 leaves the settings out, as a program embedding the library has them.

if ProcessInfo.processInfo.environment["ITINERARY_BENCH_AS_LIBRARY"] != "1" { ProcessSettings.forRendering() }

let arguments = Array(CommandLine.arguments.dropFirst())

/// ITINERARY_BENCH_PDF: how much of PDF/UA-1 the PDFs get.
let tagging: PrintedDocument.Tagging = {
    guard let name = ProcessInfo.processInfo.environment["ITINERARY_BENCH_PDF"], !name.isEmpty else {
        return .accessible
    }
    guard let tagging = PrintedDocument.Tagging(rawValue: name) else {
        FileHandle.standardError.write(
            Data("itinerary-bench: ITINERARY_BENCH_PDF must be accessible, cairo or untagged, not \"\(name)\".\n".utf8))
        exit(2)
    }
    return tagging
}()

/// A trip's PDF with `tagging`, made as `CheckedTrip.render` makes it.
func pdf(_ trip: CheckedTrip, _ options: RenderOptions) throws -> [UInt8] {
    try trip.layOut(trip.present(options), options).pdf(tagging: tagging)
}

/// ITINERARY_BENCH_SIGNING=CERT:KEY: who signs the PDFs; nil when unset.
let benchSigning: (identity: SigningIdentity, timestampURL: String?)? = {
    guard let files = ProcessInfo.processInfo.environment["ITINERARY_BENCH_SIGNING"], !files.isEmpty else { return nil }
    let parts = files.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
        FileHandle.standardError.write(Data("itinerary-bench: ITINERARY_BENCH_SIGNING is CERT:KEY.\n".utf8))
        exit(2)
    }
    do throws(Problem) {
        return (try SigningIdentity(certificateFile: parts[0], keyFile: parts[1]), nil)
    } catch {
        FileHandle.standardError.write(Data("itinerary-bench: \(error.description)\n".utf8))
        exit(2)
    }
}()

/// A throwaway RSA 2048 signer made by the openssl command, for timing signatures: its certificate and key.
func benchIdentity(in folder: URL) -> String? {
    let certificate = folder.appendingPathComponent("signer.pem").path
    let key = folder.appendingPathComponent("signer.key").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=itinerary-bench", "-days", "2",
        "-addext", "keyUsage=critical,digitalSignature,nonRepudiation", "-keyout", key, "-out", certificate,
    ]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? certificate + ":" + key : nil
}

/// `loop pdf TRIP N` in a process of its own, signed or not: its median and fastest, in milliseconds.
func loopPDF(_ path: String, runs: String, signing identity: String?) -> (median: Double, fastest: Double) {
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["loop", "pdf", path, runs]
    process.environment = ProcessInfo.processInfo.environment.merging(["ITINERARY_BENCH_SIGNING": identity ?? ""]) {
        $1
    }
    process.standardOutput = output
    guard (try? process.run()) != nil else { exit(1) }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "pdf of FILE, 1 × N run(s): median M ms, fastest F ms"
    func number(after label: String) -> Double? {
        text.components(separatedBy: label).last?.split(separator: " ").first.flatMap { Double($0) }
    }
    guard process.terminationStatus == 0, let median = number(after: "median "), let fastest = number(after: "fastest ")
    else { exit(1) }
    return (median, fastest)
}

/// The signing table: each book per request, unsigned and signed, as `loop pdf` times them, the two
/// alternating round by round so that a noisy host slows both alike.
func signingTable(trips: [(name: String, path: String)], folder: URL, rounds: Int) {
    guard let identity = benchIdentity(in: folder) else { exit(1) }
    print("| trip | PDF per request | unsigned | signed (B-B, RSA 2048) | cost |")
    print("|---|---|---:|---:|---:|")
    for trip in trips {
        let runs = trip.path.contains("5000") ? "2" : "30"
        var unsigned: [(median: Double, fastest: Double)] = [], signed: [(median: Double, fastest: Double)] = []
        for round in 0..<rounds {
            for sign in round.isMultiple(of: 2) ? [false, true] : [true, false] {
                let result = loopPDF(trip.path, runs: runs, signing: sign ? identity : nil)
                if sign { signed.append(result) } else { unsigned.append(result) }
            }
        }
        let a = unsigned.map(\.median).sorted()[rounds / 2], b = signed.map(\.median).sorted()[rounds / 2]
        let fastA = unsigned.map(\.fastest).min() ?? 0, fastB = signed.map(\.fastest).min() ?? 0
        print(
            String(
                format: "| %@ | median of %d rounds of %@ (fastest) | %.1f ms (%.1f) | %.1f ms (%.1f) | "
                    + "%+.1f ms, %+.1f %% (fastest %+.1f ms, %+.1f %%) |",
                trip.name, rounds, runs, a, fastA, b, fastB, b - a, (b / a - 1) * 100, fastB - fastA,
                (fastB / fastA - 1) * 100))
    }
}

if arguments.first == "pdf", arguments.count == 3 {
    do {
        let trip = try CheckedTrip(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: arguments[1]))))
        var options = RenderOptions(
            creationDate: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) })
        options.signing = benchSigning
        try Data(try pdf(trip, options)).write(to: URL(fileURLWithPath: arguments[2]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("pdf: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.first == "pool", (2...4).contains(arguments.count) {
    let given = Array(arguments.dropFirst())
    Task { exit(await PoolBench.run(given)) }
    dispatchMain()
}

if arguments.first == "baseline", arguments.count == 3 {
    do {
        let itinerary = try ItineraryReader.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: arguments[1]))))
        let rows = Baseline.rows(PresentedTrip(itinerary))
        let pdf = try Baseline.pdf(rows: rows, pageSize: .letter)
        try Data(pdf).write(to: URL(fileURLWithPath: arguments[2]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("baseline: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.first == "loop", (3...5).contains(arguments.count) {
    let runs = arguments.count > 3 ? Int(arguments[3]) : 200, threads = arguments.count > 4 ? Int(arguments[4]) : 1
    let format = OutputFormat(choice: arguments[1]), cores = ProcessInfo.processInfo.activeProcessorCount
    guard let runs, let threads, runs >= 1, (1...cores).contains(threads), format != nil || arguments[1] == "read"
    else {
        FileHandle.standardError.write(
            Data(
                ("loop: WHAT is a format (pdf, png, html, md, ics, gpx) or read; RUNS is a whole number of at least 1, "
                    + "THREADS one from 1 to the number of cores (\(cores)).\n").utf8))
        exit(2)
    }
    guard let data = FileManager.default.contents(atPath: arguments[2]) else {
        FileHandle.standardError.write(Data("loop: cannot read \(arguments[2]).\n".utf8))
        exit(1)
    }
    let bytes = Array(data)
    let trip: CheckedTrip
    do { trip = try CheckedTrip(bytes: bytes) } catch {
        FileHandle.standardError.write(
            Data("loop: \(arguments[2]) is not a valid itinerary: \(error.problems.first?.description ?? "")\n".utf8))
        exit(1)
    }
    /// The work timed; the first run, untimed, also proves it succeeds.
    // ITINERARY_BENCH_LOCALE=de times the same work in another language.
    // ITINERARY_BENCH_THEME=FILE with a theme.
    // ITINERARY_BENCH_SECTIONS=cover,days with only those parts of the book.
    var settings = RenderOptions(locale: ProcessInfo.processInfo.environment["ITINERARY_BENCH_LOCALE"])
    if let parts = ProcessInfo.processInfo.environment["ITINERARY_BENCH_SECTIONS"] {
        let sections = parts.split(separator: ",").map { Section(rawValue: String($0)) }
        guard !sections.isEmpty, !sections.contains(nil) else {
            FileHandle.standardError.write(
                Data("loop: ITINERARY_BENCH_SECTIONS is a list of cover, map, days and bookings.\n".utf8))
            exit(2)
        }
        settings.sections = Set(sections.compactMap { $0 })
    }
    // ITINERARY_BENCH_OMIT=source without the trip the PDF carries; ITINERARY_BENCH_PASSWORD=PW locked (issue #45).
    if let omit = ProcessInfo.processInfo.environment["ITINERARY_BENCH_OMIT"] {
        do { try settings.set("omit", to: omit) } catch {
            FileHandle.standardError.write(Data("loop: \(error.message)\n".utf8))
            exit(2)
        }
    }
    if let password = ProcessInfo.processInfo.environment["ITINERARY_BENCH_PASSWORD"] {
        settings.password = (user: Array(password.utf8), owner: nil)
    }
    if let theme = ProcessInfo.processInfo.environment["ITINERARY_BENCH_THEME"] {
        do { settings.theme = try Theme(contentsOf: theme) } catch {
            FileHandle.standardError.write(Data("loop: \(error.message)\n".utf8))
            exit(1)
        }
    }
    settings.signing = benchSigning
    let options = settings
    @Sendable func work() throws {
        switch format {
        case .pdf?: _ = try pdf(trip, options)
        case let format?: _ = try trip.render(format, options: options)
        case nil: _ = try CheckedTrip(bytes: bytes)
        }
    }
    do { try work() } catch {
        FileHandle.standardError.write(Data("loop: \(arguments[1]) of \(arguments[2]) failed: \(error)\n".utf8))
        exit(1)
    }
    let results = Mutex(Measurement())
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        let seconds = (0..<runs).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            try? work()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        results.withLock { $0.seconds += seconds }
    }
    let measured = results.withLock { $0 }
    print(
        String(
            format: "%@ of %@, %d × %d run(s): median %.3f ms, fastest %.3f ms", arguments[1],
            (arguments[2] as NSString).lastPathComponent, threads, runs, measured.median * 1000, measured.fastest * 1000
        ))
    exit(0)
}

/// The generated trips' seed, so every run times the same trips.
let seed: UInt64 = 2026

if arguments.first == "shuttle", arguments.count == 3, let games = Int(arguments[1]) {
    guard
        FileManager.default.createFile(
            atPath: arguments[2], contents: Data(TripGenerator.shuttle(games: games).formatted.utf8))
    else {
        FileHandle.standardError.write(Data("shuttle: cannot write \(arguments[2]).\n".utf8))
        exit(1)
    }
    exit(0)
}

if arguments.first == "generate", arguments.count == 4, let days = Int(arguments[1]), let items = Int(arguments[2]) {
    let bytes = TripGenerator.bytes(days: days, items: items, seed: seed)
    guard FileManager.default.createFile(atPath: arguments[3], contents: Data(bytes)) else {
        FileHandle.standardError.write(Data("generate: cannot write \(arguments[3]).\n".utf8))
        exit(1)
    }
    exit(0)
}

let runs = arguments.firstIndex(of: "--runs").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 7
guard runs >= 1 else {
    FileHandle.standardError.write(Data("itinerary-bench: --runs must be a whole number of at least 1.\n".utf8))
    exit(2)
}
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let itineraryBinary = binDirectory.appendingPathComponent("itinerary").path
let benchBinary = CommandLine.arguments[0]
let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("itinerary-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

struct Measurement {
    var seconds: [Double] = []
    var peakKiB: [Int] = []
    var median: Double { seconds.sorted()[seconds.count / 2] }
    var fastest: Double { seconds.min() ?? 0 }
    var peakMiB: Double { Double(peakKiB.sorted()[peakKiB.count / 2]) / 1024 }
}

/// Runs a program to completion, with `environment` added to this process's;
/// wall time from spawn to exit and its peak resident memory.
func time(_ program: String, _ args: [String], environment: [String: String] = [:]) -> (seconds: Double, peakKiB: Int)?
{
    var pid: pid_t = 0
    let argv = ([program] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    guard posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    clock_gettime(CLOCK_MONOTONIC, &end)
    guard status == 0 else {
        FileHandle.standardError.write(
            Data("\(program) \(args.joined(separator: " ")) failed (status \(status))\n".utf8))
        return nil
    }
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    return (seconds, usage.ru_maxrss)
}

func measure(_ program: String, _ args: [String], runs: Int = runs, environment: [String: String] = [:]) -> Measurement
{
    var measurement = Measurement()
    _ = time(program, args, environment: environment)  // warm the page cache and font caches
    for _ in 0..<runs {
        guard let result = time(program, args, environment: environment) else { exit(1) }
        measurement.seconds.append(result.seconds)
        measurement.peakKiB.append(result.peakKiB)
    }
    return measurement
}

let trips: [(name: String, path: String)] = {
    let sample = work.appendingPathComponent("sample.json")
    _ = FileManager.default.createFile(atPath: sample.path, contents: Data(SampleTrip.bytes))
    var list = [("sample (5 days, 16 items)", sample.path)]
    for (days, items) in [(14, 60), (365, 5_000)] {
        let url = work.appendingPathComponent("generated-\(days)-\(items).json")
        _ = FileManager.default.createFile(
            atPath: url.path, contents: Data(TripGenerator.bytes(days: days, items: items, seed: seed)))
        list.append(("generated \(days) days, \(items) items", url.path))
    }
    return list
}()

if arguments.first == "signing" {
    signingTable(
        trips: Array(trips.dropFirst()), folder: work, rounds: arguments.count > 1 ? Int(arguments[1]) ?? 8 : 8)
    try? FileManager.default.removeItem(at: work)
    exit(0)
}

func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
func mib(_ value: Double) -> String { String(format: "%.0f MB", value * 1.048576) }

print(
    "itinerary benchmark: median of \(runs) runs each, wall time including process start; peak = max resident set size")
print("")
print("| trip | output | median wall | fastest | peak memory | vs. raw Cairo + Pango |")
print("|---|---|---:|---:|---:|---:|")
for trip in trips {
    let baselineOut = work.appendingPathComponent("baseline.pdf").path
    let baseline = measure(benchBinary, ["baseline", trip.path, baselineOut])
    for (label, args) in [
        ("PDF trip book", ["--format", "pdf"]),
        ("PDF day sheets", ["--format", "pdf", "--layout", "day-sheets"]),
        ("HTML", ["--format", "html"]),
        ("Markdown", ["--format", "md"]),
        ("iCalendar", ["--format", "ics"]),
        ("GPX", ["--format", "gpx"]),
    ] {
        let out = work.appendingPathComponent("out.\(args[1])").path
        let result = measure(itineraryBinary, ["render", trip.path] + args + ["--output", out])
        let ratio = label.hasPrefix("PDF") ? String(format: "%.2f×", result.median / baseline.median) : ""
        print(
            "| \(trip.name) | \(label) | \(ms(result.median)) | \(ms(result.fastest)) | "
                + "\(mib(result.peakMiB)) | \(ratio) |"
        )
    }
    print(
        "| \(trip.name) | raw Cairo + Pango, one line per row | \(ms(baseline.median)) | \(ms(baseline.fastest)) | "
            + "\(mib(baseline.peakMiB)) | 1.00× |"
    )
}

// Merging two 5,000-item copies edited apart: THEIRS retitles every tenth
// custom item later than MINE's edits and removes every twenty-fifth.
let mineCopy = work.appendingPathComponent("mine.json"), theirCopy = work.appendingPathComponent("theirs.json")
do {
    let document = TripGenerator.itinerary(days: 365, items: 5_000, seed: seed)
    guard case .array(let items)? = document["items"] else { exit(1) }
    var edited: [JSONValue] = []
    var removed: [JSONValue] = []
    for (index, item) in items.enumerated() {
        guard case .string(let kind)? = item["kind"], kind == "custom", case .string(let id)? = item["id"] else {
            edited.append(item)
            continue
        }
        if index % 25 == 0 {
            removed.append(.object(JSONObject([("id", .string(id)), ("removedAt", .string("2027-01-01T00:00:00Z"))])))
            continue
        }
        var item = item
        if index % 10 == 0 {
            item["title"] = .string("Edited \(index)")
            item["modifiedAt"] = .string("2027-01-01T00:00:00Z")
        }
        edited.append(item)
    }
    var theirs = document
    theirs["items"] = .array(edited)
    theirs["removed"] = .array(removed)
    _ = FileManager.default.createFile(atPath: mineCopy.path, contents: Data(document.formatted.utf8))
    _ = FileManager.default.createFile(atPath: theirCopy.path, contents: Data(theirs.formatted.utf8))
}
let merging = measure(
    itineraryBinary,
    ["merge-copies", mineCopy.path, theirCopy.path, "-o", work.appendingPathComponent("merged.json").path])
print(
    "| two copies of generated 365 days, 5000 items | merge-copies | \(ms(merging.median)) | \(ms(merging.fastest)) | "
        + "\(mib(merging.peakMiB)) |  |"
)

// The checker's hardest input: every travel item matches as many pairs of visits as there are games.
let shuttle = work.appendingPathComponent("shuttle.json")
_ = FileManager.default.createFile(
    atPath: shuttle.path, contents: Data(TripGenerator.shuttle(games: 20_000).formatted.utf8))
let validation = measure(itineraryBinary, ["validate", shuttle.path])
print(
    "| shuttle, 20,000 games and 19,999 travel items | validate | \(ms(validation.median)) | "
        + "\(ms(validation.fastest)) | \(mib(validation.peakMiB)) |  |"
)

// Snapshot tests: the sample's two pages at 144 dpi, and the 5,000-item trip's 385 pages at 72 dpi (3 runs).
let references = work.appendingPathComponent("references").path
_ = time(itineraryBinary, ["snapshot", "record", trips[0].path, "--references", references])
let sampleCheck = measure(itineraryBinary, ["snapshot", "check", trips[0].path, "--references", references])
print(
    "| sample (5 days, 16 items) | snapshot check, 2 pages at 144 dpi | \(ms(sampleCheck.median)) | "
        + "\(ms(sampleCheck.fastest)) | \(mib(sampleCheck.peakMiB)) |  |"
)
let yearReferences = work.appendingPathComponent("year-references").path
let yearRecord = measure(
    itineraryBinary, ["snapshot", "record", trips[2].path, "--references", yearReferences, "--dpi", "72"], runs: 3)
print(
    "| generated 365 days, 5000 items | snapshot record, 385 pages at 72 dpi | \(ms(yearRecord.median)) | "
        + "\(ms(yearRecord.fastest)) | \(mib(yearRecord.peakMiB)) |  |"
)
let yearCheck = measure(itineraryBinary, ["snapshot", "check", trips[2].path, "--references", yearReferences], runs: 3)
print(
    "| generated 365 days, 5000 items | snapshot check, 385 pages at 72 dpi | \(ms(yearCheck.median)) | "
        + "\(ms(yearCheck.fastest)) | \(mib(yearCheck.peakMiB)) |  |"
)

// What PDF/UA-1 costs: the same binary's book untagged (ITINERARY_BENCH_PDF=untagged) and as every
// user gets it, as processes, runs alternating so that a noisy machine slows both alike.
print("")
print("| trip | PDF book, a process | untagged | PDF/UA-1 | cost | untagged size | PDF/UA-1 size |")
print("|---|---|---:|---:|---:|---:|---:|")
for trip in trips.dropFirst() {
    let out = work.appendingPathComponent("book.pdf").path
    var untagged = Measurement(), accessible = Measurement()
    var sizes: [String: Int] = [:]
    for round in 0..<runs {
        for mode in round.isMultiple(of: 2) ? ["untagged", "accessible"] : ["accessible", "untagged"] {
            guard let result = time(benchBinary, ["pdf", trip.path, out], environment: ["ITINERARY_BENCH_PDF": mode])
            else { exit(1) }
            sizes[mode] = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            if mode == "untagged" {
                untagged.seconds.append(result.seconds)
                untagged.peakKiB.append(result.peakKiB)
            } else {
                accessible.seconds.append(result.seconds)
                accessible.peakKiB.append(result.peakKiB)
            }
        }
    }
    let cost = String(format: "%+.0f %%", (accessible.median / untagged.median - 1) * 100)
    let size = { (mode: String) in String(format: "%.2f MB", Double(sizes[mode] ?? 0) / 1_000_000) }
    print(
        "| \(trip.name) | median (peak memory) | \(ms(untagged.median)) (\(mib(untagged.peakMiB))) | "
            + "\(ms(accessible.median)) (\(mib(accessible.peakMiB))) | \(cost) | "
            + "\(size("untagged")) | \(size("accessible")) |"
    )
}

// What signing costs (issue #51): each book per request, unsigned and signed, alternating.
print("")
signingTable(trips: Array(trips.dropFirst()), folder: work, rounds: 8)
