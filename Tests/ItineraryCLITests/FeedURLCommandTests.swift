import Foundation
import TestSupport
import Testing

/// `itinerary feed-url` and the feed flags of `serve`: a wrong call exits 64, a
/// secret that cannot be used exits 1, each with one sentence.
@Suite struct FeedURLCommandTests {
    static func secret(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func printsTheSignedURL() throws {
        let file = try Self.secret(String(repeating: "s", count: 64) + "\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runItinerary([
            "feed-url", "spring", "--feed-secret", file.path, "--base", "https://x.example/", "--locale", "de",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let url = result.stdout.trimmingCharacters(in: .newlines)
        #expect(url.hasPrefix("https://x.example/v1/feeds/c3ByaW5n.") && url.hasSuffix(".ics?locale=de"))
        // The same secret and id give the same URL: nothing random, nothing stored.
        let again = try runItinerary([
            "feed-url", "spring", "--feed-secret", file.path, "--base", "https://x.example/", "--locale", "de",
        ])
        #expect(again.stdout == result.stdout)
    }

    @Test func mistakesAreOneSentence() throws {
        let short = try Self.secret("short\n")
        defer { try? FileManager.default.removeItem(at: short) }
        let weak = try runItinerary(["feed-url", "spring", "--feed-secret", short.path, "--base", "https://x"])
        #expect(weak.status == 1)
        #expect(weak.stderr.contains("has 5 bytes; it needs at least 32"))
        let missing = try runItinerary(["feed-url", "spring", "--feed-secret", "/nonexistent", "--base", "https://x"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "cannot read the feed secret /nonexistent.\n")
        let base = try runItinerary(["feed-url", "spring", "--feed-secret", short.path, "--base", "ftp://x"])
        #expect(base.status == 64)
        #expect(base.stderr.contains("--base must be an http:// or https:// URL"))
        let locale = try runItinerary([
            "feed-url", "spring", "--feed-secret", short.path, "--base", "https://x", "--locale", "xx-nope",
        ])
        #expect(locale.status == 64)
    }

    @Test func serveNeedsTheSourceAndTheSecretTogether() throws {
        let alone = try runItinerary(["serve", "--port", "0", "--trip-source", "http://h/{id}"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--trip-source must be given with --feed-secret"))
        let file = try Self.secret(String(repeating: "s", count: 40))
        defer { try? FileManager.default.removeItem(at: file) }
        let noID = try runItinerary(["serve", "--port", "0", "--trip-source", "http://h/x", "--feed-secret", file.path])
        #expect(noID.status == 64)
        #expect(noID.stderr.contains("has no {id} in it"))
    }
}
