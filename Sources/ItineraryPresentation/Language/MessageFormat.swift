/// One catalogue message in ICU MessageFormat: literal text, `{name}`
/// arguments and `{name, plural, one {…} other {…}}` choices with `#` for
/// the number. That subset is all the catalogues use; the parser refuses
/// anything else, so a translator's slip fails the catalogue test rather
/// than printing braces. (Foundation has no MessageFormat on Linux and ICU's
/// C `umsg_*` calls are variadic; docs/languages.md says more.)
package struct MessageFormat: Sendable, Hashable {
    package indirect enum Part: Sendable, Hashable {
        case literal(String)
        /// `{name}`: an argument's text, or its number in the language's digits.
        case argument(String)
        /// `#` inside a plural branch: the number being counted.
        case number
        /// `{name, plural, …}`: branches by exact value (`=0`) or CLDR category.
        case plural(String, exact: [Int: [Part]], categories: [String: [Part]])
    }

    package let parts: [Part]

    package init(_ source: String) throws(MessageFormatError) {
        var parser = Parser(Array(source.unicodeScalars))
        parts = try parser.parts(inPlural: false)
        guard parser.atEnd else { throw MessageFormatError("an unmatched \"}\"") }
    }

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// The argument names the message uses, plural arguments included.
    package var argumentNames: Set<String> {
        func names(_ parts: [Part]) -> Set<String> {
            parts.reduce(into: []) { names, part in
                switch part {
                case .literal, .number: break
                case .argument(let name): names.insert(name)
                case .plural(let name, let exact, let categories):
                    names.insert(name)
                    for branch in exact.values { names.formUnion(namesIn(branch)) }
                    for branch in categories.values { names.formUnion(namesIn(branch)) }
                }
            }
        }
        func namesIn(_ parts: [Part]) -> Set<String> { names(parts) }
        return names(parts)
    }

    /// The CLDR categories each plural argument has branches for.
    package var pluralCategories: [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        func visit(_ parts: [Part]) {
            for case .plural(let name, let exact, let categories) in parts {
                found[name, default: []].formUnion(categories.keys)
                exact.values.forEach(visit)
                categories.values.forEach(visit)
            }
        }
        visit(parts)
        return found
    }

    /// The same message with every literal changed by `transform` (the pseudo-locale's accents).
    package func mappingLiterals(_ transform: (String) -> String) -> MessageFormat {
        func map(_ parts: [Part]) -> [Part] {
            parts.map { part in
                switch part {
                case .literal(let text): .literal(transform(text))
                case .argument, .number: part
                case .plural(let name, let exact, let categories):
                    .plural(name, exact: exact.mapValues(map), categories: categories.mapValues(map))
                }
            }
        }
        return MessageFormat(parts: map(parts))
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index == scalars.count }

        /// Parts up to the end, or up to the `}` closing a plural branch.
        mutating func parts(inPlural: Bool) throws(MessageFormatError) -> [Part] {
            var parts: [Part] = []
            var text = String.UnicodeScalarView()
            func flush() {
                if !text.isEmpty { parts.append(.literal(String(text))); text = String.UnicodeScalarView() }
            }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "'":
                    // ICU quoting: '' is an apostrophe; '{…}' is literal text; else a plain apostrophe.
                    if index + 1 < scalars.count, scalars[index + 1] == "'" {
                        text.append("'"); index += 2
                    } else if index + 1 < scalars.count, "{}#|".unicodeScalars.contains(scalars[index + 1]) {
                        index += 1
                        while index < scalars.count {
                            if scalars[index] == "'" {
                                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                                    text.append("'"); index += 2; continue
                                }
                                break
                            }
                            text.append(scalars[index]); index += 1
                        }
                        guard index < scalars.count else { throw MessageFormatError("an unclosed quotation") }
                        index += 1
                    } else {
                        text.append("'"); index += 1
                    }
                case "#" where inPlural:
                    flush(); parts.append(.number); index += 1
                case "{":
                    flush(); index += 1
                    parts.append(try argument())
                case "}":
                    guard inPlural else { throw MessageFormatError("an unmatched \"}\"") }
                    flush()
                    return parts
                default:
                    text.append(scalar); index += 1
                }
            }
            guard !inPlural else { throw MessageFormatError("an unclosed plural branch") }
            flush()
            return parts
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }

        mutating func word() -> String {
            skipSpaces()
            var word = String.UnicodeScalarView()
            while index < scalars.count,
                scalars[index] == "=" || scalars[index] == "_" || scalars[index].properties.isAlphabetic
                    || ("0"..."9").contains(scalars[index])
            {
                word.append(scalars[index]); index += 1
            }
            skipSpaces()
            return String(word)
        }

        /// After `{`: `name}` or `name, plural, branches}`.
        mutating func argument() throws(MessageFormatError) -> Part {
            let name = word()
            guard !name.isEmpty else { throw MessageFormatError("an argument without a name") }
            guard index < scalars.count else { throw MessageFormatError("an unclosed argument {\(name)") }
            if scalars[index] == "}" { index += 1; return .argument(name) }
            guard scalars[index] == "," else { throw MessageFormatError("an unexpected character in {\(name)…}") }
            index += 1
            let type = word()
            guard type == "plural" else {
                throw MessageFormatError("the argument type \"\(type)\" in {\(name)…}; only plural is known")
            }
            guard index < scalars.count, scalars[index] == "," else {
                throw MessageFormatError("a plural {\(name)…} without branches")
            }
            index += 1
            var exact: [Int: [Part]] = [:], categories: [String: [Part]] = [:]
            while true {
                let selector = word()
                if selector.isEmpty {
                    guard index < scalars.count, scalars[index] == "}" else {
                        throw MessageFormatError("a plural branch without a selector in {\(name)…}")
                    }
                    index += 1
                    break
                }
                guard index < scalars.count, scalars[index] == "{" else {
                    throw MessageFormatError("the plural selector \"\(selector)\" without a branch")
                }
                index += 1
                let branch = try parts(inPlural: true)
                index += 1
                if selector.hasPrefix("=") {
                    guard let value = Int(selector.dropFirst()) else {
                        throw MessageFormatError("the plural selector \"\(selector)\"")
                    }
                    exact[value] = branch
                } else {
                    guard Self.categories.contains(selector) else {
                        throw MessageFormatError(
                            "the plural category \"\(selector)\"; CLDR's are zero, one, two, few, many and other")
                    }
                    categories[selector] = branch
                }
            }
            guard categories["other"] != nil else {
                throw MessageFormatError("a plural {\(name)…} without an \"other\" branch")
            }
            return .plural(name, exact: exact, categories: categories)
        }

        static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    }
}

/// What is wrong with a catalogue message, as the end of a sentence: "an unclosed argument {day".
package struct MessageFormatError: Error, CustomStringConvertible, Sendable {
    package let description: String
    init(_ description: String) { self.description = description }
}

extension MessageFormat {
    /// The characters of the message's own words, for the pseudo-locale's padding.
    var literalLength: Int {
        func length(_ parts: [Part]) -> Int {
            parts.reduce(0) { total, part in
                switch part {
                case .literal(let text): total + text.count
                case .argument, .number: total
                case .plural(_, _, let categories): total + (categories["other"].map(length) ?? 0)
                }
            }
        }
        return length(parts)
    }
}
