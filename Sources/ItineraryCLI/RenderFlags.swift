import ArgumentParser
import Foundation
import ItineraryKit

/// The render options as flags, shared by `render` and `snapshot record`: each
/// value is typed, and the choices in the help (`allValueStrings`) and in a
/// mistake's message come from the option's type, written once in the library.
/// A mistake here is a usage error: the library's one sentence, exit 64
/// (`ExitCode.validationFailure`); a theme file that is wrong is wrong input,
/// said when it is read (exit 1).
struct RenderFlags: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How the document is divided: one flowing book, or each day on a new page.", valueName: "layout"))
    var layout: Choice<DocumentStyle>?

    @Option(name: .customLong("page-size"), help: ArgumentHelp("The paper.", valueName: "size"))
    var pageSize: Choice<PageSize>?

    @Option(
        help: ArgumentHelp(
            "Resolution of PNG pages, in dots per inch (\(Int(RenderOptions.dpiRange.lowerBound)) to "
                + "\(Int(RenderOptions.dpiRange.upperBound)); default 144).", valueName: "n"))
    /// Read by the library's parser, as the service reads `dpi=`: one sentence for a bad value in both.
    var dpi: String?

    @Option(
        help: ArgumentHelp(
            "The documents' language, a BCP 47 tag (de, pt-BR, ar-EG; `itinerary locales` lists them). "
                + "Default: the trip's locale, else en-US.",
            valueName: "tag"))
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "A theme file (JSON): the app's colours, font, logo and footer line; `itinerary schema --theme` "
                + "prints its schema.",
            valueName: "file"))
    var theme: String?

    @Flag(
        name: .customLong("pdf-a"),
        help: ArgumentHelp(
            "Make the PDF an archival one as well as PDF/UA-1: PDF/A-3a, as it carries its trip (PDF/A-2a with "
                + "--omit source)."))
    var pdfA = false

    @Option(
        help: ArgumentHelp(
            "Fields to leave out of every format, for a copy shared outside the trip (a comma list, or "
                + "repeat the option).",
            valueName: "fields"))
    var omit: [Choices<OmittedField>] = []

    @Option(
        help: ArgumentHelp(
            "The parts of the document, in the order it has them whatever the list's: cover (title and summary), "
                + "map, days, bookings (every confirmation on one page). Default: all; day sheets: days, and "
                + "bookings as a last sheet when asked.",
            valueName: "parts"))
    var sections: [Choices<Section>] = []

    @Flag(name: .customLong("day-per-page"), help: "Start each day of the book on a new page.")
    var dayPerPage = false

    @Option(
        name: .customLong("subscribe-url"),
        help: ArgumentHelp(
            "A calendar feed's URL (`itinerary feed-url` makes one): its QR code and a line saying what scanning "
                + "does, on the book's cover, the first day sheet and atop the HTML page.",
            valueName: "url"))
    var subscribeURL: String?

    /// The options without the theme, checked as the library checks them.
    func options() throws(Problem) -> RenderOptions {
        var options = RenderOptions()
        if let layout { options.layout = try layout.value() }
        if let pageSize { options.pageSize = try pageSize.value() }
        if let dpi { try options.set("dpi", to: dpi) }
        options.locale = locale
        options.pdfA = pdfA
        for list in omit { options.omit.formUnion(try list.values()) }
        if !sections.isEmpty {
            var chosen: Set<Section> = []
            for list in sections { chosen.formUnion(try list.values()) }
            options.sections = chosen
        }
        options.dayPerPage = dayPerPage
        options.subscribeURL = subscribeURL
        try options.check()
        return options
    }

    /// The options with the theme file read.
    func optionsWithTheme() throws(Problem) -> RenderOptions {
        var options = try options()
        if let theme { options.theme = try Theme(contentsOf: theme) }
        return options
    }
}

/// The PDF's passwords, as files: `render` locks the PDF with them; `snapshot record` takes
/// them only to say they change no page.
struct PasswordFlags: ParsableArguments {
    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp(
            "Lock the PDF with the password this file holds (its first line; never on the command line, where "
                + "ps shows it): AES-256, printing, copying and screen readers allowed. Not with --pdf-a.",
            valueName: "file"))
    var passwordFile: String?

    @Option(
        name: .customLong("owner-password-file"),
        help: ArgumentHelp(
            "The PDF's permissions password, from this file (default: the --password-file one).", valueName: "file"))
    var ownerPasswordFile: String?

    func validate() throws {
        if ownerPasswordFile != nil && passwordFile == nil {
            throw ValidationError("--owner-password-file needs --password-file: the password that opens the PDF.")
        }
    }

    /// The options with a password, when one is asked for, so the library says whether one may be
    /// given at all (not with --pdf-a) before the file is read: a stand-in here, the file's bytes in
    /// `passwords()`.
    func checked(_ options: RenderOptions) throws(Problem) -> RenderOptions {
        var options = options
        guard passwordFile != nil else { return options }
        options.password = (user: Array("password".utf8), owner: nil)
        try options.check()
        return options
    }

    /// The passwords the files hold, each its file's first line; nil without --password-file.
    func passwords() throws(PasswordFileProblem) -> (user: [UInt8], owner: [UInt8]?)? {
        guard let passwordFile else { return nil }
        return (
            try Self.password(passwordFile),
            try ownerPasswordFile.map { path throws(PasswordFileProblem) in
                try Self.password(path)
            }
        )
    }

    static func password(_ path: String) throws(PasswordFileProblem) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw PasswordFileProblem(path: path) }
        // The first line, without its end: files made by `echo` or an editor end in a newline.
        var line = Array(data.prefix { $0 != 0x0A })
        if line.last == 0x0D { line.removeLast() }
        return line
    }
}

/// A password file that cannot be read.
struct PasswordFileProblem: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot read the password file \(path): no such file, or no permission." }
}

/// One of an option's choices as given: its help lists the choices, and a value
/// that is none of them gets the library's sentence when the command runs (not
/// swift-argument-parser's, so that a flag, a query parameter and a library
/// call say the same thing).
struct Choice<Value: CaseIterable & RawRepresentable>: ExpressibleByArgument where Value.RawValue == String {
    let text: String

    init?(argument: String) { text = argument }

    static var allValueStrings: [String] { RenderOptions.choices(of: Value.self) }

    func value() throws(Problem) -> Value {
        try RenderOptions.choice(text, of: Value.self)
    }
}

/// A comma list of an option's choices (`--omit notes,addresses`, `-f pdf,html`).
struct Choices<Value: CaseIterable & RawRepresentable>: ExpressibleByArgument where Value.RawValue == String {
    let parts: [String]

    init?(argument: String) {
        parts = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    static var allValueStrings: [String] { RenderOptions.choices(of: Value.self) }

    func values() throws(Problem) -> [Value] {
        var values: [Value] = []
        for part in parts { values.append(try Choice<Value>(argument: part)!.value()) }
        return values
    }
}
