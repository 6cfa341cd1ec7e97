import EndlessHTTP
import Testing

/// The two transports that meet the ``HTTPTransport`` contract: the loopback contract tests
/// run over each (`@Test(arguments: TransportKind.allCases)`).
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// ``URLSessionTransport``: FoundationNetworking's URLSession.
    case urlSession
    /// ``CurlTransport``: libcurl's multi interface, the production transport.
    case curl

    /// A new transport of this kind.
    func make() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .curl: CurlTransport()
        }
    }

    /// A client with no retries (and otherwise default configuration) over a new transport.
    func client(configuration: HTTPClient.Configuration = .init(retryPolicy: .never), monitors: [any HTTPEventMonitor] = [])
        -> HTTPClient
    {
        HTTPClient(configuration: configuration, transport: make(), monitors: monitors)
    }

    var testDescription: String { rawValue }
}
