import ArgumentParser
import Foundation
import ItineraryKit

struct Locales: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales",
        abstract: "List the languages documents can be written in: BCP 47 tag and name.",
        discussion: "Give a tag to --locale; a tag with no catalogue of its own uses its nearest parent's "
            + "(de-CH → de)."
    )

    func run() throws {
        for language in RenderOptions.languages {
            Console.out(language.tag.padding(toLength: 9, withPad: " ", startingAt: 0) + language.name)
        }
    }
}
