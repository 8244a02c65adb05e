/// Writes JSON the way the fixtures are written: two-space indentation, one
/// member per line, non-ASCII text as itself.
enum JSONWriter {
    static func write(_ value: JSONValue) -> String {
        var output = ""
        output.reserveCapacity(4096)
        write(value, indent: 0, into: &output)
        output.append("\n")
        return output
    }

    private static func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .null: output.append("null")
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .number(let number): output.append(number.literal)
        case .string(let string): writeString(string, into: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append("[]")
                return
            }
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                pad(indent + 1, &output)
                write(element, indent: indent + 1, into: &output)
                output.append(index == elements.count - 1 ? "\n" : ",\n")
            }
            pad(indent, &output)
            output.append("]")
        case .object(let object):
            if object.members.isEmpty {
                output.append("{}")
                return
            }
            output.append("{\n")
            for (index, member) in object.members.enumerated() {
                pad(indent + 1, &output)
                writeString(member.key, into: &output)
                output.append(": ")
                write(member.value, indent: indent + 1, into: &output)
                output.append(index == object.members.count - 1 ? "\n" : ",\n")
            }
            pad(indent, &output)
            output.append("}")
        }
    }

    private static func pad(_ level: Int, _ output: inout String) {
        output.append(String(repeating: "  ", count: level))
    }

    static func writeString(_ string: String, into output: inout String) {
        output.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}

extension JSONValue {
    /// The document as text, in the fixtures' layout.
    package var formatted: String { JSONWriter.write(self) }
}

extension JSONValue {
    /// The value as canonical JSON: members sorted by name (code points), no
    /// white space, numbers as written. Two copies of an item compare by it
    /// when their edits tie, so a merge does not depend on which copy is first.
    package var canonical: String {
        var output = ""
        writeCanonical(into: &output)
        return output
    }

    private func writeCanonical(into output: inout String) {
        switch self {
        case .null: output.append("null")
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .number(let number): output.append(number.literal)
        case .string(let string): JSONWriter.writeString(string, into: &output)
        case .array(let elements):
            output.append("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(",") }
                element.writeCanonical(into: &output)
            }
            output.append("]")
        case .object(let object):
            output.append("{")
            // UTF-8 byte order is code point order.
            let members = object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(",") }
                JSONWriter.writeString(member.key, into: &output)
                output.append(":")
                member.value.writeCanonical(into: &output)
            }
            output.append("}")
        }
    }
}
