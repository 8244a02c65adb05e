import Foundation
import TestSupport
import Testing

/// A calendar feed as a traveller's calendar sees it: `itinerary serve` in front of
/// a stand-in trip source (both on loopback), subscribed to with vdirsyncer, the trip
/// changed at the source, every failure of the source, forged tokens and hostile ids
/// (Scripts/check_feed.py; each check prints one line).
@Suite struct FeedProcessTests {
    @Test func aSubscribedCalendarFollowsTheTripAndNothingElse() throws {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", ServeProcessTests.scripts.appendingPathComponent("check_feed.py").path,
                Fixtures.executable.path, Fixtures.sampleURL.path,
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for check in ["vdirsyncer", "304", "504", "forged", "../x", "merge-games moved a game"] {
            #expect(result.stdout.contains(check), "check_feed.py said nothing about \(check)")
        }
    }
}
