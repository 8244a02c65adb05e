import ItineraryKit
import ArgumentParser

struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Print the built-in sample trip's JSON, a starting point for your own."
    )

    func run() throws {
        Console.out(CheckedTrip.sampleJSON, terminator: "")
    }
}
