import EndlessHTTP
import EndlessSimulator
import Foundation
import Synchronization

/// Where each feed's data comes from for one run: an API given on the command line, or the
/// embedded simulator, started (only when some feed needs it) on an ephemeral loopback port and
/// spoken to over real HTTP through the same client as the live service.
final class AppConnection: Sendable {
    /// The HTTP client for pictures, on a transport (a connection pool) of its own: a screenful
    /// of avatars would otherwise take the connections to the host (6 at most) and make the next
    /// page wait behind pictures.
    let images: HTTPClient
    private let simulator: SimulatorServer?
    private let configuration: HTTPClient.Configuration
    private let monitors: [any HTTPEventMonitor]
    /// Every client made, and who watches their count of requests in flight: a client made
    /// later (a tab opened after the browser started) is watched from when it is made.
    private let clients: Mutex<Clients>

    private struct Clients {
        var made: [HTTPClient]
        var watches: [ObjectIdentifier: InFlightWatch] = [:]
    }

    /// How long an embedded simulator may take to finish in-flight responses on close: the
    /// process is quitting, so nobody is waiting for them.
    static let simulatorShutdownGrace: Duration = .milliseconds(200)

    /// Opens a connection.
    /// - Parameters:
    ///   - needsSimulator: whether some feed has no API of its own, so the simulator must run.
    ///   - simulator: the simulator's data, faults and rate limits.
    ///   - configuration: retries, deadline and limits for the HTTP clients.
    ///   - monitors: receive every request's events (the verbose log).
    ///   - buildsSimulatorAtOnce: whether the simulator's built-in services are built now, for a
    ///     caller about to ask; otherwise (a browser that opens on its page cache) the first
    ///     request builds them, after the first screen.
    /// - Throws: ``AppConnectionError`` when the simulator's data cannot be read or it cannot listen.
    init(
        needsSimulator: Bool, simulator settings: SimulatorSettings, configuration: HTTPClient.Configuration,
        monitors: [any HTTPEventMonitor] = [], buildsSimulatorAtOnce: Bool = true
    ) throws(AppConnectionError) {
        if needsSimulator {
            let limits = ServerLimits(shutdownGracePeriod: Self.simulatorShutdownGrace)
            let simulatorConfiguration = { @Sendable (data: GeneratorData) in
                SimulatorConfiguration(data: data, faults: settings.faults, services: settings.services, limits: limits)
            }
            let server: SimulatorServer
            if settings.dataDirectory == nil {
                // The built-in lists and the catalogues load on a thread of their own, when
                // asked for: a launch that opens on cached rows draws them first.
                server = SimulatorServer(preparing: { simulatorConfiguration(try settings.loadData()) }, limits: limits)
                if buildsSimulatorAtOnce { server.prepare() }
            } else {
                // Lists the user named are read first, so that a wrong --data-dir is an error
                // before the screen opens, not a 503 inside it.
                do {
                    server = SimulatorServer(configuration: simulatorConfiguration(try settings.loadData()))
                } catch {
                    throw .simulatorData("\(error)")
                }
            }
            do {
                try server.start()
            } catch {
                throw .simulatorStart("\(error)")
            }
            simulator = server
        } else {
            simulator = nil
        }
        self.configuration = configuration
        self.monitors = monitors
        images = HTTPClient(configuration: configuration, transport: CurlTransport(), monitors: monitors)
        clients = Mutex(Clients(made: [images]))
    }

    /// Whether the embedded simulator runs.
    var usesSimulator: Bool { simulator != nil }

    /// Points a simulator picture's URL at the simulator of this run: rows cached in an earlier
    /// run name that run's port (the simulator binds a new one each time, and draws the same
    /// pictures for the same paths). Other URLs are left alone.
    var simulatorURLResolver: @Sendable (URL) -> URL { Self.simulatorURLResolver(port: simulator?.baseURL?.port) }

    /// ``simulatorURLResolver`` for a simulator listening on `port` (nil: none runs).
    static func simulatorURLResolver(port: Int?) -> @Sendable (URL) -> URL {
        // Pictures of pages this run's simulator served name its port already: a look at the
        // URL's text answers them without taking the URL apart, which a frame asked of every
        // row's picture (issue 29).
        let current = port.map { port in ["http://127.0.0.1:\(port)/", "http://localhost:\(port)/"].map { Array($0.utf8) } } ?? []
        return { url in
            if current.contains(where: { url.absoluteString.utf8.starts(with: $0) }) { return url }
            guard let port, let host = url.host, host == "127.0.0.1" || host == "localhost", url.port != port,
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url }
            components.port = port
            return components.url ?? url
        }
    }

    /// Where a feed's requests go: `api` when given, else the simulator's service.
    /// - Parameters:
    ///   - api: the API root from the command line, or nil for the simulator.
    ///   - service: the simulator's service for this feed; nil for a feed that has none.
    /// - Returns: the endpoint, with an HTTP client of its own.
    func endpoint(api: URL?, service: SimulatedService?) -> FeedEndpoint {
        let baseURL: URL
        let label: String
        if let api {
            baseURL = api
            label = api.host.map { host in api.port.map { "\(host):\($0)" } ?? host } ?? api.absoluteString
        } else if let simulator, let service, let url = simulator.baseURL(of: service) {
            baseURL = url
            label = "simulator \(url.host ?? "127.0.0.1"):\(url.port.map(String.init) ?? "?")"
        } else {
            // A feed with no service (its source needs no network), or one without an API not
            // counted in `needsSimulator`: a request fails with a clear "cannot connect".
            baseURL = URL(fileURLWithPath: "/")
            label = "no simulator"
        }
        let http = HTTPClient(baseURL: baseURL, configuration: configuration, monitors: monitors)
        let watches = clients.withLock {
            $0.made.append(http)
            return Array($0.watches.values)
        }
        for watch in watches { watch.follow(http) }
        return FeedEndpoint(
            baseURL: baseURL, label: label, http: http, isSimulator: api == nil,
            origin: api == nil ? "simulator" : configuration.redactor.redact(baseURL))
    }

    /// Calls `change` with the number of requests running over every client, at once, then at
    /// every change, on the thread that counted (no task in between: issue 29). A client made
    /// later (the tab of a feed opened after the browser started) is counted from when it is
    /// made.
    /// - Parameter change: takes the total; it must return quickly.
    /// - Returns: stops the calls.
    func observeInFlightCount(_ change: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
        let watch = InFlightWatch(change: change)
        let made = clients.withLock {
            $0.watches[ObjectIdentifier(watch)] = watch
            return $0.made
        }
        for client in made { watch.follow(client) }
        return { [weak self] in
            self?.clients.withLock { _ = $0.watches.removeValue(forKey: ObjectIdentifier(watch)) }
            watch.stop()
        }
    }

    /// Stops the embedded simulator, if any; safe to call more than once.
    func close() {
        simulator?.stop()
    }
}

/// One feed's API: its root, how the header names it, and its HTTP client.
public struct FeedEndpoint: Sendable {
    /// The API root, e.g. `http://127.0.0.1:41235/reqres/api/`.
    public let baseURL: URL
    /// `simulator 127.0.0.1:41235`, or the API's host.
    public let label: String
    /// The client for the API's requests.
    public let http: HTTPClient
    /// Whether it is the embedded simulator.
    public let isSimulator: Bool
    /// What names the API in files (the page cache's keys): `simulator`, or the root with
    /// any key in it (`?client_id=`, a password) redacted, so no file holds a key.
    let origin: String
}

/// One observer of the total in flight: each client's count as it changes, added up.
private final class InFlightWatch: Sendable {
    private struct State {
        var counts: [Int] = []
        var stops: [@Sendable () -> Void] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let change: @Sendable (Int) -> Void

    init(change: @escaping @Sendable (Int) -> Void) {
        self.change = change
    }

    /// Counts `client`'s requests from now on (its count comes at once: the total is told).
    func follow(_ client: HTTPClient) {
        let slot = state.withLock { state -> Int? in
            guard !state.isStopped else { return nil }
            state.counts.append(0)
            return state.counts.count - 1
        }
        guard let slot else { return }
        let stop = client.observeInFlightCount { [self] count in set(slot, count) }
        let stopped = state.withLock { state in
            if !state.isStopped { state.stops.append(stop) }
            return state.isStopped
        }
        if stopped { stop() }
    }

    /// Ends every client's observation; later counts are dropped.
    func stop() {
        let stops = state.withLock { state in
            state.isStopped = true
            defer { state.stops = [] }
            return state.stops
        }
        for stop in stops { stop() }
    }

    /// Sets one client's count and tells the total, under the lock, so that totals from two
    /// clients counting at once arrive in the order they were made.
    private func set(_ slot: Int, _ count: Int) {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.counts[slot] = count
            change(state.counts.reduce(0, +))
        }
    }
}

/// Why a connection could not be opened.
enum AppConnectionError: Error, Sendable, CustomStringConvertible {
    /// The simulator's data lists could not be read (a bad `--data-dir`).
    case simulatorData(String)
    /// The simulator could not listen on loopback.
    case simulatorStart(String)

    var description: String {
        switch self {
        case .simulatorData(let reason):
            "the simulator's data lists could not be read: \(reason). Check --data-dir, or drop it to use the built-in lists."
        case .simulatorStart(let reason):
            "the embedded simulator could not start: \(reason)"
        }
    }
}
