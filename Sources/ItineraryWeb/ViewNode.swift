internal import Mustache

/// One value of the view the templates see. Typed, so the compiled renderer
/// never asks a value what it is at run time.
enum ViewValue: Sendable {
    case text(String)
    case number(Int)
    case flag(Bool)
    case node(ViewNode)
    case nodes([ViewNode])
    case texts([String])

    /// The same value as swift-mustache expects it.
    var any: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .node(let node): node
        case .nodes(let nodes): nodes
        case .texts(let texts): texts
        }
    }

    /// A text, or `false` when there is none: the view never leaves a field out.
    static func text(or value: String?) -> ViewValue {
        value.map { .text($0) } ?? .flag(false)
    }
}

extension ViewValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .flag(value) }
}

/// One object of the view: named fields in the order they were given.
/// Field names are short, so finding one by comparing names in turn is
/// faster than hashing them; an object has at most a few dozen.
final class ViewNode: MustacheParent, Sendable {
    private let names: [String]
    private let values: [ViewValue]

    init(_ fields: KeyValuePairs<String, ViewValue>) {
        names = fields.map(\.key)
        values = fields.map(\.value)
    }

    init(names: [String], values: [ViewValue]) {
        precondition(names.count == values.count)
        self.names = names
        self.values = values
    }

    subscript(name: String) -> ViewValue? {
        // The last of a repeated name wins, as in a dictionary built in order.
        var index = names.count - 1
        while index >= 0 {
            // Lengths first: most names compared differ in length, and their == is dearer.
            if names[index].utf8.count == name.utf8.count, names[index] == name { return values[index] }
            index -= 1
        }
        return nil
    }

    func child(named name: String) -> Any? {
        self[name]?.any
    }
}

/// Builds a `ViewNode` field by field.
struct ViewFields {
    private(set) var names: [String] = []
    private(set) var values: [ViewValue] = []

    init(capacity: Int) {
        names.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    mutating func set(_ name: String, _ value: ViewValue) {
        names.append(name)
        values.append(value)
    }

    var node: ViewNode { ViewNode(names: names, values: values) }
}
