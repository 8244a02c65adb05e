import CPluralRules
import Foundation
import ItineraryModel

/// The language a document is written in: its catalogue of words, the
/// locale that formats its dates, times and numbers (CLDR through
/// Foundation), its plural rules (CLDR through ICU), its writing direction
/// and its measurement system.
package struct Language: Sendable, Hashable {
    /// The tag as asked for, in canonical case: "de-AT"; it sets the formats.
    package let tag: String
    /// The catalogue's tag: "de" for "de-AT".
    package let catalogueTag: String
    /// Formats dates, times and numbers.
    package let locale: Locale
    /// Arabic and Hebrew: pages run right to left.
    package let isRightToLeft: Bool
    /// Distances for a trip that does not set its units: miles where the
    /// locale measures roads in miles (US, UK), else kilometres.
    package let defaultUnits: Units
    private let catalogue: Catalogue

    /// American English, the default.
    package static let english = Language(resolving: "en-US")!

    /// The pseudo-locale: English with accents, 40 % longer, in brackets, for finding clipped or untranslated text.
    package static let pseudoTag = "en-XA"

    /// The language for a BCP 47 tag: its own catalogue or the nearest one
    /// along its parents (`de-CH` → `de`, `zh-CN` → `zh-Hans`, `pt-PT` → `pt-BR`);
    /// nil when the tag is malformed or no catalogue is of its language.
    package init?(resolving tag: String) {
        guard let canonical = LanguageTag.canonical(tag) else { return nil }
        guard let catalogue = Catalogue.nearest(to: canonical) else { return nil }
        self.tag = canonical
        self.catalogueTag = catalogue.tag
        self.catalogue = catalogue
        let locale = Locale(identifier: canonical)
        self.locale = locale
        self.isRightToLeft = Locale(identifier: catalogue.tag).language.characterDirection == .rightToLeft
        self.defaultUnits =
            switch locale.measurementSystem {
            case .us, .uk: .imperial
            default: .metric
            }
    }

    /// The first language of an `Accept-Language` header that has a
    /// catalogue, by q-value then order; nil when none has one. Never fails:
    /// what cannot be read is passed over.
    package static func bestMatch(acceptLanguage header: String) -> Language? {
        var ranges: [(tag: String, q: Double, position: Int)] = []
        for (position, field) in header.split(separator: ",").enumerated() {
            let pieces = field.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { continue }
            var q = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
            }
            if q > 0 { ranges.append((tag, q, position)) }
        }
        ranges.sort { $0.q != $1.q ? $0.q > $1.q : $0.position < $1.position }
        for range in ranges.prefix(20) {
            if let language = Language(resolving: range.tag) { return language }
        }
        return nil
    }

    /// The languages there are catalogues for: tag and name in the language itself.
    package static var available: [(tag: String, name: String)] {
        Catalogue.tags.sorted().map { tag in
            (
                tag,
                tag == pseudoTag
                    ? "Pseudo-English (test)" : Locale(identifier: tag).localizedString(forIdentifier: tag) ?? tag
            )
        }
    }

    /// A message of the catalogue with its arguments filled in.
    package func text(_ key: MessageKey, _ arguments: [String: MessageValue] = [:]) -> String {
        guard let message = catalogue.messages[key] ?? Catalogue.english.messages[key] else { return key.rawValue }
        var out = ""
        append(message.parts, arguments: arguments, count: nil, to: &out)
        return catalogue.isPseudo ? Catalogue.pseudoWrap(out, literalLength: message.literalLength) : out
    }

    /// What stands between the parts of a line: " · ".
    package var separator: String { text(.separator) }

    /// A whole number in the language's digits and grouping: "1.204", "١٬٢٠٤".
    package func number(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// Text in upper case by the language's rules.
    package func uppercased(_ text: String) -> String {
        text.uppercased(with: locale)
    }

    /// Text in lower case by the language's rules.
    package func lowercased(_ text: String) -> String {
        text.lowercased(with: locale)
    }

    private func append(
        _ parts: [MessageFormat.Part], arguments: [String: MessageValue], count: Int?, to out: inout String
    ) {
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .number: out += count.map(number) ?? ""
            case .argument(let name):
                switch arguments[name] {
                case .text(let text): out += text
                case .number(let value): out += number(value)
                case nil: break
                }
            case .plural(let name, let exact, let categories):
                guard case .number(let value) = arguments[name] else { continue }
                let branch =
                    exact[value] ?? categories[PluralRules.category(of: value, in: catalogue.pluralLocale)]
                    ?? categories["other"] ?? []
                append(branch, arguments: arguments, count: value, to: &out)
            }
        }
    }

    package static func == (lhs: Language, rhs: Language) -> Bool { lhs.tag == rhs.tag }
    package func hash(into hasher: inout Hasher) { hasher.combine(tag) }
}

/// A value put into a message: text as it is, or a number in the language's digits (and for plurals, its category).
package enum MessageValue: Sendable, ExpressibleByStringLiteral {
    case text(String)
    case number(Int)

    package init(stringLiteral value: String) { self = .text(value) }
}

/// CLDR's plural categories, from ICU.
package enum PluralRules {
    /// "one", "few", "other", … for a whole number in a locale ("ru").
    package static func category(of number: Int, in locale: String) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = itinerary_plural_category(locale, Double(number), &buffer, Int32(buffer.count))
        guard length > 0 else { return "other" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every category the locale's rules have.
    package static func categories(in locale: String) -> Set<String> {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = itinerary_plural_categories(locale, &buffer, Int32(buffer.count))
        guard length > 0 else { return ["other"] }
        return Set(
            String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
                separator: " "
            ).map(String.init))
    }
}

/// BCP 47 tags: checked, put in canonical case, and walked to their parents.
package enum LanguageTag {
    /// "DE-at" → "de-AT", "zh-hans-cn" → "zh-Hans-CN"; nil for what is not a well-formed tag.
    package static func canonical(_ tag: String) -> String? {
        guard !tag.isEmpty, tag.utf8.count <= 64 else { return nil }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard
            subtags.allSatisfy({
                (1...8).contains($0.count)
                    && $0.unicodeScalars.allSatisfy {
                        $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    }
            })
        else { return nil }
        let language = subtags[0]
        guard (2...3).contains(language.count), language.unicodeScalars.allSatisfy(\.properties.isAlphabetic) else {
            return nil
        }
        var out = [language.lowercased()]
        var position = 1
        var inExtension = false
        for subtag in subtags.dropFirst() {
            defer { position += 1 }
            if inExtension || subtag.count == 1 {
                // Extensions and private use: kept, lower case.
                inExtension = true
                out.append(subtag.lowercased())
            } else if position == 1, subtag.count == 4, subtag.unicodeScalars.allSatisfy(\.properties.isAlphabetic) {
                out.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            } else if subtag.count == 2,
                subtag.unicodeScalars.allSatisfy(\.properties.isAlphabetic)
                    || subtag.count == 3 && subtag.allSatisfy(\.isNumber)
            {
                out.append(subtag.uppercased())
            } else if (5...8).contains(subtag.count) || subtag.count == 4 && subtag.first?.isNumber == true {
                out.append(subtag.lowercased())
            } else {
                return nil
            }
        }
        if inExtension, out.last?.count == 1 { return nil }
        return out.joined(separator: "-")
    }

    /// The tags to try for a catalogue, nearest first: the tag, its parents,
    /// then the same with the script and region CLDR's likely subtags add.
    static func candidates(_ canonical: String) -> [String] {
        var found: [String] = []
        func add(_ tag: String) { if !found.contains(tag) { found.append(tag) } }
        var parts = canonical.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            add(parts.joined(separator: "-"))
            parts.removeLast()
        }
        let language = Locale.Language(identifier: canonical)
        if let code = language.languageCode?.identifier {
            let maximal = Locale.Language(identifier: canonical).maximalIdentifier.split(separator: "-").map(
                String.init)
            let script = maximal.first { $0.count == 4 }
            let region = maximal.first { $0.count == 2 && $0 == $0.uppercased() }
            if let script, let region { add("\(code)-\(script)-\(region)") }
            if let region { add("\(code)-\(region)") }
            if let script { add("\(code)-\(script)") }
        }
        return found
    }
}
