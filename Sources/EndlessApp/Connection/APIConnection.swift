import EndlessHTTP
import EndlessSimulator
import Foundation
import RandomUserAPI
import Synchronization

/// Where people come from for one run: the API given with `--api`, or the embedded
/// simulator, started on an ephemeral loopback port and spoken to over real HTTP through the
/// same client as the live service.
final class APIConnection: Sendable {
    /// The API root every query goes to, e.g. `http://127.0.0.1:41235/api/`.
    let baseURL: URL
    /// What the status bar shows: `simulator 127.0.0.1:41235` or the API's host.
    let label: String
    /// The HTTP client for the API.
    let http: HTTPClient
    /// The HTTP client for portraits, on a session of its own: a screenful of avatars would
    /// otherwise take the connections to the host (URLSession allows 6) and make the next
    /// page of people wait behind pictures.
    let images: HTTPClient
    /// The people client over ``http``.
    let people: RandomUserClient
    private let simulator: SimulatorServer?

    /// How long an embedded simulator may take to finish in-flight responses on close: the
    /// process is quitting, so nobody is waiting for them.
    static let simulatorShutdownGrace: Duration = .milliseconds(200)

    /// Opens a connection.
    /// - Parameters:
    ///   - api: the API root to use; nil starts the embedded simulator.
    ///   - simulator: the simulator's data, faults and rate limit (ignored with `api`).
    ///   - configuration: retries, deadline and limits for the HTTP client.
    ///   - monitors: receive every request's events (the verbose log, the status bar).
    /// - Throws: ``APIConnectionError`` when the simulator's data cannot be read or it cannot
    ///   listen.
    init(
        api: URL?, simulator settings: SimulatorSettings, configuration: HTTPClient.Configuration,
        monitors: [any HTTPEventMonitor] = []
    ) throws(APIConnectionError) {
        if let api {
            baseURL = api
            label = api.host.map { host in api.port.map { "\(host):\($0)" } ?? host } ?? api.absoluteString
            simulator = nil
        } else {
            let data: GeneratorData
            do {
                data = try settings.loadData()
            } catch {
                throw .simulatorData("\(error)")
            }
            let server = SimulatorServer(configuration: SimulatorConfiguration(
                data: data, faults: settings.faults, rateLimit: settings.rateLimit,
                limits: ServerLimits(shutdownGracePeriod: Self.simulatorShutdownGrace)))
            do {
                baseURL = try server.start()
            } catch {
                throw .simulatorStart("\(error)")
            }
            label = "simulator \(baseURL.host ?? "127.0.0.1"):\(baseURL.port.map(String.init) ?? "?")"
            simulator = server
        }
        http = HTTPClient(baseURL: baseURL, configuration: configuration, monitors: monitors)
        images = HTTPClient(configuration: configuration, transport: URLSessionTransport(), monitors: monitors)
        people = RandomUserClient(http: http)
    }

    /// Whether people come from the embedded simulator.
    var usesSimulator: Bool { simulator != nil }

    /// The number of requests running, people and portraits: the current value at once, then
    /// every change.
    func inFlightCountUpdates() -> AsyncStream<Int> {
        let (stream, sink) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let counts = InFlightSum()
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (slot, client) in [http, images].enumerated() {
                    group.addTask {
                        for await count in client.inFlightCountUpdates() { sink.yield(counts.set(slot, count)) }
                    }
                }
            }
            sink.finish()
        }
        sink.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Stops the embedded simulator, if any; safe to call more than once.
    func close() {
        simulator?.stop()
    }
}

/// Two in-flight counts added up, as each changes.
private final class InFlightSum: Sendable {
    private let counts = Mutex<[Int]>([0, 0])

    func set(_ slot: Int, _ count: Int) -> Int {
        counts.withLock {
            $0[slot] = count
            return $0.reduce(0, +)
        }
    }
}

/// Why a connection could not be opened.
enum APIConnectionError: Error, Sendable, CustomStringConvertible {
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
