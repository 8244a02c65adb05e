import CHostLibraries
import Foundation
import ItineraryKit
import Synchronization

// itinerary-host THEMES: an app's own program that embeds ItineraryKit (issue #43). It sets up
// fontconfig and Pango as such a program does, renders documents through the library on this
// thread and on four others, then checks that the process is as it was: libc answers its libc
// calls, the environment is unchanged, fontconfig's current configuration and Pango's default
// font map are its own, and its own Cairo PDF comes out byte for byte as in a process that never
// rendered. Prints one line per check that failed and a summary; exits 1 when one did.
//
// itinerary-host draw FILE: the host's own PDF alone, in a process that never rendered.
//
// itinerary-host book TRIP OUT: TRIP's PDF trip book through the library, as an app would make it, for
// measuring the library's peak memory (`/usr/bin/time -f %M`, docs/performance.md, issue #52).

/// The host's own PDF: a chart title set with Pango through the thread's default font map and a
/// line drawn by Cairo, as server-side chart and label code does. The date is fixed.
func drawHostPDF(to path: String) -> [UInt8] {
    let surface = cairo_pdf_surface_create(path, 300, 200)
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
    let context = cairo_create(surface)
    cairo_set_line_width(context, 2)
    cairo_move_to(context, 20, 150)
    cairo_line_to(context, 280, 60)
    cairo_stroke(context)
    let layout = pango_cairo_create_layout(context)
    let font = pango_font_description_from_string("sans-serif 14")
    pango_layout_set_font_description(layout, font)
    pango_layout_set_text(layout, "Bookings per month · Übersicht", -1)
    cairo_move_to(context, 20, 20)
    pango_cairo_show_layout(context, layout)
    pango_font_description_free(font)
    g_object_unref(UnsafeMutableRawPointer(layout))
    cairo_destroy(context)
    cairo_surface_finish(surface)
    cairo_surface_destroy(surface)
    return Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
}

/// Every `NAME=value` of the environment, in order.
func environmentEntries() -> [String] {
    var entries: [String] = []
    guard var entry = host_environment() else { return entries }
    while let text = entry.pointee {
        entries.append(String(cString: text))
        entry += 1
    }
    return entries
}

/// What the host can observe of the process-wide state the library must leave alone.
struct ProcessState: Equatable {
    var snprintfFile: String
    var environment: [String]
    var fontconfigCurrent: OpaquePointer?
    var systemFonts: Int32
    var sansSerifFile: String
    var pangoDefault: UnsafeMutablePointer<PangoFontMap>?
    var pangoDefaultConfig: OpaquePointer?

    static func read() -> ProcessState {
        let current = FcConfigGetCurrent()
        var file = "none"
        if let pattern = FcNameParse("sans-serif") {
            FcConfigSubstitute(current, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let match = FcFontMatch(current, pattern, &result) {
                var value: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(match, FC_FILE, 0, &value) == FcResultMatch, let value {
                    file = String(cString: value)
                }
                FcPatternDestroy(match)
            }
            FcPatternDestroy(pattern)
        }
        let pango = pango_cairo_font_map_get_default()
        return ProcessState(
            snprintfFile: host_symbol_file("__snprintf_chk").map { String(cString: $0) } ?? "none",
            environment: environmentEntries(),
            fontconfigCurrent: current,
            systemFonts: FcConfigGetFonts(current, FcSetSystem)?.pointee.nfont ?? 0,
            sansSerifFile: file,
            pangoDefault: pango,
            pangoDefaultConfig: pango.map { host_font_map_config($0) } ?? nil)
    }
}

typealias Job = (name: String, format: OutputFormat, options: RenderOptions)

/// Renders every job twice on each of four threads at once; the names of those that differed from `expected`.
func renderAtOnce(_ jobs: [Job], expected: [[[UInt8]]]) -> [String] {
    let differing = Mutex<[String]>([])
    let threads = DispatchGroup()
    for thread in 0..<4 {
        threads.enter()
        Thread {
            for round in 0..<jobs.count * 2 {
                let index = (thread + round) % jobs.count
                let rendered = try? CheckedTrip.sample.render(jobs[index].format, options: jobs[index].options)
                if rendered != expected[index] { differing.withLock { $0.append(jobs[index].name) } }
            }
            threads.leave()
        }.start()
    }
    threads.wait()
    return differing.withLock { $0 }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "draw" {
    _ = drawHostPDF(to: arguments[1])
    exit(0)
}
if arguments.count == 3, arguments[0] == "book" {
    do {
        let trip = try CheckedTrip(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: arguments[1]))))
        let stamp = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
        let pdf = try trip.render(.pdf, options: RenderOptions(creationDate: stamp))[0]
        try Data(pdf).write(to: URL(fileURLWithPath: arguments[2]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("itinerary-host: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 1 else {
    FileHandle.standardError.write(
        Data("usage: itinerary-host THEMES | itinerary-host draw FILE | itinerary-host book TRIP OUT\n".utf8))
    exit(64)
}

var failures: [String] = []
var checks = 0
@MainActor func expect(_ condition: Bool, _ failure: @autoclosure () -> String) {
    checks += 1
    if !condition { failures.append(failure()) }
}

// The host as it starts: fontconfig with the system's fonts, and a default Pango font map of its own.
FcInit()
let hostMap = pango_cairo_font_map_new()!
host_set_default_font_map(hostMap)
let before = ProcessState.read()
expect(before.snprintfFile.contains("libc.so"), "before any render, __snprintf_chk is \(before.snprintfFile)'s")
expect(before.systemFonts > 11, "fontconfig lists \(before.systemFonts) fonts before any render")

// Documents through the library: on this thread (the northwind theme's SVG logo has text, which
// librsvg sets with Pango's default font map), then on four threads at once.
let themes = arguments[0]
let jobs: [Job]
do {
    let northwind = try Theme(contentsOf: themes + "/northwind.json")
    let harbor = try Theme(contentsOf: themes + "/harbor.json")
    jobs = [
        ("pdf northwind", .pdf, RenderOptions(creationDate: 1_772_800_000, theme: northwind)),
        ("pdf ar", .pdf, RenderOptions(creationDate: 1_772_800_000, locale: "ar")),
        ("pdf ja PDF/A", .pdf, RenderOptions(creationDate: 1_772_800_000, locale: "ja", pdfA: true)),
        ("png harbor", .png, RenderOptions(dpi: 36, theme: harbor)),
        ("html de", .html, RenderOptions(locale: "de")),
    ]
} catch {
    print("itinerary-host: \(error.message)")
    exit(1)
}
var references: [[[UInt8]]] = []
for job in jobs {
    do {
        references.append(try CheckedTrip.sample.render(job.format, options: job.options))
    } catch {
        print("itinerary-host: \(job.name): \(error.message)")
        exit(1)
    }
}
let faults = renderAtOnce(jobs, expected: references)
expect(faults.isEmpty, "documents rendered on four threads differ from those rendered alone: \(faults)")

// The process afterwards.
let after = ProcessState.read()
expect(after.snprintfFile == before.snprintfFile, "after rendering, __snprintf_chk is \(after.snprintfFile)'s")
let added = Set(after.environment).subtracting(before.environment).sorted()
let removed = Set(before.environment).subtracting(after.environment).sorted()
expect(added.isEmpty && removed.isEmpty, "the environment changed: added \(added), removed \(removed)")
expect(getenv("CAIRO_DEBUG_PDF") == nil, "CAIRO_DEBUG_PDF is set")
expect(
    after.fontconfigCurrent == before.fontconfigCurrent,
    "fontconfig's current configuration was replaced")
expect(
    after.systemFonts == before.systemFonts,
    "fontconfig's current configuration lists \(after.systemFonts) fonts, not \(before.systemFonts)")
expect(
    after.sansSerifFile == before.sansSerifFile,
    "fontconfig matches sans-serif to \(after.sansSerifFile), not \(before.sansSerifFile)")
expect(
    after.pangoDefault == before.pangoDefault && after.pangoDefaultConfig == before.pangoDefaultConfig,
    "Pango's default font map on the host's thread is no longer the host's")

// The host's own PDF, its first (Cairo reads CAIRO_DEBUG_PDF at a process's first PDF surface, and
// the library's came before it), against the same drawn by a process that never rendered.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itinerary-host-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let own = drawHostPDF(to: folder.appendingPathComponent("after.pdf").path)
let alone = Process()
alone.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
alone.arguments = ["draw", folder.appendingPathComponent("alone.pdf").path]
do {
    try alone.run()
    alone.waitUntilExit()
} catch {
    failures.append("cannot start the drawing process: \(error)")
}
let reference = Array((try? Data(contentsOf: folder.appendingPathComponent("alone.pdf"))) ?? Data())
expect(
    !own.isEmpty && own == reference, "the host's own Cairo PDF differs from one drawn in a process that never rendered"
)
let compressed = String(decoding: own, as: UTF8.self).components(separatedBy: "/FlateDecode").count - 1
expect(compressed >= 2, "the host's own Cairo PDF has \(compressed) deflated streams: its page content is raw")

for failure in failures { print("itinerary-host: \(failure)") }
print(
    "itinerary-host: \(checks - failures.count) of \(checks) checks passed",
    "(\(before.systemFonts) fonts, __snprintf_chk from \(before.snprintfFile))")
exit(failures.isEmpty ? 0 : 1)
