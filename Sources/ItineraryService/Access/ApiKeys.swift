import Crypto
import Foundation
import Synchronization

/// What a key lets its caller do (issue #50). `*` in a keys file is every scope.
public enum KeyScope: String, Sendable, CaseIterable, Comparable {
    /// `POST /v1/render` and `POST /v1/validate`.
    case render
    /// `POST /v1/jobs`, and the caller's own jobs under `/v1/jobs/…`.
    case jobs
    /// `subscribe=ID` on any route: the signed URL of a trip's calendar feed.
    case subscribe
    /// `GET /metrics`, for the operator's scraper.
    case metrics

    public static func < (a: KeyScope, b: KeyScope) -> Bool { a.rawValue < b.rawValue }

    /// The scopes as a keys file writes them: `*` for all, else a comma list.
    static func text(_ scopes: Set<KeyScope>) -> String {
        scopes == Set(allCases) ? "*" : scopes.sorted().map(\.rawValue).joined(separator: ",")
    }

    /// A comma list of scope names, or `*`; nil for a name that is not a scope (the sentence says which).
    static func parse(_ text: String) -> Result<Set<KeyScope>, KeyFileProblem.Reason> {
        if text == "*" { return .success(Set(allCases)) }
        var scopes: Set<KeyScope> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scope = KeyScope(rawValue: String(name)) else { return .failure(.unknownScope(String(name))) }
            scopes.insert(scope)
        }
        return .success(scopes)
    }
}

/// A caller the service knows: the key's name from the keys file and what it may do. The key itself is
/// never kept, only its SHA-256.
public struct ApiKey: Sendable, Equatable {
    /// Names the caller in logs and owns its jobs. Several lines may share a name: a key being rotated.
    public let name: String
    public let scopes: Set<KeyScope>
    /// SHA-256 of the key's UTF-8 bytes.
    let hash: [UInt8]

    public func allows(_ scope: KeyScope) -> Bool { scopes.contains(scope) }
}

/// The keys file (`serve --api-keys FILE`): one key a line, `NAME SCOPES sha256:HEX`, where HEX is the
/// lowercase SHA-256 of the key's UTF-8 bytes, so the file holds no key; `#` starts a comment line.
public struct ApiKeyFile: Sendable {
    public let keys: [ApiKey]

    /// Names are what logs print: letters, digits, `.`, `_` and `-`, at most 64.
    static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)

    /// The file read and checked; a problem names the file and line.
    public static func read(_ path: String) throws(KeyFileProblem) -> ApiKeyFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw KeyFileProblem(path: path, line: nil, reason: .unreadable)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw KeyFileProblem(path: path, line: nil, reason: .notText)
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(KeyFileProblem) -> ApiKeyFile {
        var keys: [ApiKey] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            switch key(fields.map(String.init)) {
            case .failure(let reason):
                throw KeyFileProblem(path: path, line: lineNumber, reason: reason)
            case .success(let key):
                if let same = keys.first(where: { $0.hash == key.hash }) {
                    throw KeyFileProblem(path: path, line: lineNumber, reason: .repeatedKey(same.name))
                }
                keys.append(key)
            }
        }
        return ApiKeyFile(keys: keys)
    }

    private static func key(_ fields: [String]) -> Result<ApiKey, KeyFileProblem.Reason> {
        guard fields.count == 3 else { return .failure(.fields(fields.count)) }
        let name = fields[0]
        guard nameProblem(name) == nil else { return .failure(.badName(name)) }
        let scopes: Set<KeyScope>
        switch KeyScope.parse(fields[1]) {
        case .success(let parsed): scopes = parsed
        case .failure(let reason): return .failure(reason)
        }
        let hex = fields[2]
        guard hex.hasPrefix("sha256:"), let hash = Self.bytes(hex: hex.dropFirst(7)) else {
            return .failure(.badHash)
        }
        return .success(ApiKey(name: name, scopes: scopes, hash: hash))
    }

    /// 32 bytes from 64 lowercase hex digits; nil for anything else.
    private static func bytes(hex: Substring) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A new key and its line for the file (`itinerary api-key`): `itk_` and the base64url of 32 random bytes
    /// (256 bits from the system's generator; the prefix lets secret scanners find a leaked one).
    public static func newKey(name: String, scopes: Set<KeyScope>) -> (key: String, line: String) {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = "itk_" + FeedToken.base64URL(random)
        return (key, line(name: name, scopes: scopes, key: key))
    }

    /// The file's line for a key.
    public static func line(name: String, scopes: Set<KeyScope>, key: String) -> String {
        let hash = SHA256.hash(data: Array(key.utf8)).map { String(format: "%02x", $0) }.joined()
        return "\(name) \(KeyScope.text(scopes)) sha256:\(hash)"
    }

    /// Why a name cannot name a key, in one sentence; nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        guard (1...64).contains(name.utf8.count), name.utf8.allSatisfy({ nameCharacters.contains($0) }) else {
            return KeyFileProblem.Reason.badName(name).sentence
        }
        return nil
    }

    /// The scopes of a comma list (`render,jobs`, or `*`), or the sentence saying which name is not a scope.
    public static func scopes(_ text: String) -> Result<Set<KeyScope>, KeyFileProblem> {
        KeyScope.parse(text).mapError { KeyFileProblem(path: nil, line: nil, reason: $0) }
    }
}

/// A keys file that cannot be used, in one sentence naming the file and line.
public struct KeyFileProblem: Error, Sendable, CustomStringConvertible {
    let path: String?
    let line: Int?
    let reason: Reason

    enum Reason: Error, Sendable {
        case unreadable
        case notText
        case fields(Int)
        case badName(String)
        case unknownScope(String)
        case badHash
        case repeatedKey(String)

        var sentence: String {
            switch self {
            case .unreadable: "the file cannot be read."
            case .notText: "the file is not UTF-8 text."
            case .fields(let count):
                "a key's line has three fields, NAME SCOPES sha256:HEX, not \(count)."
            case .badName(let name):
                "the key's name \"\(name.quoted)\" must be 1 to 64 letters, digits, dots, dashes or underscores."
            case .unknownScope(let name):
                "\"\(name.quoted)\" is not a scope; the scopes are "
                    + KeyScope.allCases.map(\.rawValue).joined(separator: ", ") + ", or * for all."
            case .badHash:
                "the key's hash must be sha256: and 64 lowercase hex digits (itinerary api-key writes the line)."
            case .repeatedKey(let name): "this key is already the key of \(name) on an earlier line."
            }
        }
    }

    public var description: String {
        switch (path, line) {
        case (let path?, let line?): "\(path):\(line): \(reason.sentence)"
        case (let path?, nil): "\(path): \(reason.sentence)"
        default: reason.sentence
        }
    }
}

/// The keys the service takes, replaced whole when the file is read again (SIGHUP).
final class ApiKeys: Sendable {
    let path: String
    private let current: Mutex<[ApiKey]>

    init(path: String, file: ApiKeyFile) {
        self.path = path
        current = Mutex(file.keys)
    }

    /// Reads the file again; a broken file keeps the keys there were and says why.
    func reload() -> Result<Int, KeyFileProblem> {
        do throws(KeyFileProblem) {
            let file = try ApiKeyFile.read(path)
            current.withLock { $0 = file.keys }
            return .success(file.keys.count)
        } catch {
            return .failure(error)
        }
    }

    /// The key a presented token is, compared with every key in constant time (the same work whichever
    /// key, or none, it matches); nil for an unknown one.
    func key(for token: String) -> ApiKey? {
        let presented = Array(SHA256.hash(data: Array(token.utf8)))
        let keys = current.withLock { $0 }
        var found: ApiKey?
        for key in keys {
            var difference: UInt8 = 0
            for (a, b) in zip(key.hash, presented) { difference |= a ^ b }
            if difference == 0 { found = key }
        }
        return found
    }
}
