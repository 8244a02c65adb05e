internal import Mustache

/// One value of the view the templates see.
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

/// One object of the view: named fields, as swift-mustache looks them up.
final class ViewNode: MustacheParent, Sendable {
    let fields: [String: ViewValue]

    init(_ fields: [String: ViewValue]) {
        self.fields = fields
    }

    subscript(name: String) -> ViewValue? { fields[name] }

    func child(named name: String) -> Any? {
        fields[name]?.any
    }
}
