import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("In-flight deduplication of identical GETs", .timeLimit(TimeBudget.minutes(1)))
struct CoalescingTests {
    /// Starts `count` identical sends and waits until all of them are attached to one flight.
    private func startIdentical(
        _ count: Int, client: HTTPClient, server: MockServer, monitor: RecordingMonitor
    ) async -> [Task<Result<Page, HTTPError>, Never>] {
        let tasks = (0..<count).map { _ in
            Task { () -> Result<Page, HTTPError> in
                do throws(HTTPError) {
                    return .success(try await client.send(Endpoint<Page>(path: "people")))
                } catch {
                    return .failure(error)  // typed: `error` is an HTTPError
                }
            }
        }
        await monitor.count.value(atLeast: count)  // one "started" and count - 1 "joined"
        await server.received.value(atLeast: 1)
        return tasks
    }

    @Test("N awaiters, one transport call, N results")
    func sharedResult() async throws {
        let server = MockServer(.hold)
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, monitors: [monitor])
        let tasks = await startIdentical(3, client: client, server: server, monitor: monitor)

        #expect(monitor.labels.sorted() == ["joined #\(leader(monitor))", "joined #\(leader(monitor))", "started"])
        #expect(client.inFlightCount == 1)
        server.release(with: .json(Fixtures.pageJSON))

        for task in tasks {
            #expect(try await task.value(within: .seconds(20)).get() == Fixtures.page)
        }
        #expect(server.received.value == 1)
    }

    @Test("an awaiter that cancels leaves at once; the others still get the result")
    func oneAwaiterCancels() async throws {
        let server = MockServer(.hold)
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, monitors: [monitor])
        let tasks = await startIdentical(3, client: client, server: server, monitor: monitor)

        tasks[1].cancel()
        guard case .failure(.cancelled) = try await tasks[1].value(within: .seconds(20)) else {
            Issue.record("expected the cancelled awaiter to get cancelled")
            return
        }
        server.release(with: .json(Fixtures.pageJSON))

        #expect(try await tasks[0].value(within: .seconds(20)).get() == Fixtures.page)
        #expect(try await tasks[2].value(within: .seconds(20)).get() == Fixtures.page)
        #expect(server.received.value == 1)
        #expect(server.stopped.value == 0)
    }

    @Test("the transfer is cancelled only when every awaiter has gone")
    func allAwaitersCancel() async throws {
        let server = MockServer(.hold)
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, monitors: [monitor])
        let tasks = await startIdentical(2, client: client, server: server, monitor: monitor)

        tasks[0].cancel()
        _ = try await tasks[0].value(within: .seconds(20))
        #expect(server.stopped.value == 0)
        tasks[1].cancel()
        _ = try await tasks[1].value(within: .seconds(20))

        await server.stopped.value(atLeast: 1)
        await monitor.count.value(atLeast: 3)
        #expect(monitor.labels.last == "failed -")
        #expect(client.inFlightCount == 0)
    }

    @Test("failures are shared too")
    func sharedFailure() async throws {
        let server = MockServer(.hold)
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, retryPolicy: .never, monitors: [monitor])
        let tasks = await startIdentical(2, client: client, server: server, monitor: monitor)

        server.release(with: .json("{}", status: 404))

        for task in tasks {
            guard case .failure(let error) = try await task.value(within: .seconds(20)) else {
                Issue.record("expected a failure")
                continue
            }
            #expect(error.statusCode == 404)
        }
        #expect(server.received.value == 1)
    }

    @Test("raw downloads of the same URL are shared")
    func sharedData() async throws {
        let server = MockServer(.hold)
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, monitors: [monitor])
        let url = server.url("/portraits/women/7.jpg")
        let first = Task { try await client.data(from: url) }
        let second = Task { try await client.data(from: url) }
        await monitor.count.value(atLeast: 2)
        await server.received.value(atLeast: 1)

        server.release(with: .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: Data([1, 2, 3])))

        #expect(try await first.value(within: .seconds(20)).body == Data([1, 2, 3]))
        #expect(try await second.value(within: .seconds(20)).body == Data([1, 2, 3]))
        #expect(server.received.value == 1)
    }

    @Test("different headers, a POST, or a request after the first finished: each goes to the network")
    func notShared() async throws {
        let server = MockServer(.hold)
        let client = Fixtures.client(server)
        let english = Task { try await client.send(Endpoint<Page>(path: "people", headers: ["Accept-Language": "en"])) }
        let french = Task { try await client.send(Endpoint<Page>(path: "people", headers: ["Accept-Language": "fr"])) }
        let post = Task { try await client.send(Endpoint<Page>(.post, path: "people")) }
        let post2 = Task { try await client.send(Endpoint<Page>(.post, path: "people")) }

        await server.received.value(atLeast: 4)
        server.release(with: .json(Fixtures.pageJSON))
        for task in [english, french, post, post2] {
            #expect(try await task.value(within: .seconds(20)) == Fixtures.page)
        }

        let sequential = MockServer(.json(Fixtures.pageJSON))
        let sequentialClient = Fixtures.client(sequential)
        _ = try await sequentialClient.send(Endpoint<Page>(path: "people"))
        _ = try await sequentialClient.send(Endpoint<Page>(path: "people"))
        #expect(sequential.received.value == 2)
    }

    @Test("coalescing can be switched off")
    func disabled() async throws {
        let server = MockServer(.hold)
        let client = HTTPClient(
            baseURL: server.baseURL, configuration: .init(coalescesIdenticalGETs: false), transport: server.transport())
        let first = Task { try await client.send(Endpoint<Page>(path: "people")) }
        let second = Task { try await client.send(Endpoint<Page>(path: "people")) }

        await server.received.value(atLeast: 2)
        server.release(with: .json(Fixtures.pageJSON))
        #expect(try await first.value(within: .seconds(20)) == Fixtures.page)
        #expect(try await second.value(within: .seconds(20)) == Fixtures.page)
    }

    private func leader(_ monitor: RecordingMonitor) -> Int {
        monitor.events.first { if case .started = $0.kind { true } else { false } }?.requestID ?? -1
    }
}
