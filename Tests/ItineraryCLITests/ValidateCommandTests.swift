import Foundation
import Testing
import TestSupport

@Suite struct ValidateCommandTests {
    @Test func sampleIsValid() throws {
        let result = try runItinerary(["validate", Fixtures.sampleURL.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("valid · 5 days, 4 games, 3 travel, 9 custom items, 3 cities, 755 mi"))
    }

    @Test(arguments: Fixtures.invalidNames)
    func invalidFixtureIsRefused(name: String) throws {
        let path = Fixtures.directory.appendingPathComponent("invalid/\(name).json").path
        let result = try runItinerary(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one problem expected: \(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix(path + ": ") })
    }
}
