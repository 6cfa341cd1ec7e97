import Dispatch

@testable import EndlessSimulator

/// A handler for HTTP-layer tests: no users involved.
/// `/echo?x` answers the path and query, `/big?n` answers n bytes, `/status/N` answers N.
struct EchoHandler: HTTPHandler {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/big" {
            let count = Int(request.query ?? "") ?? 1_000_000
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/octet-stream"],
                body: [UInt8](repeating: UInt8(ascii: "x"), count: count))
        }
        if request.path.hasPrefix("/status/"), let status = Int(request.path.dropFirst(8)) {
            return .text(status, "status \(status)\n")
        }
        let host = request.headers["Host"] ?? "-"
        return .text(200, "\(request.method) \(request.pathAndQuery) \(request.version) host=\(host)")
    }
}

/// Starts an HTTP server on an ephemeral loopback port for one test.
func startHTTPServer(
    handler: any HTTPHandler = EchoHandler(), limits: ServerLimits = ServerLimits(),
    log: (@Sendable (String) -> Void)? = nil
) throws -> (server: HTTPServer, port: UInt16) {
    let server = HTTPServer(
        options: .init(host: "127.0.0.1", port: 0, limits: limits, log: log), handler: handler)
    let address = try server.start()
    return (server, address.port)
}

/// Holds `/gate` requests until the test opens the gate; answers the rest like EchoHandler.
struct GateHandler: HTTPHandler {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/gate" else { return EchoHandler().respond(to: request) }
        entered.signal()
        gate.wait()
        return .text(200, "through the gate")
    }
}
