import Foundation
import ItineraryKit
import Testing
import TestSupport

/// The docs say what the program does, as swift-argument-parser and Hummingbird keep their
/// examples true: every `console` example is run against the built `itinerary`, and the
/// commands, options and lists of names the docs give are the program's.
@Suite struct DocumentationTests {
    /// The pages whose `console` blocks are run, each in a folder of its own.
    static let pages = [
        "README.md", "docs/command-line.md", "Sources/ItineraryKit/ItineraryKit.docc/Articles/CommandLine.md",
    ]

    /// The files the examples read that the docs take as the reader's own: the trip
    /// (`itinerary sample > trip.json`), one that breaks a rule, a file that is not a PDF,
    /// a game schedule without BOS @ DET, and an app's folder of trips.
    static func givenFiles() throws -> [String: Data] {
        let sample = Data(Fixtures.sampleBytes)
        var document = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
        let games = try #require(document["games"] as? [[String: Any]])
        document = [
            "games": games.filter { ($0["away"] as? [String: Any])?["abbr"] as? String != "BOS" }
        ]
        return [
            "trip.json": sample,
            "late.json": Data(Fixtures.bytes("invalid/travel-before-departure-game.json")),
            "notes.txt": Data("Pack the rain jackets.\n".utf8),
            "games.json": try JSONSerialization.data(withJSONObject: document),
            "trips/spring.json": sample,
        ]
    }

    @Test(arguments: pages) func consoleExamplesPrintWhatTheyShow(_ page: String) throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let blocks = ConsoleExample.blocks(in: text)
        try #require(!blocks.isEmpty, "\(page) has console examples")
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let given = try Self.givenFiles()
        try Self.write(given, into: folder)
        let path =
            Fixtures.executable.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var directory = folder
        // A folder the docs name (`cd /tmp/app`) is one inside the test's, and stands for it in the output.
        var folders: [(shown: String, real: String)] = []
        for block in blocks {
            var bindings: [String: String] = [:]
            for example in block {
                if example.command.hasPrefix("cd ") {
                    let shown = String(example.command.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    directory = folder.appendingPathComponent(shown)
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try Self.write(given, into: directory)
                    folders.append((shown, directory.path))
                    continue
                }
                let result = try runProcess(
                    URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 2>&1; " + example.command],
                    environment: ["PATH": path], directory: directory)
                var actual = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
                    ConsoleExample.normalized(String($0))
                }
                if actual.last == "" { actual.removeLast() }
                let expected = example.expected.map { line in
                    ConsoleExample.normalized(
                        folders.reduce(line) { $0.replacingOccurrences(of: $1.shown, with: $1.real) })
                }
                if let matched = ConsoleExample.match(expected, actual, bindings) {
                    bindings = matched
                } else {
                    Issue.record(
                        """
                        \(page):\(example.line): $ \(example.command)
                        shown:
                        \(expected.joined(separator: "\n"))
                        printed:
                        \(actual.joined(separator: "\n"))
                        """)
                }
            }
        }
    }

    static func write(_ files: [String: Data], into folder: URL) throws {
        for (name, bytes) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: file)
        }
    }

    /// Each command `itinerary --help` lists has its section in command-line.md, a link to it in the
    /// page's contents and a place in docs/README.md's index; each option its `--help` lists is
    /// described there (the service's in service.md and feeds.md), and each option a section's
    /// heading names is one the command has.
    @Test func everyCommandAndOptionIsDocumented() throws {
        let root = Fixtures.packageRoot
        let page = try String(contentsOf: root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        let index = try String(contentsOf: root.appendingPathComponent("docs/README.md"), encoding: .utf8)
        let service = try ["docs/service.md", "docs/feeds.md"].map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        let sections = page.components(separatedBy: "\n## ").dropFirst().map { "## " + $0 }
        let contents = page.components(separatedBy: "\n## ").first ?? ""
        let anchors = Set(sections.map { HelpText.anchor(String($0.prefix { $0 != "\n" }.dropFirst(3))) })
        let commands = HelpText.subcommands(try runItinerary(["--help"]).stdout)
        #expect(commands.contains("render") && commands.contains("feed-url"), "\(commands)")
        let indexRow = index.split(separator: "\n").first { $0.contains("(command-line.md)") } ?? ""
        for command in commands {
            let section = try #require(
                sections.first {
                    $0.hasPrefix("## `itinerary \(command) ") || $0.hasPrefix("## `itinerary \(command)`")
                },
                "command-line.md has a section for \(command)")
            let link = try #require(
                contents.range(of: "[`\(command)`](#", options: .literal), "command-line.md's contents link \(command)")
            let anchor = contents[link.upperBound...].prefix { $0 != ")" }
            #expect(anchors.contains(String(anchor)), "the contents' link to \(command) finds its section")
            #expect(indexRow.contains("`\(command)`"), "docs/README.md's index names \(command)")
            let described = command == "serve" ? service : section
            let heading = String(section.prefix { $0 != "\n" })
            var all: Set<String> = []
            for invocation in command == "snapshot" ? [["snapshot", "record"], ["snapshot", "check"]] : [[command]] {
                let help = try runItinerary(invocation + ["--help"]).stdout
                for option in HelpText.options(help) where !["--help", "--version"].contains(option.long) {
                    all.insert(option.long)
                    let named =
                        described.contains(option.long)
                        || option.short.map { described.contains("`\($0) ") || described.contains("`\($0)`") } == true
                    #expect(named, "the docs describe \(invocation.joined(separator: " ")) \(option.long)")
                }
            }
            for named in HelpText.longOptions(in: heading) {
                #expect(all.contains(named), "\(heading) names \(named), which `itinerary \(command)` does not take")
            }
        }
    }

    /// The formats have one list of names: `render --help`, the sentence for a wrong one, the OpenAPI
    /// document, command-line.md, service.md and the README list the same, in the same order;
    /// `markdown` is still taken for `md`, and listed nowhere.
    @Test func formatNamesAreOneListEverywhere() throws {
        let names = OutputFormat.allCases.map(\.rawValue)
        let root = Fixtures.packageRoot
        func read(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        let help = try runItinerary(["render", "--help"]).stdout
        let option = try #require(HelpText.options(help).first { $0.long == "--format" })
        #expect(option.values == names, "render --help: \(option.values ?? [])")
        let wrong = try runItinerary(["render", "--format", "doc"])
        #expect(wrong.status == 64)
        let choices = try #require(wrong.stderr.range(of: "; choose "))
        let listed = wrong.stderr[choices.upperBound...].dropLast(2)  // ".\n"
            .replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
        #expect(listed == names, "\(wrong.stderr)")
        let openAPI = try read("Sources/ItineraryService/Resources/openapi.yaml")
        let format = try #require(openAPI.range(of: "- name: format\n"))
        let enumStart = try #require(openAPI.range(of: "enum: [", range: format.upperBound..<openAPI.endIndex))
        let enumList = openAPI[enumStart.upperBound...].prefix { $0 != "]" }.components(separatedBy: ", ")
        #expect(enumList == names, "openapi.yaml: \(enumList)")
        let lists: [(String, String, String)] = [
            ("docs/command-line.md", "`--format ", "|"), ("docs/service.md", "`POST /v1/render?format=", "|"),
            ("README.md", "(`--format ", ","),
        ]
        for (path, before, separator) in lists {
            let text = try read(path)
            let start = try #require(text.range(of: before), "\(path) lists the formats after \(before)")
            let list = text[start.upperBound...].prefix { $0 != "`" && $0 != "&" && $0 != ":" }
            #expect(list.components(separatedBy: separator) == names, "\(path): \(list)")
        }
        let alias = try runItinerary(["render", "--format", "markdown", "-o", "-"])
        #expect(alias.status == 0 && alias.stdout.hasPrefix("# Spring Swing 2026"), "\(alias.stderr)")
    }

    /// The Debian packages GettingStarted.md gives a library user are the ones `make setup-run` installs.
    @Test func gettingStartedNamesTheMakefilesPackages() throws {
        let root = Fixtures.packageRoot
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Sources/ItineraryKit/ItineraryKit.docc/Articles/GettingStarted.md"),
            encoding: .utf8)
        func words(after marker: String, in text: String) throws -> Set<String> {
            let start = try #require(text.range(of: marker), "\(marker)")
            var words: [String] = []
            for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
                let continued = line.hasSuffix("\\")
                words += line.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0 != "\\" }
                if !continued { break }
            }
            return Set(words)
        }
        let packages = try words(after: "\nAPT_PACKAGES := ", in: makefile)
        #expect(packages.count > 15, "\(packages)")
        #expect(try words(after: "sudo apt-get install ", in: article) == packages)
    }
}

/// A command of a `console` block and what it prints, as the docs show them.
struct ConsoleExample {
    let line: Int
    let command: String
    var expected: [String]

    /// The `console` blocks of a Markdown page: `$ ` starts a command, the lines up to the next are its output.
    static func blocks(in text: String) -> [[ConsoleExample]] {
        var blocks: [[ConsoleExample]] = []
        var current: [ConsoleExample]?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```console" { current = [] }
            } else if trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if line.hasPrefix("$ ") {
                current?.append(ConsoleExample(line: index + 1, command: String(line.dropFirst(2)), expected: []))
            } else if let last = current?.indices.last {
                current?[last].expected.append(String(line))
            }
        }
        return blocks
    }

    /// A line as a reader sees it: every kind of space (the narrow ones before "AM" and around "–") a space,
    /// nothing at its end.
    static func normalized(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            scalars.append(scalar.properties.generalCategory == .spaceSeparator ? " " : scalar)
        }
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        return text
    }

    static let uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    nonisolated(unsafe) static let uuidPattern = try! Regex(uuid)

    /// Whether printed lines are the shown ones: a line `…` stands for any lines (or none), `…` in a
    /// line for any text, and a UUID for the one the program made (the same one each time it is
    /// shown again: `bindings`). The bindings after the match, or nil.
    static func match(_ expected: [String], _ actual: [String], _ bindings: [String: String]) -> [String: String]? {
        guard let first = expected.first else { return actual.isEmpty ? bindings : nil }
        if first == "…" {
            for skipped in 0...actual.count {
                if let matched = match(Array(expected.dropFirst()), Array(actual.dropFirst(skipped)), bindings) {
                    return matched
                }
            }
            return nil
        }
        guard let line = actual.first, let bound = matchLine(first, line, bindings) else { return nil }
        return match(Array(expected.dropFirst()), Array(actual.dropFirst()), bound)
    }

    static func matchLine(_ shown: String, _ printed: String, _ bindings: [String: String]) -> [String: String]? {
        var pattern = "^", ids: [String] = []
        for (index, piece) in shown.components(separatedBy: "…").enumerated() {
            if index > 0 { pattern += ".*" }
            var rest = piece[...]
            while let found = rest.firstMatch(of: uuidPattern) {
                pattern += NSRegularExpression.escapedPattern(for: String(rest[..<found.range.lowerBound]))
                pattern += "(\(uuid))"
                ids.append(String(rest[found.range]))
                rest = rest[found.range.upperBound...]
            }
            pattern += NSRegularExpression.escapedPattern(for: String(rest))
        }
        guard let regex = try? NSRegularExpression(pattern: pattern + "$"),
            let found = regex.firstMatch(in: printed, range: NSRange(printed.startIndex..., in: printed))
        else { return nil }
        var bound = bindings
        for (index, id) in ids.enumerated() {
            guard let range = Range(found.range(at: index + 1), in: printed) else { return nil }
            let value = String(printed[range])
            if let earlier = bound[id], earlier != value { return nil }
            bound[id] = value
        }
        return bound
    }
}

/// What swift-argument-parser's help says, read back.
enum HelpText {
    /// The subcommands `itinerary --help` lists (`show (default)` is `show`).
    static func subcommands(_ help: String) -> [String] {
        guard let list = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[list.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  See ") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
    }

    /// The options of a command's help: long name, short name, and the choices it lists.
    static func options(_ help: String) -> [(long: String, short: String?, values: [String]?)] {
        guard let start = help.range(of: "OPTIONS:\n") else { return [] }
        var options: [(long: String, short: String?, text: String)] = []
        for line in help[start.upperBound...].split(separator: "\n") {
            let body = line.drop { $0 == " " }
            let indent = line.count - body.count
            if indent == 2, body.hasPrefix("-") {
                // "-f, --format <format>   The formats …" or "--pdf-a   Make …".
                let words = body.split(separator: " ")
                let short = words.first.flatMap { $0.hasSuffix(",") ? String($0.dropLast()) : nil }
                let long = (short == nil ? words.first : words.dropFirst().first).map(String.init) ?? ""
                options.append((long, short, String(body)))
            } else if let last = options.indices.last {
                options[last].text += " " + body
            }
        }
        return options.map { option in
            var values: [String]?
            if let list = option.text.range(of: "(values: ") {
                values = option.text[list.upperBound...].prefix { $0 != ")" }.components(separatedBy: ", ")
            }
            return (option.long, option.short, values)
        }
    }

    /// The `--long` options a heading names.
    static func longOptions(in text: String) -> [String] {
        let regex = try? NSRegularExpression(pattern: "--[a-z][a-z0-9-]*")
        return (regex?.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)) ?? []).map {
            (text as NSString).substring(with: $0.range)
        }
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped, spaces `-`.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                    || scalar.properties.numericType != nil
                {
                    return Character(scalar)
                }
                return nil
            })
    }
}
