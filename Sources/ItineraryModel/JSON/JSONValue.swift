/// A JSON document as written, keeping key order and number spelling so a
/// rewrite changes only what an edit touched.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    package subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set {
            guard case .object(var object) = self else { return }
            object[key] = newValue
            self = .object(object)
        }
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text, when this is a string.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value, or nil when it is JSON `null`: the format treats both as absent.
    package var nonNull: JSONValue? {
        if case .null = self { return nil }
        return self
    }
}

/// A JSON number with the literal it was read from, so `380` is written back as `380`.
package struct JSONNumber: Sendable, Equatable {
    package let literal: String
    package let value: Double

    init(literal: String, value: Double) {
        self.literal = literal
        self.value = value
    }

    package init(_ value: Double) {
        self.value = value
        self.literal = JSONNumber.shortestLiteral(value)
    }

    package init(_ value: Int) {
        self.value = Double(value)
        self.literal = String(value)
    }

    static func shortestLiteral(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}

/// A JSON object whose members keep the order they were written in.
package struct JSONObject: Sendable, Equatable {
    package private(set) var members: [(key: String, value: JSONValue)]

    package init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    package var keys: [String] { members.map(\.key) }

    mutating func setValue(_ value: JSONValue, at index: Int) {
        members[index].value = value
    }

    mutating func append(contentsOf more: [(key: String, value: JSONValue)]) {
        members.append(contentsOf: more)
    }

    /// The value of the member with this key (the parser refuses a name given
    /// twice; should code add one twice, the last).
    /// Names compare by code points, as JSON's do: "\u{212A}ind" (Kelvin sign) is not "kind".
    package subscript(key: String) -> JSONValue? {
        get {
            var index = members.count - 1
            while index >= 0 {
                if members[index].key.hasSameCodePoints(as: key) { return members[index].value }
                index -= 1
            }
            return nil
        }
        set {
            if let newValue {
                if let index = members.lastIndex(where: { $0.key.hasSameCodePoints(as: key) }) {
                    members[index].value = newValue
                } else {
                    members.append((key, newValue))
                }
            } else {
                members.removeAll { $0.key.hasSameCodePoints(as: key) }
            }
        }
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue {
    /// Whether two values are the same text: strings and member names byte for
    /// byte (`==` takes canonically equivalent strings as equal), members in
    /// the same order, numbers as written.
    package func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a.literal.utf8.elementsEqual(b.literal.utf8)
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
        case let (.object(a), .object(b)):
            return a.members.count == b.members.count
                && zip(a.members, b.members).allSatisfy {
                    $0.key.utf8.elementsEqual($1.key.utf8) && $0.value.isIdentical(to: $1.value)
                }
        default: return false
        }
    }
}
