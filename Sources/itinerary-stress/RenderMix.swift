import Foundation
import ItineraryKit
import ItineraryModel
import Synchronization
import TripGenerator

/// Every kind of document rendered at once on several threads, each compared
/// with the same document rendered alone: the stress test of issue #37, run
/// by `make test` after the suite (`itinerary-stress 10 4`) and, built with
/// AddressSanitizer, by `make stress-asan`.
///
/// The mix is what a render service meets: every format, both layouts and
/// page sizes, PDF/A, two themes with their own typefaces, emoji, and
/// left-to-right, right-to-left and CJK languages, each with its own fonts.
/// Documents with different font sets drawn side by side are what crashed
/// the service before `FontFaces`.
package enum RenderMix {
    /// One document: a trip, a format and the options it is rendered with.
    package struct Job: Sendable {
        package let name: String
        package let trip: CheckedTrip
        package let format: OutputFormat
        package let options: RenderOptions

        package func render() throws(Problem) -> [[UInt8]] { try trip.render(format, options: options) }
    }

    /// What a run found.
    package struct Report: Sendable {
        /// Documents rendered while others were, on every thread together.
        package var renders = 0
        /// One line per document that differed from its reference or failed.
        package var faults: [String] = []
        /// Wall seconds of the concurrent part.
        package var seconds = 0.0
        /// The process's resident memory in bytes, read every `memoryInterval` seconds of the concurrent part.
        package var memory: [Int] = []
    }

    /// Seconds between two readings of the process's memory.
    package static let memoryInterval = 10.0

    /// The process's resident memory in bytes (Linux's /proc/self/statm), or 0 where it cannot be read.
    package static func residentMemory() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The mix, with the themes read from `themes` (the project's Tests/Fixtures/themes).
    package static func jobs(themes: String) throws(Problem) -> [Job] {
        let northwind = try Theme(contentsOf: themes + "/northwind.json")
        let harbor = try Theme(contentsOf: themes + "/harbor.json")
        let sample = CheckedTrip.sample
        let days14: CheckedTrip
        let emoji: CheckedTrip
        do {
            days14 = try CheckedTrip(bytes: TripGenerator.bytes(days: 14, items: 60, seed: 2026))
            let json = SampleTrip.json
                .replacingOccurrences(
                    of: "Deep dish at Lou Malnati's",
                    with: "Deep dish 🍕 at Lou's 👨‍👩‍👧 ❤️ 🇺🇸")
            emoji = try CheckedTrip(bytes: Array(json.utf8))
        } catch {
            throw Problem(
                code: .badTrip, "the stress test's trips are not valid: \(error.problems.first?.description ?? "")")
        }
        func options(
            _ locale: String? = nil, theme: Theme? = nil, daySheets: Bool = false, a4: Bool = false, pdfA: Bool = false
        )
            -> RenderOptions
        {
            RenderOptions(
                layout: daySheets ? .daySheets : .book, pageSize: a4 ? .a4 : .letter, dpi: 36,
                creationDate: 1_772_800_000, locale: locale, pdfA: pdfA, theme: theme)
        }
        return [
            Job(name: "pdf en", trip: sample, format: .pdf, options: options()),
            Job(name: "pdf ar", trip: sample, format: .pdf, options: options("ar")),
            Job(name: "pdf harbor", trip: sample, format: .pdf, options: options(theme: harbor)),
            Job(name: "pdf he day sheets", trip: sample, format: .pdf, options: options("he", daySheets: true)),
            Job(name: "pdf ja", trip: sample, format: .pdf, options: options("ja")),
            Job(
                name: "pdf zh-Hans northwind", trip: sample, format: .pdf, options: options("zh-Hans", theme: northwind)
            ),
            Job(name: "pdf ko a4", trip: sample, format: .pdf, options: options("ko", a4: true)),
            Job(name: "pdf ru PDF/A", trip: sample, format: .pdf, options: options("ru", pdfA: true)),
            Job(
                name: "pdf de harbor PDF/A", trip: sample, format: .pdf,
                options: options("de", theme: harbor, pdfA: true)),
            Job(name: "pdf emoji", trip: emoji, format: .pdf, options: options()),
            Job(name: "pdf 14 days ar harbor", trip: days14, format: .pdf, options: options("ar", theme: harbor)),
            Job(
                name: "pdf 14 days northwind day sheets", trip: days14, format: .pdf,
                options: options(theme: northwind, daySheets: true)),
            Job(name: "png ar harbor", trip: sample, format: .png, options: options("ar", theme: harbor)),
            Job(name: "png ja", trip: sample, format: .png, options: options("ja", daySheets: true)),
            Job(name: "png emoji northwind", trip: emoji, format: .png, options: options(theme: northwind)),
            Job(name: "html ja northwind", trip: sample, format: .html, options: options("ja", theme: northwind)),
            Job(name: "html ar", trip: sample, format: .html, options: options("ar")),
            Job(name: "md he", trip: sample, format: .md, options: options("he")),
            Job(name: "ics de", trip: sample, format: .ics, options: options("de")),
            Job(name: "gpx ar", trip: sample, format: .gpx, options: options("ar")),
        ]
    }

    /// Renders each job alone, then all of them on `threads` threads at once
    /// for at least `seconds` and until every thread has rendered every job,
    /// each thread starting at another job; each document is compared with
    /// the one rendered alone. With `documents`, the threads go on until that
    /// many are rendered instead, but never past `seconds`.
    package static func run(_ jobs: [Job], threads: Int, seconds: Double, documents: Int? = nil) -> Report {
        var report = Report()
        var references: [[[UInt8]]?] = []
        for job in jobs {
            do {
                references.append(try job.render())
            } catch {
                references.append(nil)
                report.faults.append("\(job.name): rendered alone: \(error.message)")
            }
        }
        let expected = references
        let shared = Mutex(report)
        let start = DispatchTime.now().uptimeNanoseconds
        @Sendable func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        @Sendable func goOn(_ rendered: Int) -> Bool {
            guard let documents else { return rendered < jobs.count || elapsed() < seconds }
            return shared.withLock { $0.renders } < documents && elapsed() < seconds
        }
        let done = DispatchGroup()
        let sampler = DispatchSource.makeTimerSource()
        sampler.schedule(deadline: .now() + memoryInterval, repeating: memoryInterval)
        sampler.setEventHandler { shared.withLock { $0.memory.append(residentMemory()) } }
        sampler.resume()
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                var index = thread * max(1, jobs.count / threads), rendered = 0
                while goOn(rendered) {
                    let job = jobs[index % jobs.count]
                    let reference = expected[index % jobs.count]
                    index += 1
                    rendered += 1
                    let fault: String?
                    do throws(Problem) {
                        let bytes = try job.render()
                        fault = bytes == reference ? nil : "\(job.name): differs from the document rendered alone"
                    } catch {
                        fault = "\(job.name): \(error.message)"
                    }
                    shared.withLock { report in
                        report.renders += 1
                        if let fault { report.faults.append(fault) }
                    }
                }
                done.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        done.wait()
        sampler.cancel()
        report = shared.withLock { $0 }
        report.seconds = elapsed()
        return report
    }
}
