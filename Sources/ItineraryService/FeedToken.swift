import Crypto
import Foundation

/// The token of a calendar feed's URL: the trip's id and a MAC of it under the
/// service's secret, so the service stores nothing and nobody can read a trip
/// by guessing a URL. docs/feeds.md gives the scheme for apps that mint URLs
/// in their own code:
///
///     token = base64url(id) "." base64url(HMAC-SHA256(secret, "itinerary-feed-v1:" + id))
///
/// base64url without padding (RFC 4648 §5), the id as UTF-8.
public enum FeedToken {
    /// The shortest secret taken, in bytes: HMAC-SHA256's own block of security.
    public static let minimumSecretBytes = 32

    /// The token for a trip's id.
    public static func mint(id: String, secret: [UInt8]) -> String {
        base64URL(Array(id.utf8)) + "." + base64URL(Array(mac(id, secret: secret)))
    }

    /// The trip's id a token carries, or nil when its MAC does not verify under
    /// `secret` (compared in constant time) or it is not a token at all.
    public static func verify(_ token: String, secret: [UInt8]) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let idBytes = decodeBase64URL(parts[0]), let code = decodeBase64URL(parts[1]),
            let id = String(validating: idBytes, as: UTF8.self), !id.isEmpty
        else { return nil }
        let valid = HMAC<SHA256>.isValidAuthenticationCode(
            code, authenticating: Array(("itinerary-feed-v1:" + id).utf8), using: SymmetricKey(data: secret))
        return valid ? id : nil
    }

    /// The feed's URL under a base (`https://trips.example.com`): `BASE/v1/feeds/TOKEN.ics`,
    /// with `?locale=TAG` when a language is given.
    public static func url(id: String, secret: [UInt8], base: String, locale: String? = nil) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        var url = trimmed + "/v1/feeds/" + mint(id: id, secret: secret) + ".ics"
        if let locale {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
            url += "?locale=" + (locale.addingPercentEncoding(withAllowedCharacters: allowed) ?? locale)
        }
        return url
    }

    /// A secret file's bytes, without the line break an editor or `openssl rand -hex 32 >` leaves.
    /// - Throws: a sentence when the file cannot be read or is too short.
    public static func readSecret(_ path: String) throws(FeedSecretProblem) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FeedSecretProblem(sentence: "cannot read the feed secret \(path).")
        }
        var bytes = Array(data)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        guard bytes.count >= minimumSecretBytes else {
            throw FeedSecretProblem(
                sentence: "the feed secret \(path) has \(bytes.count) bytes; it needs at least \(minimumSecretBytes) "
                    + "(openssl rand -hex 32 makes one).")
        }
        return bytes
    }

    private static func mac(_ id: String, secret: [UInt8]) -> HashedAuthenticationCode<SHA256> {
        HMAC<SHA256>.authenticationCode(for: Array(("itinerary-feed-v1:" + id).utf8), using: SymmetricKey(data: secret))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), !text.contains("="), !text.contains("+"), !text.contains("/")
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        // One spelling per value: a last character whose unused bits differ is not the same token.
        guard let bytes = Data(base64Encoded: base64).map(Array.init), base64URL(bytes) == text else { return nil }
        return bytes
    }
}

/// Why a feed secret cannot be used, in one sentence.
public struct FeedSecretProblem: Error, CustomStringConvertible {
    public let sentence: String
    public var description: String { sentence }
}
