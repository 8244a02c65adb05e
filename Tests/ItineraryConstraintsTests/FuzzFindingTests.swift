import Foundation
import Testing
import ItineraryConstraints
import ItineraryModel
import TestSupport

/// Every input `make fuzz` once found a fault with (Tests/Fuzz/findings/) is
/// read and checked again: a trip or located problems, never a crash.
@Suite struct FuzzFindingTests {
    static let findings: [URL] = {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/findings")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { $0 != "README.md" }.map { folder.appendingPathComponent($0) }
    }()

    @Test func theFindingsFolderIsThere() {
        #expect(
            FileManager.default.fileExists(
                atPath: Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/findings/README.md").path))
    }

    @Test(arguments: findings)
    func aFindingReadsOrIsRefusedWithLocatedProblems(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        do {
            let itinerary = try ItineraryReader.read(bytes: bytes)
            let checker = ConstraintChecker(itinerary)
            for problem in checker.check() {
                #expect(!problem.message.isEmpty)
            }
            for item in itinerary.items.prefix(8) {
                _ = checker.dropZones(for: item.id)
            }
        } catch {
            #expect(!error.problems.isEmpty)
            for problem in error.problems {
                #expect(problem.description.split(whereSeparator: \.isNewline).count == 1)
            }
        }
    }
}
