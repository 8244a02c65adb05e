import ItineraryWeb

/// A set of Mustache templates for HTML and Markdown: the built-in ones, or a
/// folder of your own laid out as the project's `Templates/` (`html/`, `markdown/`).
public struct TripTemplates: Sendable {
    package let templates: MustacheTemplates
    /// The folder they were read from; nil for the built-in ones.
    package let directory: String?

    /// The templates built into the library.
    public static let bundled = TripTemplates(templates: .bundled)

    package init(templates: MustacheTemplates, directory: String? = nil) {
        self.templates = templates
        self.directory = directory
    }

    /// Reads and parses every template of a folder.
    /// - Throws: `Problem` with code `badTemplate`, the file, line and column as its location, and a sentence.
    public init(directory: String) throws(Problem) {
        do {
            templates = try MustacheTemplates(directory: directory)
            self.directory = directory
        } catch {
            var location = error.file
            if let line = error.line { location += ":\(line)" + (error.column.map { ":\($0)" } ?? "") }
            throw Problem(code: .badTemplate, location: location, error.description)
        }
    }
}
