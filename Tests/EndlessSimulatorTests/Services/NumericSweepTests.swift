import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// Every numeric parameter of every route of every service, sent the values that used to end
/// the server (`w=1e308`: `Int(NaN)`; `page=9223372036854775807`: an overflowing
/// multiplication) and their neighbours, over real loopback HTTP on one kept-alive connection:
/// each answer must be well formed (a 2xx with a body of its type, or a 4xx in the service's
/// own error shape; never a 5xx, never a dropped connection), and the server must still answer
/// `/api/?results=1` afterwards.
@Suite("Numeric parameter sweep", .timeLimit(TimeBudget.minutes(2)))
struct NumericSweepTests {
    /// The issue's values: -1, 0, 2^31, 2^53+1, 2^63-1, 2^64, 1e308, 1e309, NaN, -0, empty, abc.
    static let values = [
        "-1", "0", "2147483648", "9007199254740993", "9223372036854775807", "18446744073709551616", "1e308", "1e309", "NaN", "-0",
        "", "abc",
    ]

    /// What a 4xx from a route looks like on the real service.
    enum ErrorShape {
        /// `{"error":"…"}` (randomuser.me, CoinGecko's bad parameters).
        case errorMessage
        /// reqres.in: `{}` for what it does not have, `{"error":…}` otherwise.
        case reqres
        /// Unsplash's API: `{"errors":["…"]}`.
        case unsplash
        /// CoinGecko: `{"error":"…"}` or `{"status":{"error_code":…,"error_message":…}}`.
        case coinGecko
        /// A plain-text answer: imgix's refusals, asset 404s.
        case plainText
    }

    /// One numeric parameter of one route: `{}` in the target stands for the value.
    struct Parameter: CustomStringConvertible {
        var target: String
        var headers: String = ""
        var errorShape: ErrorShape
        var description: String { target }
    }

    static func parameters(photo: String) -> [Parameter] {
        let reqresKey = "x-api-key: reqres-free-v1\r\n"
        let unsplashKey = "Authorization: Client-ID sweep-key\r\n"
        let image = "/unsplash/images/\(photo)"
        var parameters: [Parameter] = []
        for api in ["/api/", "/api/1.4/"] {
            parameters += [
                Parameter(target: "\(api)?results={}&seed=sweep", errorShape: .errorMessage),
                Parameter(target: "\(api)?results=2&page={}&seed=sweep", errorShape: .errorMessage),
                Parameter(target: "\(api)?results=1&password=upper,lower,{}", errorShape: .errorMessage),
                Parameter(target: "\(api)?results=1&password=number,{}-12", errorShape: .errorMessage),
            ]
        }
        parameters += [
            Parameter(target: "/api/portraits/men/{}.jpg", errorShape: .plainText),
            Parameter(target: "/api/portraits/thumb/women/{}.jpg", errorShape: .plainText),
            Parameter(target: "/reqres/api/users?page={}", headers: reqresKey, errorShape: .reqres),
            Parameter(target: "/reqres/api/users?page=2&per_page={}", headers: reqresKey, errorShape: .reqres),
            Parameter(target: "/reqres/api/users?delay={}", headers: reqresKey, errorShape: .reqres),
            Parameter(target: "/reqres/api/users/{}", headers: reqresKey, errorShape: .reqres),
            Parameter(target: "/reqres/api/users", headers: reqresKey + "Host: 127.0.0.1:{}\r\n", errorShape: .reqres),
            Parameter(target: "/reqres/img/faces/{}-image.jpg", errorShape: .plainText),
            Parameter(target: "/unsplash/photos?page={}", headers: unsplashKey, errorShape: .unsplash),
            Parameter(target: "/unsplash/photos?page=2&per_page={}", headers: unsplashKey, errorShape: .unsplash),
            Parameter(target: "/unsplash/photos?per_page={}&order_by=popular", headers: unsplashKey, errorShape: .unsplash),
            Parameter(target: "\(image)?w={}", errorShape: .plainText),
            Parameter(target: "\(image)?w=40&h={}&fit=crop", errorShape: .plainText),
            Parameter(target: "\(image)?w=40&h=30&fit=crop&dpr={}", errorShape: .plainText),
            Parameter(target: "\(image)?w=40&h=30&fit=crop&q={}", errorShape: .plainText),
            Parameter(target: "\(image)?w={}&h=30&fit=crop&fm=png", errorShape: .plainText),
            Parameter(target: "/coingecko/api/v3/coins/markets?vs_currency=usd&per_page={}", errorShape: .coinGecko),
            Parameter(target: "/coingecko/api/v3/coins/markets?vs_currency=usd&per_page=5&page={}", errorShape: .coinGecko),
            Parameter(target: "/coingecko/coins/images/{}/thumb/bitcoin.png", errorShape: .plainText),
        ]
        return parameters
    }

    @Test("every value for every numeric parameter: well-formed answers, then /api/?results=1 still answers")
    func sweep() throws {
        let data = try GeneratorData.builtIn()
        let catalogue = UnsplashCatalogue(data: data)
        let services: [any ServiceRouter] = [
            RandomUserService(
                generator: RandomUserGenerator(data: data), portraits: .shared,
                rateLimiter: RateLimiter(configuration: .default, clock: ManualClock()), now: { Date() }),
            // No delay is honoured here: `delay=2147483648` is clamped to the maximum, which
            // would hold the sweep for seconds.
            ReqresService(directory: ReqresDirectory(count: 12, data: data), portraits: .shared, maxDelay: 0),
            UnsplashService(catalogue: catalogue, rateLimiter: RateLimiter(configuration: .unsplash(limit: 5000), clock: ManualClock())),
            // 300 coins rather than 2,000: every markets request prices them all, and a page is
            // at most 250 whatever the market's size.
            CoinGeckoService(
                model: CoinMarketModel(catalog: CoinCatalog(count: 300)), rateLimit: nil, clock: ManualClock(), now: { Date() }),
        ]
        let (server, port) = try startHTTPServer(handler: SimulatorHost(services: services, faults: nil))
        defer { server.stop() }
        let client = try RawClient(port: port)
        var sent = 0
        for parameter in Self.parameters(photo: catalogue.photo(at: 0).imageName) {
            for value in Self.values {
                let target = parameter.target.replacingOccurrences(of: "{}", with: value)
                let headers = parameter.headers.replacingOccurrences(of: "{}", with: value)
                let response = try client.get(
                    target, headers: (headers.contains("Host:") ? "" : "Host: 127.0.0.1:\(port)\r\n") + headers)
                sent += 1
                Self.check(response, shape: parameter.errorShape, "\(target) [\(headers)]")
            }
        }
        #expect(sent == Self.parameters(photo: "x").count * Self.values.count)
        let after = try client.get("/api/?results=1")
        #expect(after.status == 200)
        let body = try JSONSerialization.jsonObject(with: Data(after.body)) as? [String: Any]
        #expect((body?["results"] as? [Any])?.count == 1)
    }

    /// A 2xx with a body of its type, or a 4xx in the route's error shape.
    static func check(_ response: RawClient.Response, shape: ErrorShape, _ context: String) {
        let type = response.header("Content-Type") ?? ""
        switch response.status {
        case 200..<300:
            if type.hasPrefix("application/json") {
                #expect((try? JSONSerialization.jsonObject(with: Data(response.body))) != nil, "\(context): JSON")
            } else if type == "image/jpeg" {
                #expect(response.body.starts(with: [0xFF, 0xD8, 0xFF]), "\(context): JPEG")
            } else if type == "image/png" {
                #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(context): PNG")
            } else {
                Issue.record("\(context): \(response.status) with \(type)")
            }
        case 400..<500:
            #expect(matches(response, shape), "\(context): \(response.status) \(response.text.prefix(200))")
        default:
            Issue.record("\(context): \(response.status) \(response.text.prefix(200))")
        }
    }

    static func matches(_ response: RawClient.Response, _ shape: ErrorShape) -> Bool {
        let json = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let isJSON = response.header("Content-Type")?.hasPrefix("application/json") == true
        switch shape {
        case .errorMessage:
            return isJSON && json?["error"] is String
        case .reqres:
            return isJSON && (json?.isEmpty == true || json?["error"] is String)
        case .unsplash:
            return isJSON && (json?["errors"] as? [String])?.isEmpty == false
        case .coinGecko:
            return isJSON && (json?["error"] is String || (json?["status"] as? [String: Any])?["error_code"] is Int)
        case .plainText:
            return response.header("Content-Type")?.hasPrefix("text/plain") == true && !response.body.isEmpty
        }
    }
}
