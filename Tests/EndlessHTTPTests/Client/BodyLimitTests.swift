import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("The response body limit is enforced while receiving", .timeLimit(TimeBudget.minutes(1)))
struct BodyLimitTests {
    private static let limit = 1 << 20  // 1 MiB
    private static let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)

    @Test("a Content-Length over the limit is refused on the headers, before the body streams")
    func declaredLength() async {
        let server = MockServer(
            .stream(
                status: 200, headers: ["Content-Length": "52428800", "Content-Type": "application/json"],
                chunk: Self.chunk, chunkCount: 800))
        let client = Fixtures.client(server, maxBodyBytes: Self.limit)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .bodyTooLarge(let limit, let declared) = error else {
            Issue.record("expected bodyTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == Self.limit)
        #expect(declared == 52_428_800)
        await server.stopped.value(atLeast: 1)
        #expect(server.deliveredBodyBytes == 0)
        #expect(server.received.value == 1)  // not retried
    }

    @Test("a body without Content-Length is cut off once the running total passes the limit")
    func streamedBody() async {
        let totalChunks = 1600  // 100 MiB if nothing stopped it
        let server = MockServer(.stream(status: 200, headers: ["Content-Type": "image/jpeg"], chunk: Self.chunk, chunkCount: totalChunks))
        let client = Fixtures.client(server, maxBodyBytes: Self.limit)

        let error = await httpError { try await client.data(from: server.url("/huge.jpg")) }

        guard case .bodyTooLarge(let limit, let declared) = error else {
            Issue.record("expected bodyTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == Self.limit)
        #expect(declared == nil)
        await server.stopped.value(atLeast: 1)
        // Received up to the chunk that crossed the limit, and not one chunk more.
        #expect(server.deliveredBodyBytes == Self.limit + Self.chunk.count)
    }

    @Test("a body of exactly the limit is accepted; one byte more is not")
    func boundary() async throws {
        let body = Data(repeating: 0xAB, count: 1000)
        let server = MockServer(.stream(status: 200, headers: ["Content-Type": "image/png"], chunk: body, chunkCount: 1))
        let exact = Fixtures.client(server, maxBodyBytes: 1000)
        let tight = Fixtures.client(server, maxBodyBytes: 999)

        #expect(try await exact.data(from: server.url("/a.png")).body == body)
        let error = await httpError { try await tight.data(from: server.url("/a.png")) }
        guard case .bodyTooLarge(999, nil) = error else {
            Issue.record("expected bodyTooLarge(999, nil), got \(String(describing: error))")
            return
        }
    }

    @Test("the default limit is 10 MiB")
    func defaultLimit() {
        #expect(HTTPClient.Configuration.default.maxBodyBytes == 10 * 1024 * 1024)
    }
}
