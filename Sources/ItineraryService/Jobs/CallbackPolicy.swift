import Foundation
import NIOPosix

/// Which callback URLs a job may name: `http` and `https` only, at most
/// 2,048 characters, and never an address of the network the service sits
/// in (loopback, private, link-local, cloud metadata, multicast, unspecified)
/// unless the operator allows its host (`--callback-allow`). Checked when a
/// job is submitted and again before each delivery, on the addresses the name
/// resolves to then; the delivery connects to the address that was checked,
/// so a name that changes its answer in between cannot send it elsewhere.
///
/// The host is compared, resolved and pinned in one spelling: lowercased, and the
/// URL the delivery is made with is rebuilt with it, so the HTTP client finds its
/// pinned address under exactly the name it reads from that URL (issue #50: a
/// host in capitals once missed the pin and was resolved again by the client).
struct CallbackPolicy: Sendable {
    /// Names and addresses that may be loopback or private, lowercased.
    let allowed: Set<String>

    static let maximumLength = 2048

    /// A callback checked: the URL to request (its host lowercased), the host as the HTTP client reads
    /// it from that URL, and the address checked, which the client connects to.
    struct Target: Sendable {
        let url: String
        let host: String
        let address: String
    }

    /// The callback checked now, or why it is refused, in one sentence.
    func check(_ text: String) async -> Result<Target, CallbackRefusal> {
        guard text.count <= Self.maximumLength else {
            return .failure(.init("the callback URL is longer than \(Self.maximumLength) characters."))
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let rawHost = url.host(percentEncoded: false), !rawHost.isEmpty
        else {
            return .failure(.init("the callback \"\(text.quoted)\" is not an http or https URL."))
        }
        guard url.user == nil, url.password == nil else {
            return .failure(.init("the callback URL may not hold a user name or password."))
        }
        guard !rawHost.contains("%") else {
            return .failure(.init("the callback's host may not be percent-encoded."))
        }
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard let pinned = Self.pinned(url, host: host) else {
            return .failure(.init("the callback \"\(text.quoted)\" is not an http or https URL."))
        }
        let addresses: [String]
        if Self.bytes(of: host) != nil {
            addresses = [host]
        } else {
            addresses = (try? await NIOThreadPool.singleton.runIfActive { Self.resolve(host) }) ?? []
            guard !addresses.isEmpty else {
                return .failure(.init("the callback's host \(host.quoted) cannot be resolved."))
            }
        }
        if !allowed.contains(host) {
            for address in addresses where !allowed.contains(address) {
                if let kind = Self.forbidden(address) {
                    return .failure(
                        .init(
                            "the callback's host \(host.quoted) is \(address), a \(kind) address; callbacks may not "
                                + "reach the service's own network (itinerary serve --callback-allow)."))
                }
            }
        }
        return .success(Target(url: pinned.url, host: pinned.host, address: addresses[0]))
    }

    /// The URL rebuilt with its host lowercased, and the host as AsyncHTTPClient reads it from that URL
    /// (`URL.host`, IPv6 brackets trimmed: the key it looks its DNS override up by). Nil unless that host
    /// is the one checked, so a spelling the client would resolve on its own is never sent.
    static func pinned(_ url: URL, host: String) -> (url: String, host: String)? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedHost = host.contains(":") ? "[\(host)]" : host
        guard let text = components.string, let rebuilt = URL(string: text), let read = rebuilt.host else {
            return nil
        }
        let clientHost = read.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard clientHost == host else { return nil }
        return (text, clientHost)
    }

    /// Every address a name resolves to, as text (Foundation's `Host`, getaddrinfo underneath).
    static func resolve(_ host: String) -> [String] {
        Host(name: host).addresses
    }

    /// An address's 4 or 16 bytes; nil for text that is not an address. `inet_pton`, the system's
    /// own parser of addresses, fills the C structure; its fields are read as values.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let address = UInt32(bigEndian: v4.s_addr)
            return [
                UInt8(address >> 24), UInt8(address >> 16 & 0xFF), UInt8(address >> 8 & 0xFF), UInt8(address & 0xFF),
            ]
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            let b = v6.__in6_u.__u6_addr8
            return [b.0, b.1, b.2, b.3, b.4, b.5, b.6, b.7, b.8, b.9, b.10, b.11, b.12, b.13, b.14, b.15]
        }
        return nil
    }

    /// What kind of address of the service's own network this is; nil for a public one.
    static func forbidden(_ text: String) -> String? {
        guard let bytes = bytes(of: text) else { return "unreadable" }
        if bytes.count == 4 { return forbiddenV4(bytes) }
        // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96): the IPv4 address inside.
        let prefix = bytes[0..<12]
        if prefix.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF])
            || prefix.elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0])
        {
            return forbiddenV4(Array(bytes[12...]))
        }
        if bytes.allSatisfy({ $0 == 0 }) { return "unspecified" }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return "loopback" }
        if bytes[0] & 0xFE == 0xFC { return "private" }  // fc00::/7, unique local (and fd00:ec2::254, metadata)
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return "link-local" }  // fe80::/10
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return "private" }  // fec0::/10, site-local
        if bytes[0] == 0xFF { return "multicast" }
        if prefix.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) { return forbiddenV4(Array(bytes[12...])) }
        return nil
    }

    private static func forbiddenV4(_ bytes: [UInt8]) -> String? {
        let (a, b) = (bytes[0], bytes[1])
        switch a {
        case 0: return "unspecified"
        case 127: return "loopback"
        case 10: return "private"
        case 100 where b & 0xC0 == 64: return "private"  // 100.64.0.0/10, carrier-grade NAT
        case 169 where b == 254: return bytes[2] == 169 && bytes[3] == 254 ? "metadata" : "link-local"
        case 172 where b & 0xF0 == 16: return "private"
        case 192 where b == 168: return "private"
        case 192 where b == 0 && bytes[2] == 0: return "private"  // 192.0.0.0/24, protocol assignments
        case 198 where b & 0xFE == 18: return "private"  // 198.18.0.0/15, benchmarking
        case 224...239: return "multicast"
        case 240...255: return "reserved"
        default: return nil
        }
    }
}

/// A callback a job may not name, in one sentence.
struct CallbackRefusal: Error, Sendable {
    let sentence: String
    init(_ sentence: String) { self.sentence = sentence }
}
