import Foundation
import ItineraryModel
import ItineraryPDF
import ItineraryPresentation

/// The paper a document is set for: `letter` or `a4` (defined once, by the
/// stage that sets pages, and used as it is by every stage and by you).
public typealias PageSize = ItineraryPresentation.PageSize

/// How a printed document is divided: `book` or `daySheets`.
public typealias DocumentStyle = ItineraryPresentation.DocumentStyle

/// A part of a document: `cover`, `map`, `days` or `bookings`.
public typealias Section = ItineraryPresentation.Section

/// A kind of field a traveller may leave out of a trip they share: `confirmations`, `notes` or `addresses`.
public typealias OmittedField = ItineraryPresentation.OmittedField

extension RenderOptions {
    /// The PNG resolutions `dpi` may take, in dots per inch: the painter's (`TripDocument.dpiRange`).
    public static var dpiRange: ClosedRange<Double> { TripDocument.dpiRange }

    /// "18 to 600", as help texts and messages say the range.
    package static var dpiChoices: String { "\(Int(dpiRange.lowerBound)) to \(Int(dpiRange.upperBound))" }
}

/// An option whose value is one of a list: each list is its type's cases, written
/// once, and its messages, the command line's help and the service's OpenAPI
/// document all come from it.
package protocol OptionChoices: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// The option's name as the service and `RenderOptions.set` spell it: `pageSize`.
    static var parameter: String { get }
    /// What a value of this option is called in a sentence: "page size".
    static var noun: String { get }
    /// The sentence for a value that is none of the choices.
    static func unknownSentence(_ value: String) -> String
    /// A value as people write it. The names listed in help, messages and the OpenAPI document are the
    /// cases' raw values; an alias this also takes (`markdown` for `md`) is accepted but listed nowhere.
    init?(choice: String)
}

extension OptionChoices {
    /// "letter or a4", "pdf, png, html, md, ics or gpx".
    package static var choiceList: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// "unknown page size "b5"; choose letter or a4."
    package static func unknownSentence(_ value: String) -> String {
        "unknown \(noun) \"\(value.shownInMessage)\"; choose \(choiceList)."
    }

    /// A value as people write it: its raw value in any case, spaces around ignored.
    package init?(choice: String) {
        self.init(rawValue: choice.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

extension PageSize: OptionChoices {
    package static var parameter: String { "pageSize" }
    package static var noun: String { "page size" }
}

extension DocumentStyle: OptionChoices {
    package static var parameter: String { "layout" }
    package static var noun: String { "layout" }
}

extension OmittedField: OptionChoices {
    package static var parameter: String { "omit" }
    package static var noun: String { "field to leave out" }
    package static func unknownSentence(_ value: String) -> String {
        "cannot leave out \"\(value.shownInMessage)\"; choose \(choiceList)."
    }
}

extension Section: OptionChoices {
    package static var parameter: String { "sections" }
    package static var noun: String { "part" }
}

extension OutputFormat: OptionChoices {
    package static var parameter: String { "format" }
    package static var noun: String { "format" }
}

extension RenderOptions {
    /// The options `set(_:to:)` knows, by their names in the service's spelling.
    package enum Option: String, CaseIterable {
        case layout, pageSize, dpi, omit, locale, pdfA, theme, sections, dayPerPage, game

        /// An option by either of its names: `pageSize` (query parameters, JSON) or `page-size` (flags).
        init?(_ name: String) {
            guard let option = Self.allCases.first(where: { $0.rawValue == name || $0.flag == name }) else {
                return nil
            }
            self = option
        }

        /// The command line's spelling: `page-size`.
        package var flag: String {
            switch self {
            case .pageSize: "page-size"
            case .pdfA: "pdf-a"
            case .dayPerPage: "day-per-page"
            default: rawValue
            }
        }
    }
}

/// Every sentence about a render option, in one place: the command line, the
/// service and the library say the same thing about the same mistake.
package enum OptionProblems {
    static func unknownOption(_ name: String) -> Problem {
        let names = RenderOptions.Option.allCases.map(\.rawValue).joined(separator: ", ")
        return Problem(
            code: .badOption, location: name.shownInMessage,
            "there is no option \"\(name.shownInMessage)\"; the options are \(names).")
    }

    /// "unknown page size "b5"; choose letter or a4.", and the same for every option that is a choice.
    package static func unknown<Choice: OptionChoices>(_ choice: Choice.Type, _ value: String) -> Problem {
        Problem(code: .badOption, location: Choice.parameter, Choice.unknownSentence(value))
    }

    static func badDPI(_ value: String) -> Problem {
        Problem(
            code: .badOption, location: "dpi",
            "the PNG resolution must be a number of dots per inch from \(RenderOptions.dpiChoices), "
                + "not \"\(value.shownInMessage)\"."
        )
    }

    /// An empty `sections`: a document of nothing.
    static func noSections() -> Problem {
        Problem(code: .badOption, location: "sections", "give at least one part; choose \(Section.choiceList).")
    }

    static func passwordWithPDFA() -> Problem {
        Problem(
            code: .badOption, location: "password",
            "a PDF/A file cannot have a password, as PDF/A forbids encryption; leave out one or the other.")
    }

    static func emptyPassword() -> Problem {
        Problem(
            code: .badOption, location: "password", "the PDF's password is empty; give one of at least a character.")
    }

    static func badSubscribeURL(_ value: String) -> Problem {
        Problem(
            code: .badOption, location: "subscribeURL",
            "the calendar's URL must start with https://, http:// or webcal://, not \"\(value.shownInMessage)\".")
    }

    static func subscribeURLTooLong() -> Problem {
        Problem(code: .badOption, location: "subscribeURL", "the calendar's URL is too long for a QR code.")
    }

    /// `snapshot record` with a password: it locks the PDF, and references are pages.
    static func passwordInSnapshot() -> Problem {
        Problem(
            code: .badOption, location: "password",
            "a password locks the PDF but does not change its pages; record the snapshots without one.")
    }

    /// `snapshot record` of PNG pages with templates, which make only the HTML and Markdown.
    static func templatesForPages() -> Problem {
        Problem(
            code: .badOption, location: "templates",
            "templates make the HTML and Markdown, not the PNG pages; record the html or md format to test them.")
    }

    static func noGame() -> Problem {
        Problem(code: .badOption, location: "game", "game takes the id of one of the trip's games.")
    }

    static func notABoolean(_ name: String, _ value: String) -> Problem {
        Problem(code: .badOption, location: name, "\(name) is true or false, not \"\(value.shownInMessage)\".")
    }

    static func unknownLocale(_ value: String) -> Problem {
        let tags = Language.available.map(\.tag).joined(separator: ", ")
        let what =
            LanguageTag.canonical(value.trimmingCharacters(in: .whitespaces)) == nil
            ? "\"\(value.shownInMessage)\" is not a language tag (BCP 47, such as de or pt-BR)"
            : "there is no catalogue for \"\(value.shownInMessage)\" or its parents"
        return Problem(code: .badOption, location: "locale", "\(what); the languages are \(tags).")
    }
}
