import Foundation
import Testing

@testable import EndlessApp

/// A picture's URL in a page cached by an earlier run names that run's simulator port: the
/// resolver points it at this run's, and leaves this run's and other hosts' URLs as they are.
@Suite
struct SimulatorURLResolverTests {
    let path = "api/portraits/men/12.jpg"

    @Test("an earlier run's port becomes this run's, on 127.0.0.1 and localhost")
    func earlierPortBecomesThisRuns() throws {
        let resolve = AppConnection.simulatorURLResolver(port: 41235)
        for host in ["127.0.0.1", "localhost"] {
            let stale = try #require(URL(string: "http://\(host):40001/\(path)"))
            #expect(resolve(stale).absoluteString == "http://\(host):41235/\(path)")
        }
    }

    @Test("this run's URLs, a longer port that starts like this run's, and other hosts")
    func othersAreLeftOrMovedRightly() throws {
        let resolve = AppConnection.simulatorURLResolver(port: 4123)
        let fresh = try #require(URL(string: "http://127.0.0.1:4123/\(path)"))
        #expect(resolve(fresh) == fresh)
        // 41235 only starts like 4123: it is another run's port.
        let longer = try #require(URL(string: "http://127.0.0.1:41235/\(path)"))
        #expect(resolve(longer).absoluteString == "http://127.0.0.1:4123/\(path)")
        let remote = try #require(URL(string: "https://randomuser.me/\(path)"))
        #expect(resolve(remote) == remote)
        // Without a simulator nothing moves.
        #expect(AppConnection.simulatorURLResolver(port: nil)(longer) == longer)
    }
}
