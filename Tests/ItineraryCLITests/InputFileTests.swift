import Foundation
import Testing
@testable import ItineraryCLI
import ItineraryModel
import TestSupport

/// Reading the input file: the command line's job, not the model's.
@Suite struct InputFileTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func largeFileIsReadOnlyPastTheLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: ItineraryReader.maximumBytes * 2)))
        // One byte past the limit is read, never the whole file; the library refuses that many.
        #expect(try InputFile.read(path: path).count == ItineraryReader.maximumBytes + 1)
        let result = try runItinerary(["validate", path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(path): the file is larger than the 32 MiB an itinerary may be.\n")
    }

    @Test func unreadablePaths() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (path, reason) in [
            (directory.path, "it is a directory"),
            (directory.appendingPathComponent("missing.json").path, "no such file"),
        ] {
            do {
                _ = try InputFile.read(path: path)
                Issue.record("\(path) was read")
            } catch {
                // The reason alone: the command names the file once, before it.
                #expect(error.description == reason + ".")
            }
        }
    }

    @Test func readsAFileByPath() throws {
        let bytes = try InputFile.read(path: Fixtures.sampleURL.path)
        #expect(try ItineraryReader.read(bytes: bytes).items.count == 16)
    }

    /// An endless stream is stopped just past the limit.
    @Test func anEndlessStreamIsStoppedAtTheLimit() throws {
        let result = try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "\(Fixtures.executable.path) validate - < /dev/zero"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("larger than the 32 MiB"))
    }
}

/// Files named once in a message, and an output path through a file (issue #34's defects).
@Suite struct FileMessageTests {
    @Test func aMissingFileIsNamedOnceForTripsAndThemes() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trip = try runItinerary(["render", "nothere.json"], directory: directory)
        #expect(trip.status == 1)
        #expect(trip.stderr == "nothere.json: no such file.\n")
        let theme = try runItinerary(
            ["render", "--theme", "nothere.json", "-f", "md", "-o", "-"], directory: directory)
        #expect(theme.status == 1)
        #expect(theme.stderr == "nothere.json: no such file.\n")
    }

    @Test func anOutputPathThroughAFileSaysSo() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{}".utf8).write(to: directory.appendingPathComponent("trip.json"))
        for output in ["trip.json/x.pdf", "trip.json/more/x.pdf"] {
            let result = try runItinerary(["render", "-o", output], directory: directory)
            #expect(result.status == 1)
            #expect(result.stderr == "cannot write \(output): trip.json is a file, not a folder.\n", "\(result.stderr)")
        }
        let missing = try runItinerary(["render", "-o", "nofolder/x.pdf"], directory: directory)
        #expect(missing.stderr.hasSuffix("nofolder does not exist.\n"), "\(missing.stderr)")
    }
}
