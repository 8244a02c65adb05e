/// The tags of a template with their lines, read with the default `{{ }}`
/// delimiters: enough to check that partials exist and to say where a
/// section was opened when the parser only knows where the file ended.
struct TemplateTags {
    struct Tag {
        let name: String
        let line: Int
        let column: Int
        /// `{{#x}}` and `{{^x}}` open; `{{/x}}` closes.
        let opens: Bool
    }

    private(set) var partials: [Tag] = []
    private(set) var sectionTags: [Tag] = []

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var line = 1, lineStart = 0
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\n" {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard index + 2 < scalars.count, scalars[index] == "{", scalars[index + 1] == "{" else {
                index += 1
                continue
            }
            let sigil = scalars[index + 2]
            var cursor = index + 3
            while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
            var name = String.UnicodeScalarView()
            while cursor < scalars.count, scalars[cursor] != "}", scalars[cursor] != " ", scalars[cursor] != "\n" {
                name.append(scalars[cursor])
                cursor += 1
            }
            let tag = Tag(name: String(name), line: line, column: index - lineStart + 1, opens: sigil != "/")
            switch sigil {
            case ">", "<":
                if !tag.name.hasPrefix("*") && !tag.name.isEmpty { partials.append(tag) }
            case "#", "^", "/":
                sectionTags.append(tag)
            default:
                break
            }
            index += 2
        }
    }

    /// The innermost section still open at the end of the text.
    var unclosedSection: Tag? {
        var stack: [Tag] = []
        for tag in sectionTags {
            if tag.opens {
                stack.append(tag)
            } else if let last = stack.last, last.name == tag.name {
                stack.removeLast()
            } else {
                // A stray close: the parser reports that one instead.
                return stack.last
            }
        }
        return stack.last
    }

    /// The innermost section open just before a position.
    func openSection(before line: Int, column: Int) -> Tag? {
        var stack: [Tag] = []
        for tag in sectionTags where tag.line < line || (tag.line == line && tag.column < column - 3) {
            if tag.opens { stack.append(tag) } else if stack.last?.name == tag.name { stack.removeLast() }
        }
        return stack.last
    }
}
