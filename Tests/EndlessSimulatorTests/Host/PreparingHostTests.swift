import Dispatch
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessSimulator

private struct ListsUnreadable: Error, CustomStringConvertible {
    var description: String { "the lists are unreadable" }
}

@Suite("A simulator that builds its services in the background", .timeLimit(TimeBudget.minutes(1)))
struct PreparingHostTests {
    @Test("bound before its services exist, and builds none until the first request, which waits, then is answered")
    func requestWaitsForServices() throws {
        let data = try GeneratorData.builtIn()
        let builds = Atomic<Int>(0)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = SimulatorServer(preparing: {
            builds.add(1, ordering: .relaxed)
            entered.signal()
            release.wait()
            return SimulatorConfiguration(data: data, rateLimit: nil)
        })
        let url = try server.start()
        defer {
            release.signal()
            server.stop()
        }
        // Nothing but a request (or prepare()) starts the build.
        #expect(builds.load(ordering: .relaxed) == 0)
        let port = try #require(url.port.flatMap { UInt16(exactly: $0) })
        let client = try RawClient(port: port)
        try client.send("GET /api/?results=3&seed=wait HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        release.signal()
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text.components(separatedBy: "\"gender\"").count == 4)
        // Later requests are answered by the built services directly; nothing is built twice.
        #expect(try RawClient(port: port).get("/api/?results=1&seed=wait").status == 200)
        #expect(builds.load(ordering: .relaxed) == 1)
    }

    @Test("prepare() builds the services before any request, once however often it is called")
    func prepareBuildsAtOnce() throws {
        let data = try GeneratorData.builtIn()
        let builds = Atomic<Int>(0)
        let built = DispatchSemaphore(value: 0)
        let server = SimulatorServer(preparing: {
            builds.add(1, ordering: .relaxed)
            defer { built.signal() }
            return SimulatorConfiguration(data: data, rateLimit: nil)
        })
        let url = try server.start()
        defer { server.stop() }
        server.prepare()
        server.prepare()
        #expect(built.wait(timeout: .now() + 10) == .success)
        let port = try #require(url.port.flatMap { UInt16(exactly: $0) })
        #expect(try RawClient(port: port).get("/api/?results=2&seed=early").status == 200)
        #expect(builds.load(ordering: .relaxed) == 1)
    }

    @Test("when building fails, every request gets a 503 that says why")
    func failureIsA503() throws {
        let server = SimulatorServer(preparing: { throw ListsUnreadable() })
        let url = try server.start()
        defer { server.stop() }
        let port = try #require(url.port.flatMap { UInt16(exactly: $0) })
        for _ in 0..<2 {
            let response = try RawClient(port: port).get("/api/?results=1")
            #expect(response.status == 503)
            #expect(response.text.contains("the lists are unreadable"))
        }
    }
}
