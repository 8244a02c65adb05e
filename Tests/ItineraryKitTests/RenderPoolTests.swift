import Foundation
import ItineraryKit
import TestSupport
import Testing

/// Issue #52: the render pool draws what `trip.render` draws, byte for byte, in every format, from
/// any number of tasks; its options cross the process whole.
@Suite struct RenderPoolTests {
    static let stamp = 1_772_800_000

    static func theme() throws -> Theme {
        try Theme(contentsOf: Fixtures.directory.appendingPathComponent("themes/northwind.json").path)
    }

    /// Templates of a folder of the user's: the Markdown's title line replaced.
    static func templates() throws -> TripTemplates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-templates-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("markdown")
        try FileManager.default.createDirectory(at: markdown, withIntermediateDirectories: true)
        let built = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/markdown/trip.md.mustache"),
            encoding: .utf8)
        try ("Printed by the pool\n" + built).write(
            to: markdown.appendingPathComponent("trip.md.mustache"), atomically: true, encoding: .utf8)
        return try TripTemplates(directory: folder.path)
    }

    /// A certificate and RSA key of the test's own (openssl req): a Pass Type ID certificate's subject, with
    /// UID and OU, whose key may sign documents; RSA, so a signed PDF is the same bytes on every render.
    static func identity() throws -> SigningIdentity {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (certificate, key) = (folder.appendingPathComponent("cert.pem"), folder.appendingPathComponent("key.pem"))
        let made = try runProcess(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path,
                "-days", "30", "-subj", "/CN=Pool Test Signer/UID=pass.example.pool/OU=TEAM000001",
                "-addext", "keyUsage=digitalSignature",
            ])
        #expect(made.status == 0, "\(made.stderr)")
        return try SigningIdentity(certificateFile: certificate.path, keyFile: key.path)
    }

    @Test func theSameBytesAsRenderInEveryFormatFromManyTasks() async throws {
        let pool = try RenderPool(workers: 2, worker: Fixtures.executable)
        let trip = CheckedTrip.sample
        let identity = try Self.identity()
        var plain = RenderOptions(dpi: 36, creationDate: Self.stamp)
        plain.passIdentity = identity
        var themed = RenderOptions(dpi: 36, creationDate: Self.stamp, templates: try Self.templates(), locale: "ar")
        themed.theme = try Self.theme()
        themed.subscribeURL = "https://trips.example/feeds/abc.ics"
        themed.calendarFeed = ("https://trips.example/feeds/abc.ics", 3600)
        themed.passIdentity = identity
        // Signed by the pool's worker with the identity the order carries: the same bytes (RSA, a fixed date).
        themed.signing = (identity: identity, timestampURL: nil)
        var jobs = OutputFormat.allCases.map { (format: $0, options: plain) }
        jobs += OutputFormat.allCases.map { (format: $0, options: themed) }
        jobs.append((.pdf, RenderOptions(layout: .daySheets, pageSize: .a4, creationDate: Self.stamp, pdfA: true)))
        let references = try jobs.map { try trip.render($0.format, options: $0.options) }
        // Every job three times over, at once: more documents than workers, so they wait their turn.
        let differing = try await withThrowingTaskGroup(of: String?.self) { group in
            for round in 0..<3 {
                for (index, job) in jobs.enumerated() {
                    group.addTask {
                        let drawn = try await pool.render(trip, job.format, options: job.options)
                        let same =
                            switch job.format {
                            case .pkpass: Self.sameButTheSignature(drawn, references[index])
                            // A bundle of passes, each signed at its own time: the same passes in it.
                            case .pkpasses: Self.entries(drawn) == Self.entries(references[index])
                            default: drawn == references[index]
                            }
                        return same ? nil : "\(job.format) #\(index) (round \(round))"
                    }
                }
            }
            return try await group.reduce(into: [String]()) { if let name = $1 { $0.append(name) } }
        }
        #expect(differing.isEmpty, "drawn by the pool, not as trip.render draws them: \(differing)")
        let markdown = String(decoding: try await pool.render(trip, .md, options: themed)[0], as: UTF8.self)
        #expect(markdown.hasPrefix("Printed by the pool"))
        await pool.shutdown()
    }

    /// Wallet passes are the same but their signature, whose signing time is the clock's: every byte of
    /// each pass before its `signature` entry's local header (the zip's entries come in one order, the
    /// signature last; its header, 30 bytes before its name, holds its CRC).
    static func sameButTheSignature(_ drawn: [[UInt8]], _ reference: [[UInt8]]) -> Bool {
        guard drawn.count == reference.count else { return false }
        let name = Array("signature".utf8)
        return zip(drawn, reference).allSatisfy { drawn, reference in
            let found = (30...(reference.count - name.count)).first {
                reference[$0..<$0 + name.count].elementsEqual(name)
            }
            guard let at = found.map({ $0 - 30 }), at > 1000, drawn.count > at else { return false }
            return drawn[..<at] == reference[..<at]
        }
    }

    /// A zip's local headers as they come: how many entries, in one order.
    static func entries(_ files: [[UInt8]]) -> [Int] {
        let header: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        return files.map { file in
            (0..<max(0, file.count - 3)).filter { file[$0..<$0 + 4].elementsEqual(header) }.count
        }
    }

    /// A worker gets its socket and the host's standard error, nothing else the host holds: a descriptor
    /// the host left inheritable (here /dev/null, opened without O_CLOEXEC) is closed in every worker.
    @Test func aWorkerHoldsNoDescriptorOfTheHosts() async throws {
        let inheritable = open("/dev/zero", O_RDONLY)
        #expect(inheritable >= 0)
        defer { close(inheritable) }
        let pool = try RenderPool(workers: 1, worker: Fixtures.executable)
        _ = try await pool.render(.sample, .pdf)
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        let workers = children.filter {
            ((try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? "").contains("render-worker")
        }
        #expect(!workers.isEmpty)
        for worker in workers {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker)/fd")) ?? []
            let targets = descriptors.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(worker)/fd/\($0)")
            }
            #expect(!targets.contains("/dev/zero"), "worker \(worker) holds the host's /dev/zero: \(targets)")
        }
        await pool.shutdown()
    }

    @Test func onePNGPageAndAPageCountAsRenderPNGPageGivesThem() async throws {
        let pool = try RenderPool(workers: 1, worker: Fixtures.executable)
        let trip = CheckedTrip.sample
        var options = RenderOptions(dpi: 48, creationDate: Self.stamp, locale: "ja")
        options.theme = try Self.theme()
        let page = try await pool.renderPNGPage(trip, 2, options: options)
        let reference = try trip.renderPNGPage(2, options: options)
        #expect(page.png != nil && page.png == reference.png && page.pageCount == reference.pageCount)
        let past = try await pool.renderPNGPage(trip, 99, options: options)
        #expect(past.png == nil && past.pageCount == reference.pageCount)
        await pool.shutdown()
    }

    /// A locked PDF's passwords are carried: it opens with the user's password alone (its bytes
    /// differ from render to render, each lock with fresh random salts).
    @Test func aLockedPDFOpensWithItsPassword() async throws {
        let pool = try RenderPool(workers: 1, worker: Fixtures.executable)
        var options = RenderOptions(creationDate: Self.stamp)
        options.password = (user: Array("open sesame".utf8), owner: Array("owner".utf8))
        let pdf = try await pool.render(CheckedTrip.sample, .pdf, options: options)[0]
        #expect(throws: Problems.self) { try CheckedTrip(pdf: pdf) }
        #expect(try CheckedTrip(pdf: pdf, password: Array("open sesame".utf8)).name == CheckedTrip.sample.name)
        await pool.shutdown()
    }

    /// What `render` refuses, the pool refuses with the same problem; after shutdown, one sentence.
    @Test func refusalsAreRendersOwnAndAShutDownPoolSaysSo() async throws {
        let pool = try RenderPool(workers: 1, worker: Fixtures.executable)
        let options = RenderOptions(dpi: 5000)
        var expected: Problem?
        do { _ = try CheckedTrip.sample.render(.png, options: options) } catch { expected = error }
        do {
            _ = try await pool.render(.sample, .png, options: options)
            Issue.record("the pool drew what render refuses")
        } catch let problem as Problem {
            #expect(expected != nil && problem == expected)
        }
        await pool.shutdown()
        do {
            _ = try await pool.render(.sample, .md)
            Issue.record("a shut-down pool drew a document")
        } catch let problem as Problem {
            #expect(problem.code == .renderFailed && problem.message.contains("shut down"))
        }
    }

    @Test func aPoolNeedsAWorkerItCanRun() throws {
        #expect(throws: Problem.self) { try RenderPool(workers: 0, worker: Fixtures.executable) }
        do {
            _ = try RenderPool(workers: 1, worker: URL(fileURLWithPath: "/nonexistent/itinerary"))
            Issue.record("a pool with no worker executable was made")
        } catch {
            #expect(error.code == .noRenderWorker && error.location == "/nonexistent/itinerary")
        }
    }

    /// The wire form carries every stored property of `RenderOptions` (and of its `DocumentOptions`):
    /// each is set here to something other than its default, and must come back the same. An option
    /// added to `RenderOptions` fails this test until it is set here and carried by `RenderOptions.Wire`.
    @Test func everyStoredOptionIsCarried() throws {
        var options = RenderOptions(
            layout: .daySheets, pageSize: .a4, dpi: 72, creationDate: Self.stamp, omit: [.confirmations, .notes],
            templates: try Self.templates(), locale: "de", pdfA: true, theme: try Self.theme(),
            sections: [.cover, .days], dayPerPage: true)
        options.calendarFeed = ("https://trips.example/feeds/abc.ics", 3600)
        options.password = (user: Array("user".utf8), owner: Array("owner".utf8))
        options.subscribeURL = "https://trips.example/feeds/abc.ics"
        let identity = try Self.identity()
        options.signing = (identity: identity, timestampURL: "http://tsa.example/")
        options.passIdentity = identity
        try options.set("game", to: "g-orl-mil")
        let data = try JSONEncoder().encode(RenderOptions.Wire(options))
        let copy = try JSONDecoder().decode(RenderOptions.Wire.self, from: data).options()
        let fields = Self.fields(options), defaults = Self.fields(RenderOptions()), copied = Self.fields(copy)
        #expect(fields.count >= 14, "\(fields.keys.sorted())")
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            #expect(
                value != defaults[name], "\(name) is not set in this test: set it, and carry it in RenderOptions.Wire")
            #expect(value == copied[name], "\(name) is not carried by RenderOptions.Wire")
        }
    }

    /// Every stored property by its path (`document.pageSize`), as a canonical text of its value.
    static func fields(_ options: RenderOptions) -> [String: String] {
        var fields: [String: String] = [:]
        for child in Mirror(reflecting: options).children {
            guard let label = child.label else { continue }
            if label == "document" {
                for field in Mirror(reflecting: child.value).children {
                    fields["document." + (field.label ?? "?")] = canonical(field.value)
                }
            } else {
                fields[label] = canonical(child.value)
            }
        }
        return fields
    }

    /// A value as text, whatever order its sets and dictionaries happen to iterate in.
    static func canonical(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { ($0.label ?? "", canonical($0.value)) }
        switch mirror.displayStyle {
        case .optional: return children.first.map { "some(\($0.1))" } ?? "nil"
        case .set, .dictionary: return "{" + children.map(\.1).sorted().joined(separator: ", ") + "}"
        case .collection: return "[" + children.map(\.1).joined(separator: ", ") + "]"
        case .struct, .class, .tuple, .enum:
            guard !children.isEmpty else { return String(reflecting: value) }
            return "\(mirror.subjectType)(" + children.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
        default: return String(reflecting: value)
        }
    }
}
