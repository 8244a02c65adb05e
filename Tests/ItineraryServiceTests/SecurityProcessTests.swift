import Foundation
import TestSupport
import Testing

/// Issue #50's defences tried from outside against the real `itinerary serve`, in a network namespace of
/// the script's own: a DNS server that answers each spelling of a callback's host differently and changes
/// its answer between look-ups, receivers that stall after their headers, keys revoked by SIGHUP
/// (Scripts/check_security.py; each check prints one line).
@Suite struct SecurityProcessTests {
    @Test func theDoorHoldsAgainstRebindingStallingReceiversAndRevokedKeys() throws {
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", ServeProcessTests.scripts.appendingPathComponent("check_security.py").path,
                Fixtures.executable.path,
                Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/spring-swing.json").path,
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for check in ["keys:", "callbacks in 4 spellings", "6 receivers that stall", "the log names keys"] {
            #expect(result.stdout.contains("ok: " + check), "check_security.py said nothing about \(check)")
        }
    }
}
