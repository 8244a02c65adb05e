import Foundation
import ItineraryModel

/// The acceptance fixtures (a copy of `../shared/fixtures`, kept in the repository
/// so a clone tests on its own) and the way to the package's files.
package enum Fixtures {
    /// The package's top folder.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let directory = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// `../shared/fixtures`, when the checkout sits beside it.
    package static let sharedDirectory: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    package static var sampleURL: URL { directory.appendingPathComponent("spring-swing.json") }

    package static func bytes(_ relativePath: String) -> [UInt8] {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("missing fixture \(url.path)")
        }
        return [UInt8](data)
    }

    package static var sampleBytes: [UInt8] { bytes("spring-swing.json") }

    /// The names of the files in `invalid/`, without `.json`.
    package static var invalidNames: [String] {
        let url = directory.appendingPathComponent("invalid")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    package static func sample() throws -> Itinerary {
        try ItineraryReader.read(bytes: sampleBytes)
    }

    /// Reads a document given as JSON text.
    package static func read(_ json: String) throws(InputProblems) -> Itinerary {
        try ItineraryReader.read(bytes: Array(json.utf8))
    }

    /// The sample's parsed document, as the reader keeps it, for a test to change.
    package static func sampleDocument() throws -> JSONValue {
        try sample().document
    }

    /// The path of the `itinerary` executable that `swift build` made beside the test bundle.
    package static var executable: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("itinerary")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("itinerary")
    }
}
