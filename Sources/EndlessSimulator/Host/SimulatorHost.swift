/// The simulator's one HTTP handler: routes each request to the service mounted at its path
/// and applies the fault flags around it, the same way for every service.
///
/// `GET /` lists the services; a path no service mounts is a plain 404.
struct SimulatorHost: HTTPHandler {
    /// Longest mount first, so `/reqres/api/` wins over a shorter prefix.
    let services: [any ServiceRouter]
    let faults: FaultInjector?

    init(services: [any ServiceRouter], faults: FaultInjector?) {
        self.services = services.sorted { $0.mountPath.count > $1.mountPath.count }
        self.faults = faults
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch answer(request) {
        case .ready(let response): response
        case .compute(_, let work): work()
        }
    }

    /// Routes and decides the fault once, on the I/O thread: what needs no computing (the
    /// index, a 404, a fault page, an answer the service has at hand) is ready now; the rest
    /// is work for a worker, with the fault already decided.
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        if request.path == "/" { return .ready(index) }
        guard let service = services.first(where: { $0.mounts(request.path) }) else {
            return .ready(Self.notFound)
        }
        // Pictures drawn on demand run in a lane of their own: API calls never wait for them.
        let lane: WorkLane = service.isAPI(request) ? .api : .assets
        guard let faults else {
            if let ready = service.readyResponse(to: request) { return .ready(ready) }
            return .compute(lane: lane) { service.respond(to: request) }
        }
        let decision = faults.decide(target: request.pathAndQuery, isAPI: lane == .api)
        switch decision.kind {
        case .reset, .fail, .throttle, .html:
            return .ready(withFaults(request, service: service, decision: decision))
        case nil:
            if let ready = service.readyResponse(to: request) {
                return .ready(Self.deliver(ready, with: decision))
            }
        case .emptyResults, .truncate:
            break
        }
        return .compute(lane: lane) { withFaults(request, service: service, decision: decision) }
    }

    /// The live services' plain 404.
    static var notFound: HTTPResponse {
        var response = HTTPResponse.text(404, "Not Found")
        response.headers.set("Access-Control-Allow-Origin", "*")
        return response
    }

    /// What `GET /` answers: the mounted services, one per line.
    private var index: HTTPResponse {
        let lines = services.sorted { $0.mountPath < $1.mountPath }.map(\.mountPath)
        return .text(200, "endless simulator\n" + lines.joined(separator: "\n") + "\n")
    }

    /// Applies the fault decided for this request around the service's answer.
    private func withFaults(_ request: HTTPRequest, service: any ServiceRouter, decision: FaultDecision) -> HTTPResponse {
        var response: HTTPResponse
        switch decision.kind {
        case .reset:
            response = HTTPResponse(status: 200)
            response.delivery.reset = true
        case .fail(let status):
            response = FaultPages.errorPage(status: status)
        case .throttle:
            response = service.throttled(retryAfter: faults?.configuration.throttleRetryAfter ?? .seconds(1))
        case .html:
            response = service.blocked(rayID: ChaosRandom.hash(Array(request.pathAndQuery.utf8)))
        case .emptyResults:
            response = service.respond(to: request)
            if response.status == 200, let emptied = EmptyResults.apply(to: response.body, at: service.listLocation) {
                response.body = emptied
            }
        case .truncate(let fraction):
            response = service.respond(to: request)
            response.delivery.truncatedBodyLength = Int(Double(response.body.count) * fraction)
        case nil:
            response = service.respond(to: request)
        }
        return Self.deliver(response, with: decision)
    }

    /// The decision's latency, slow body and log note, on top of what the response has.
    private static func deliver(_ response: HTTPResponse, with decision: FaultDecision) -> HTTPResponse {
        var response = response
        response.delivery.delay = response.delivery.delay + decision.delay
        if let slow = decision.slowBody {
            response.delivery.dribble = .init(chunk: slow.chunkBytes, interval: slow.interval)
        }
        if let note = decision.note {
            response.logNote = [response.logNote, note].compactMap { $0 }.joined(separator: " ")
        }
        return response
    }
}
