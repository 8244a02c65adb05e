import Synchronization
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

/// A field name of the view as a small number, so finding a field compares
/// numbers, not strings. The view's own names are numbered first, so the
/// tables of its nodes stay small; any other name (a template's) when first
/// met. Past 65,535 names every further one is `absent`: no node holds it.
struct ViewField: Hashable, Sendable, ExpressibleByStringLiteral {
    let number: UInt16

    /// The number of names that no node holds.
    static let absentNumber = UInt16.max

    init(_ name: String) {
        number = Self.table.withLock { table in
            if let number = table.numbers[name] { return number }
            guard table.names.count < Int(Self.absentNumber) else { return Self.absentNumber }
            let number = UInt16(table.names.count)
            table.numbers[name] = number
            table.names.append(name)
            return number
        }
    }

    init(stringLiteral name: String) { self.init(name) }

    /// The field of this name, if any view or template has used it: one that
    /// none has cannot be in a node.
    static func existing(_ name: String) -> ViewField? {
        table.withLock { table in table.numbers[name].map { ViewField(number: $0) } }
    }

    private init(number: UInt16) { self.number = number }

    private static let table = Mutex<(numbers: [String: UInt16], names: [String])>({
        let names = viewNames
        return (Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt16($0)) }), names)
    }())

    /// Every name the trip's view uses, the ones below.
    private static let viewNames = ["address", "anchor", "arrows", "awayName", "category", "categoryName", "cities", "city", "confirmation", "customItems", "date", "dateRange", "day", "dayLabel", "daySheets", "days", "degrees", "details", "diagram", "distance", "fromCity", "games", "hasItems", "hasLine", "hasNotes", "hasRoute", "header", "height", "homeName", "icon", "id", "indent", "isCustom", "isEnd", "isGame", "isRest", "isStart", "isTravel", "itemCount", "items", "kind", "label", "labels", "lang", "layout", "left", "markers", "matchup", "mode", "modeName", "name", "noteLines", "notes", "number", "numbers", "pageSize", "points", "position", "radius", "restText", "role", "route", "routeDescription", "showsNumbers", "sport", "sportClass", "stadium", "statistics", "stopCount", "stopCountText", "stops", "summary", "teams", "text", "textY", "time", "title", "toCity", "top", "travel", "venue", "width", "x", "y"]

    // The names of the trip's view (Templates/README.md documents them).
    static let address = ViewField("address")
    static let anchor = ViewField("anchor")
    static let arrows = ViewField("arrows")
    static let awayName = ViewField("awayName")
    static let category = ViewField("category")
    static let categoryName = ViewField("categoryName")
    static let cities = ViewField("cities")
    static let city = ViewField("city")
    static let confirmation = ViewField("confirmation")
    static let customItems = ViewField("customItems")
    static let date = ViewField("date")
    static let dateRange = ViewField("dateRange")
    static let day = ViewField("day")
    static let dayLabel = ViewField("dayLabel")
    static let daySheets = ViewField("daySheets")
    static let days = ViewField("days")
    static let degrees = ViewField("degrees")
    static let details = ViewField("details")
    static let diagram = ViewField("diagram")
    static let distance = ViewField("distance")
    static let fromCity = ViewField("fromCity")
    static let games = ViewField("games")
    static let hasItems = ViewField("hasItems")
    static let hasLine = ViewField("hasLine")
    static let hasNotes = ViewField("hasNotes")
    static let hasRoute = ViewField("hasRoute")
    static let header = ViewField("header")
    static let height = ViewField("height")
    static let homeName = ViewField("homeName")
    static let icon = ViewField("icon")
    static let id = ViewField("id")
    static let indent = ViewField("indent")
    static let isCustom = ViewField("isCustom")
    static let isEnd = ViewField("isEnd")
    static let isGame = ViewField("isGame")
    static let isRest = ViewField("isRest")
    static let isStart = ViewField("isStart")
    static let isTravel = ViewField("isTravel")
    static let itemCount = ViewField("itemCount")
    static let items = ViewField("items")
    static let kind = ViewField("kind")
    static let label = ViewField("label")
    static let labels = ViewField("labels")
    static let lang = ViewField("lang")
    static let layout = ViewField("layout")
    static let left = ViewField("left")
    static let markers = ViewField("markers")
    static let matchup = ViewField("matchup")
    static let mode = ViewField("mode")
    static let modeName = ViewField("modeName")
    static let name = ViewField("name")
    static let noteLines = ViewField("noteLines")
    static let notes = ViewField("notes")
    static let number = ViewField("number")
    static let numbers = ViewField("numbers")
    static let pageSize = ViewField("pageSize")
    static let points = ViewField("points")
    static let position = ViewField("position")
    static let radius = ViewField("radius")
    static let restText = ViewField("restText")
    static let role = ViewField("role")
    static let route = ViewField("route")
    static let routeDescription = ViewField("routeDescription")
    static let showsNumbers = ViewField("showsNumbers")
    static let sport = ViewField("sport")
    static let sportClass = ViewField("sportClass")
    static let stadium = ViewField("stadium")
    static let statistics = ViewField("statistics")
    static let stopCount = ViewField("stopCount")
    static let stopCountText = ViewField("stopCountText")
    static let stops = ViewField("stops")
    static let summary = ViewField("summary")
    static let teams = ViewField("teams")
    static let text = ViewField("text")
    static let textY = ViewField("textY")
    static let time = ViewField("time")
    static let title = ViewField("title")
    static let toCity = ViewField("toCity")
    static let top = ViewField("top")
    static let travel = ViewField("travel")
    static let venue = ViewField("venue")
    static let width = ViewField("width")
    static let x = ViewField("x")
    static let y = ViewField("y")
}

/// The fields of an object of the view, in order, with the table from field
/// number to position a lookup reads. Objects of one shape (every game row,
/// every custom row) share one layout.
final class ViewLayout: Sendable {
    let fields: [ViewField]
    /// For each field number up to the largest here, 1 + its position (the
    /// last, when a name repeats), or 0 when the layout lacks it.
    let slots: [UInt8]

    init(_ fields: [ViewField]) {
        precondition(fields.count < Int(UInt8.max))
        self.fields = fields
        var slots = [UInt8](repeating: 0, count: Int(fields.lazy.map(\.number).max() ?? 0) + 1)
        for (index, field) in fields.enumerated() { slots[Int(field.number)] = UInt8(index + 1) }
        self.slots = slots
    }
}

/// One object of the view: named fields in the order they were given.
/// A template looks fields up far more often than the view makes them, so
/// a lookup is one read in the layout's table.
final class ViewNode: MustacheParent, Sendable {
    private let layout: ViewLayout
    private let values: [ViewValue]

    convenience init(_ fields: KeyValuePairs<ViewField, ViewValue>) {
        self.init(layout: ViewLayout(fields.map(\.key)), values: fields.map(\.value))
    }

    init(layout: ViewLayout, values: [ViewValue]) {
        precondition(layout.fields.count == values.count)
        self.layout = layout
        self.values = values
    }

    subscript(field: ViewField) -> ViewValue? {
        let number = Int(field.number)
        guard number < layout.slots.count else { return nil }
        let slot = Int(layout.slots[number])
        return slot == 0 ? nil : values[slot - 1]
    }

    func child(named name: String) -> Any? {
        ViewField.existing(name).flatMap { self[$0] }?.any
    }
}

/// Builds a `ViewNode` field by field, in a layout given ahead (each field
/// set must be the layout's next) or in one made from the fields set.
struct ViewFields {
    private let layout: ViewLayout?
    private var fields: [ViewField] = []
    private var values: [ViewValue] = []

    init(capacity: Int) {
        layout = nil
        fields.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    init(layout: ViewLayout) {
        self.layout = layout
        values.reserveCapacity(layout.fields.count)
    }

    mutating func set(_ field: ViewField, _ value: ViewValue) {
        if let layout {
            precondition(values.count < layout.fields.count && layout.fields[values.count] == field, "\(field) is not the layout's next field")
        } else {
            fields.append(field)
        }
        values.append(value)
    }

    var node: ViewNode { ViewNode(layout: layout ?? ViewLayout(fields), values: values) }
}
