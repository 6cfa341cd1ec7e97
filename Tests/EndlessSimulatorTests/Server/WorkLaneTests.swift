import Dispatch
import Testing

@testable import EndlessSimulator

/// Pictures whose drawing blocks until the test opens the gate, and an API that answers at once.
/// `/gallery/images/…` is an asset; everything else under `/gallery/` is an API call.
private struct GatedGalleryService: ServiceRouter {
    let drawing = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    var mountPath: String { "/gallery/" }
    var listLocation: ListLocation { .topLevelArray }
    var siteName: String { "gallery.test" }

    func isAPI(_ request: HTTPRequest) -> Bool {
        !relativePath(request.path).hasPrefix("images/")
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard isAPI(request) else {
            drawing.signal()
            gate.wait()
            return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: [0x89, 0x50, 0x4E, 0x47])
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array("[]".utf8))
    }
}

/// `/asset…` is computed in the asset lane and blocks until the test opens the gate; the rest
/// is computed in the API lane and answers at once.
private struct LanedHandler: HTTPHandler {
    let drawing = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        .text(200, "api \(request.pathAndQuery)")
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        guard request.path.hasPrefix("/asset") else { return .compute { respond(to: request) } }
        return .compute(lane: .assets) { [drawing, gate] in
            drawing.signal()
            gate.wait()
            return .text(200, "asset \(request.pathAndQuery)")
        }
    }
}

/// API requests answer while every picture worker is busy: pictures have a lane of their own.
///
/// Each test fills every asset worker with a request blocked on a gate (and queues one more),
/// waits until each worker has entered it, then asks the API: the answer must arrive while the
/// pictures are still blocked. Without the lane, the API request queued behind the pictures and
/// the client's read ran into its timeout.
@Suite("Work lanes")
struct WorkLaneTests {
    static let assetWorkers = 2

    @Test("the HTTP layer answers API work while every asset worker is blocked")
    func httpLayer() throws {
        let handler = LanedHandler()
        let limits = ServerLimits(workerThreads: 1, assetWorkerThreads: Self.assetWorkers)
        let (server, port) = try startHTTPServer(handler: handler, limits: limits)
        defer { server.stop() }

        var pictures: [RawClient] = []
        for index in 0...Self.assetWorkers {
            let client = try RawClient(port: port)
            try client.send("GET /asset?n=\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
            pictures.append(client)
        }
        for _ in 0..<Self.assetWorkers {
            #expect(handler.drawing.wait(timeout: .now() + 10) == .success)
        }

        for index in 0..<3 {
            let api = try RawClient(port: port)
            let response = try api.get("/page?n=\(index)")
            #expect(response.status == 200 && response.text == "api /page?n=\(index)")
        }
        // The pictures are still blocked: the gate opens only now.
        for _ in pictures { handler.gate.signal() }
        for (index, client) in pictures.enumerated() {
            #expect(try client.readResponse().text == "asset /asset?n=\(index)")
        }
    }

    @Test("the simulator host puts a service's pictures in the asset lane", arguments: [false, true])
    func simulatorHost(withFaults: Bool) throws {
        let service = GatedGalleryService()
        let faults = withFaults ? FaultInjector(configuration: FaultConfiguration(latency: .init(base: .zero))) : nil
        let limits = ServerLimits(workerThreads: 1, assetWorkerThreads: Self.assetWorkers)
        let (server, port) = try startHTTPServer(handler: SimulatorHost(services: [service], faults: faults), limits: limits)
        defer { server.stop() }

        var pictures: [RawClient] = []
        for index in 0...Self.assetWorkers {
            let client = try RawClient(port: port)
            try client.send("GET /gallery/images/\(index)?w=2048&fm=png HTTP/1.1\r\nHost: h\r\n\r\n")
            pictures.append(client)
        }
        for _ in 0..<Self.assetWorkers {
            #expect(service.drawing.wait(timeout: .now() + 10) == .success)
        }

        let api = try RawClient(port: port)
        let response = try api.get("/gallery/photos?page=1")
        #expect(response.status == 200 && response.text == "[]")

        for _ in pictures { service.gate.signal() }
        for client in pictures {
            #expect(try client.readResponse().header("Content-Type") == "image/png")
        }
    }
}
