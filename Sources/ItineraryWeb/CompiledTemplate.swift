import ItineraryModel

/// A template compiled for the part of Mustache the trip templates use —
/// variables, sections, inverted sections, partials and comments, with the
/// specification's standalone-line rules — and rendered over `ViewNode`
/// trees without swift-mustache's dynamic casts on every lookup, which made
/// up most of the time of a large trip.
///
/// swift-mustache still parses every template (its errors name the file and
/// line) and renders any template this compiler does not take: set
/// delimiters, inheritance, transforms, indented standalone partials.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(path: [ViewField], escaped: Bool)
        case section(path: [ViewField], inverted: Bool, children: [Node])
        case partial(String)
    }

    let nodes: [Node]

    /// The compiled template, or nil when it uses something outside the subset.
    init?(_ source: String) {
        var tokens: [Token] = []
        guard Self.tokenize(Array(source.utf8), into: &tokens) else { return nil }
        var position = 0
        guard let nodes = Self.build(tokens, &position, closing: nil), position == tokens.count else { return nil }
        self.nodes = nodes
    }

    private enum Token {
        case text(String)
        case variable(String, escaped: Bool)
        case open(String, inverted: Bool)
        case close(String)
        case partial(String)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Splits a template into text and tags, dropping the lines of standalone tags.
    private static func tokenize(_ bytes: [UInt8], into tokens: inout [Token]) -> Bool {
        let count = bytes.count
        var textStart = 0
        var index = 0
        func text(_ range: Range<Int>) {
            if !range.isEmpty { tokens.append(.text(String(decoding: bytes[range], as: UTF8.self))) }
        }
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var at = start
            while at + pattern.count <= count {
                if bytes[at] == pattern[0] && bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
                at += 1
            }
            return nil
        }
        while index + 1 < count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let token: Token?
            let tagEnd: Int
            var canStandAlone = false
            if index + 2 < count, bytes[index + 2] == UInt8(ascii: "{") {
                guard let end = find(Array("}}}".utf8), from: index + 3) else { return false }
                guard let name = name(bytes[(index + 3)..<end]) else { return false }
                token = .variable(name, escaped: false)
                tagEnd = end + 3
            } else {
                guard let end = find(Array("}}".utf8), from: index + 2), end > index + 2 else { return false }
                let sigil = bytes[index + 2]
                let body = bytes[(index + 3)..<end]
                tagEnd = end + 2
                switch sigil {
                case UInt8(ascii: "!"):
                    token = nil
                    canStandAlone = true
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    guard let name = name(body) else { return false }
                    token = .open(name, inverted: sigil == UInt8(ascii: "^"))
                    canStandAlone = true
                case UInt8(ascii: "/"):
                    guard let name = name(body) else { return false }
                    token = .close(name)
                    canStandAlone = true
                case UInt8(ascii: ">"):
                    guard let name = name(body) else { return false }
                    token = .partial(name)
                    canStandAlone = true
                case UInt8(ascii: "&"):
                    guard let name = name(body) else { return false }
                    token = .variable(name, escaped: false)
                case UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                    return false
                default:
                    guard let name = name(bytes[(index + 2)..<end]) else { return false }
                    token = .variable(name, escaped: true)
                }
            }
            var lineStart = index
            while lineStart > 0, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
            var after = tagEnd
            while after < count, isBlank(bytes[after]) { after += 1 }
            let startsLine = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
            let endsLine = after == count || bytes[after] == UInt8(ascii: "\n")
                || (bytes[after] == UInt8(ascii: "\r") && after + 1 < count && bytes[after + 1] == UInt8(ascii: "\n"))
            if canStandAlone, startsLine, endsLine, lineStart >= textStart {
                // An indented standalone partial indents its lines: left to swift-mustache.
                if case .partial = token, lineStart < index { return false }
                text(textStart..<lineStart)
                textStart = after == count ? count : after + (bytes[after] == UInt8(ascii: "\r") ? 2 : 1)
            } else {
                text(textStart..<index)
                textStart = tagEnd
            }
            if let token { tokens.append(token) }
            index = max(textStart, tagEnd)
        }
        text(textStart..<count)
        return true
    }

    /// A tag's name without spaces; nil for what the subset does not take
    /// (transforms, names that start with a dot other than `.` itself).
    private static func name(_ body: ArraySlice<UInt8>) -> String? {
        let trimmed = body.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
        guard !trimmed.isEmpty else { return nil }
        let name = String(decoding: trimmed, as: UTF8.self)
        if name == "." { return name }
        guard !name.hasPrefix("."), !name.contains("("), !name.contains(" ") else { return nil }
        return name
    }

    private static func build(_ tokens: [Token], _ position: inout Int, closing: String?) -> [Node]? {
        var nodes: [Node] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let text): nodes.append(.text(Array(text.utf8)))
            case .variable(let name, let escaped): nodes.append(.variable(path: path(name), escaped: escaped))
            case .partial(let name): nodes.append(.partial(name))
            case .open(let name, let inverted):
                guard let children = build(tokens, &position, closing: name) else { return nil }
                nodes.append(.section(path: path(name), inverted: inverted, children: children))
            case .close(let name):
                return name == closing ? nodes : nil
            }
        }
        return closing == nil ? nodes : nil
    }

    private static func path(_ name: String) -> [ViewField] {
        name == "." ? [] : name.split(separator: ".").map { ViewField(String($0)) }
    }
}

/// Renders compiled templates into UTF-8 bytes, looking names up the
/// context stack as Mustache does.
struct CompiledRenderer: Sendable {
    enum Escaping: Sendable {
        /// `& < > " '`, as Mustache's HTML escaping.
        case html
        /// Values as they are (Markdown's view is escaped already).
        case none
    }

    let templates: [String: CompiledTemplate]
    let escaping: Escaping

    /// Lists at least this long are rendered in two halves at once.
    static let parallelListLength = 64

    /// The UTF-8 text of a template rendered over a view.
    func render(_ name: String, _ root: ViewNode) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        var stack: [ViewValue] = [.node(root)]
        render(templates[name]?.nodes ?? [], &stack, into: &output, parallel: true)
        return output
    }

    private func render(_ nodes: [CompiledTemplate.Node], _ stack: inout [ViewValue], into output: inout [UInt8], parallel: Bool) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text)
            case .variable(let path, let escaped):
                guard let value = lookup(path, stack) else { continue }
                append(value, escaped: escaped && escaping == .html, to: &output)
            case .partial(let name):
                if let partial = templates[name] { render(partial.nodes, &stack, into: &output, parallel: parallel) }
            case .section(let path, let inverted, let children):
                let value = lookup(path, stack)
                if inverted {
                    if Self.isFalsey(value) { render(children, &stack, into: &output, parallel: parallel) }
                    continue
                }
                switch value {
                case nil:
                    continue
                case .flag(let flag)?:
                    if flag { render(children, &stack, into: &output, parallel: parallel) }
                case .nodes(let list)?:
                    if parallel, list.count >= Self.parallelListLength {
                        renderInParallel(list, children, stack, into: &output)
                    } else {
                        for element in list {
                            stack.append(.node(element))
                            render(children, &stack, into: &output, parallel: parallel)
                            stack.removeLast()
                        }
                    }
                case .texts(let list)?:
                    for element in list {
                        stack.append(.text(element))
                        render(children, &stack, into: &output, parallel: parallel)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    render(children, &stack, into: &output, parallel: parallel)
                    stack.removeLast()
                }
            }
        }
    }

    /// A long list (a year's days) in two halves on two threads, joined in order.
    private func renderInParallel(_ list: [ViewNode], _ children: [CompiledTemplate.Node], _ stack: [ViewValue], into output: inout [UInt8]) {
        let parts = Parallel.parts(of: list.count, minimum: 2) { range in
            var part: [UInt8] = []
            part.reserveCapacity(1 << 16)
            var stack = stack
            for element in list[range] {
                stack.append(.node(element))
                render(children, &stack, into: &part, parallel: false)
                stack.removeLast()
            }
            return part
        }
        for part in parts { output.append(contentsOf: part) }
    }

    private static func isFalsey(_ value: ViewValue?) -> Bool {
        switch value {
        case nil: true
        case .flag(let flag)?: !flag
        case .nodes(let list)?: list.isEmpty
        case .texts(let list)?: list.isEmpty
        default: false
        }
    }

    private func lookup(_ path: [ViewField], _ stack: [ViewValue]) -> ViewValue? {
        guard let first = path.first else { return stack.last }
        var level = stack.count - 1
        while level >= 0 {
            defer { level -= 1 }
            guard case .node(let node) = stack[level], let value = node[first] else { continue }
            var current = value
            for name in path.dropFirst() {
                guard case .node(let node) = current, let next = node[name] else { return nil }
                current = next
            }
            return current
        }
        return nil
    }

    private func append(_ value: ViewValue, escaped: Bool, to output: inout [UInt8]) {
        switch value {
        case .text(let text):
            if escaped { HTMLText.appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case .number(let number):
            output.append(contentsOf: String(number).utf8)
        case .flag(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        default:
            let text = String(describing: value.any)
            if escaped { HTMLText.appendEscaped(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        }
    }
}
