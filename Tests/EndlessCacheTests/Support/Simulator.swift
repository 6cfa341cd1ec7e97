import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import RandomUserAPI
import ReqresAPI

/// The embedded simulator on a loopback port, and clients of its services. After ``stop()``
/// its port is closed: the "no network" of the relaunch tests.
final class Simulator: Sendable {
    static let data = Result { try GeneratorData.builtIn() }

    let server: SimulatorServer
    let peopleURL: URL
    let usersURL: URL

    init(users: Int = SimulatorConfiguration.defaultReqresUserCount) throws {
        server = SimulatorServer(
            configuration: SimulatorConfiguration(data: try Self.data.get(), rateLimit: nil, reqresUserCount: users))
        peopleURL = try server.start()
        usersURL = try require(server.baseURL(of: .reqres), "the reqres URL")
    }

    deinit { server.stop() }

    func stop() { server.stop() }

    /// An HTTP client with no retries and a short deadline: a closed port fails at once.
    static func http(_ baseURL: URL) -> HTTPClient {
        HTTPClient(baseURL: baseURL, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(10))))
    }

    func people() throws -> RandomUserPageSource {
        try RandomUserPageSource(client: RandomUserClient(http: Self.http(peopleURL)), query: RandomUserQuery())
    }

    func users(perPage: Int = 6) -> ReqresPageSource {
        ReqresPageSource(client: ReqresClient(http: Self.http(usersURL)))
    }
}

/// `#require` outside a test function: an error for a missing value.
struct Missing: Error, CustomStringConvertible {
    let what: String
    var description: String { "missing \(what)" }
}

func require<Value>(_ value: Value?, _ what: String = "value") throws -> Value {
    guard let value else { throw Missing(what: what) }
    return value
}
