import CoinGeckoAPI
import EndlessHTTP
import Foundation
import Testing

/// A refusal that arrives with status 200 is read from the body by the client itself, outside
/// the HTTP layer's error path: the demo key it echoes is hidden all the same.
@Suite("CoinGeckoClient: an echoed demo key never reaches an error")
struct EchoedKeyTests {
    @Test(
        "a 200 refusal, a 401 refusal and a body that is not markets, each quoting the key",
        arguments: [
            (200, #"{"status":{"error_code":10010,"error_message":"The key CG-ECHOED-KEY-77 is not valid"}}"#),
            (401, #"{"status":{"error_code":10011,"error_message":"x-cg-demo-api-key: CG-ECHOED-KEY-77 refused"}}"#),
            (200, #"{"error":"unknown key CG-ECHOED-KEY-77"}"#),
            (200, #"{"you_sent":"CG-ECHOED-KEY-77"}"#),
        ])
    func echoed(status: Int, body: String) async throws {
        let transport = ScriptedTransport { _, _ in .json(body, status: status) }
        let client = try Clients.client(transport, demoKey: "CG-ECHOED-KEY-77")

        do {
            _ = try await client.markets(try CoinMarketsQuery(vsCurrency: "usd"))
            Issue.record("the refusal was accepted")
        } catch {
            #expect(!error.description.contains("CG-ECHOED-KEY-77"), "\(error)")
            #expect(error.description.contains("<redacted>"), "\(error)")
        }
        #expect(transport.requests.first?.value(forHTTPHeaderField: CoinGeckoClient.demoKeyHeader) == "CG-ECHOED-KEY-77")
    }
}
