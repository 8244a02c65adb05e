/// The files of Templates/ as built into the binary. A test checks that this
/// list names every file there, so a template added to the folder is not
/// silently left out.
enum BundledTemplates {
    static let files: [MustacheTemplates.Format: [(name: String, bytes: [UInt8])]] = [
        .html: [
            ("trip.html.mustache", PackageResources.trip_html_mustache),
            ("style.css.mustache", PackageResources.style_css_mustache),
            ("route.html.mustache", PackageResources.route_html_mustache),
            ("day.html.mustache", PackageResources.day_html_mustache),
            ("game.html.mustache", PackageResources.game_html_mustache),
            ("travel.html.mustache", PackageResources.travel_html_mustache),
            ("custom.html.mustache", PackageResources.custom_html_mustache),
        ],
        .markdown: [
            ("trip.md.mustache", PackageResources.trip_md_mustache),
            ("day.md.mustache", PackageResources.day_md_mustache),
            ("game.md.mustache", PackageResources.game_md_mustache),
            ("travel.md.mustache", PackageResources.travel_md_mustache),
            ("custom.md.mustache", PackageResources.custom_md_mustache),
            ("notes.md.mustache", PackageResources.notes_md_mustache),
        ],
    ]

    /// The templates by format and name, each labelled with its path in the repository.
    static var sources: [MustacheTemplates.Format: [String: TemplateSource]] {
        files.mapValues { files in
            Dictionary(
                uniqueKeysWithValues: files.map { file in
                    (
                        MustacheTemplates.templateName(file.name),
                        TemplateSource(
                            file: "Templates/\(formatFolder(file.name))/\(file.name) (built in)",
                            text: String(decoding: file.bytes, as: UTF8.self))
                    )
                })
        }
    }

    private static func formatFolder(_ fileName: String) -> String {
        fileName.hasSuffix(".md.mustache") ? "markdown" : "html"
    }
}
