import Foundation
import ItineraryKit
import RenderMix
import Testing
import TestSupport

/// Issue #37: documents with different fonts drawn at once crashed the
/// service. Every kind of document is rendered on four threads at once, for
/// a bounded time, and each must be the same bytes as when rendered alone.
/// `make stress-asan` runs the same mix built with AddressSanitizer.
@Suite struct ConcurrentRenderTests {
    @Test func everyKindOfDocumentAtOnceIsTheDocumentRenderedAlone() throws {
        let jobs = try RenderMix.jobs(themes: Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/themes").path)
        let seconds = Double(ProcessInfo.processInfo.environment["ITINERARY_STRESS_SECONDS"] ?? "") ?? 10
        let report = RenderMix.run(jobs, threads: 4, seconds: seconds)
        #expect(report.faults.isEmpty, "\(report.faults.joined(separator: "\n"))")
        // Every thread rendered every kind at least once while the others drew.
        #expect(report.renders >= 4 * jobs.count)
    }
}
