/// The simulator's one HTTP handler: routes each request to the service mounted at its path
/// and applies the fault flags around it, the same way for every service.
///
/// `GET /` lists the services; a path no service mounts is a plain 404.
struct SimulatorHost: HTTPHandler {
    /// Longest mount first, so `/reqres/api/` wins over a shorter prefix.
    let services: [any SimulatedService]
    let faults: FaultInjector?

    init(services: [any SimulatedService], faults: FaultInjector?) {
        self.services = services.sorted { $0.mountPath.count > $1.mountPath.count }
        self.faults = faults
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/" { return index }
        guard let service = services.first(where: { $0.mounts(request.path) }) else {
            return Self.notFound
        }
        return withFaults(request, service: service)
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
    private func withFaults(_ request: HTTPRequest, service: any SimulatedService) -> HTTPResponse {
        guard let faults else { return service.respond(to: request) }
        let decision = faults.decide(target: request.pathAndQuery, isAPI: service.isAPI(request))
        var response: HTTPResponse
        switch decision.kind {
        case .reset:
            response = HTTPResponse(status: 200)
            response.delivery.reset = true
        case .fail(let status):
            response = FaultPages.errorPage(status: status)
        case .throttle:
            response = service.throttled(retryAfter: faults.configuration.throttleRetryAfter)
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
