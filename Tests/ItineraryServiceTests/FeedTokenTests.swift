import Foundation
import HTTPTypes
import ItineraryKit
import Testing
@testable import ItineraryService

/// Feed URLs: a token carries the trip's id and its MAC, so nobody reads a trip
/// by guessing or changing a URL; ids go into the source's template encoded.
@Suite struct FeedTokenTests {
    static let secret = Array("0123456789abcdef0123456789abcdef".utf8)
    static let other = Array("fedcba9876543210fedcba9876543210".utf8)

    @Test(arguments: [
        "spring", "5E0C6A2B-7F4D-4C1A-9B3E-2D8F6A1C0B47", "../x", "a/b", "x?y", "x#y", "x@h", "%2F", "日本",
    ])
    func aMintedTokenVerifiesToItsId(_ id: String) {
        let token = FeedToken.mint(id: id, secret: Self.secret)
        #expect(FeedToken.verify(token, secret: Self.secret) == id)
        // Only URL-safe characters: the token is one path segment as it is.
        #expect(
            token.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            })
    }

    @Test func forgedTokensDoNotVerify() {
        let token = FeedToken.mint(id: "spring", secret: Self.secret)
        #expect(FeedToken.verify(token, secret: Self.other) == nil)
        #expect(FeedToken.verify(FeedToken.mint(id: "spring", secret: Self.other), secret: Self.secret) == nil)
        // The MAC of one trip does not open another.
        let parts = token.split(separator: ".")
        let someoneElses = FeedToken.base64URL(Array("autumn".utf8)) + "." + parts[1]
        #expect(FeedToken.verify(someoneElses, secret: Self.secret) == nil)
        // One character of the MAC changed.
        var flipped = Array(token)
        flipped[flipped.count - 2] = flipped[flipped.count - 2] == "A" ? "B" : "A"
        #expect(FeedToken.verify(String(flipped), secret: Self.secret) == nil)
        // The last character's unused bits changed: the same bytes, another spelling, not a token.
        let mac = String(parts[1])
        let last = mac.last!
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let sibling = alphabet[alphabet.firstIndex(of: last)! ^ 1]
        #expect(FeedToken.verify(String(parts[0]) + "." + mac.dropLast() + String(sibling), secret: Self.secret) == nil)
        for garbage in ["", ".", "abc", "abc.", ".abc", "a.b.c", "c3ByaW5n", "c3ByaW5n.!!!", "====.===="] {
            #expect(FeedToken.verify(garbage, secret: Self.secret) == nil, "\(garbage)")
        }
    }

    @Test func theURLIsTheBaseTheTokenAndTheLanguage() {
        let url = FeedToken.url(id: "spring", secret: Self.secret, base: "https://x.example/", locale: "pt-BR")
        #expect(url.hasPrefix("https://x.example/v1/feeds/c3ByaW5n."))
        #expect(url.hasSuffix(".ics?locale=pt-BR"))
    }

    @Test func aShortSecretIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("short\n".utf8).write(to: file)
        #expect(throws: FeedSecretProblem.self) { try FeedToken.readSecret(file.path) }
        try Data((String(repeating: "k", count: 32) + "\n").utf8).write(to: file)
        #expect(try FeedToken.readSecret(file.path).count == 32)
    }

    @Test(arguments: [
        ("../x", "..%2Fx"), ("a/b", "a%2Fb"), ("x?y", "x%3Fy"), ("x#y", "x%23y"), ("x@h", "x%40h"), ("%2F", "%252F"),
        ("a b", "a%20b"), ("é", "%C3%A9"), ("ok-1._~", "ok-1._~"),
    ])
    func idsArePercentEncodedIntoTheTemplate(_ id: String, _ encoded: String) {
        let source = TripSource(template: "http://trips.internal/api/trips/{id}/itinerary", timeout: 1, maxBytes: 10)
        defer { Task { await source.shutdown() } }
        #expect(source.url(for: id) == "http://trips.internal/api/trips/\(encoded)/itinerary")
        #expect(source.url(for: "..") == nil && source.url(for: ".") == nil && source.url(for: "") == nil)
    }

    @Test func templatesThatCannotBeUsedAreSaid() {
        #expect(ServiceSettings.tripSourceProblem("http://trips.internal/api/{id}") == nil)
        #expect(ServiceSettings.tripSourceProblem("http://trips.internal/api/x")?.contains("no {id}") == true)
        #expect(ServiceSettings.tripSourceProblem("ftp://h/{id}")?.contains("not an http") == true)
    }

    @Test func conditionalRequests() {
        let modified = Date(timeIntervalSince1970: 1_768_647_676)
        #expect(Routes.httpDate(modified) == "Sat, 17 Jan 2026 11:01:16 GMT")
        #expect(Routes.parseHTTPDate("Sat, 17 Jan 2026 11:01:16 GMT") == modified)
        func answer(_ fields: [(HTTPField.Name, String)]) -> Bool {
            var headers = HTTPFields()
            for (name, value) in fields { headers.append(HTTPField(name: name, value: value)) }
            return Routes.notModified(headers, tag: "abc", lastModified: modified)
        }
        #expect(answer([(.ifNoneMatch, "\"abc\"")]))
        #expect(answer([(.ifNoneMatch, "\"x\", W/\"abc\"")]))
        #expect(answer([(.ifNoneMatch, "*")]))
        #expect(!answer([(.ifNoneMatch, "\"x\"")]))
        #expect(answer([(.ifModifiedSince, "Sat, 17 Jan 2026 11:01:16 GMT")]))
        #expect(!answer([(.ifModifiedSince, "Sat, 17 Jan 2026 11:01:15 GMT")]))
        // If-None-Match decides when both are there.
        #expect(!answer([(.ifNoneMatch, "\"x\""), (.ifModifiedSince, "Sat, 17 Jan 2026 11:01:16 GMT")]))
        #expect(!answer([(.ifModifiedSince, "yesterday")]))
        #expect(!answer([]))
    }
}
