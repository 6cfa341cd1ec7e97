import CoinGeckoAPI
import EndlessCommandLine
import EndlessSimulator
import Foundation
import Testing

@testable import EndlessApp

/// The coins tab's and the simulator's flags, read from real command lines.
@Suite("Coins: flags")
struct CoinsSettingsTests {
    static func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: EndlessCommand.tool.declaration)
    }

    @Test("the simulated CoinGecko is rate limited in serve (10 a minute) unless told, and off in the app unless told")
    func rateLimitDefaults() throws {
        let serve = try Self.parse(["serve"])
        #expect(
            try SimulatorOptions.settings(from: serve, serving: true).services[CoinGeckoServiceSettings.self].rateLimit
                == CoinGeckoRateLimit.serveDefault)
        #expect(
            try ServeCommand.configuration(from: serve, output: CapturedOutput().output).services[CoinGeckoServiceSettings.self].rateLimit
                == CoinGeckoRateLimit.serveDefault)
        let off = try Self.parse(["serve", "--coingecko-rate-limit", "off"])
        #expect(try SimulatorOptions.settings(from: off, serving: true).services[CoinGeckoServiceSettings.self].rateLimit == nil)
        let browse = try Self.parse(["coins"])
        #expect(try SimulatorOptions.settings(from: browse).services[CoinGeckoServiceSettings.self].rateLimit == nil)
        let limited = try Self.parse(["coins", "--coingecko-rate-limit", "5/30s"])
        #expect(
            try SimulatorOptions.settings(from: limited).services[CoinGeckoServiceSettings.self].rateLimit
                == RateLimitConfiguration(maxUsers: 5, window: .seconds(30)))
    }

    @Test("the tab's flags: currency, page size, demo key (flag, else the variable), --live alone or with seconds")
    func tabFlags() throws {
        let settings = try CoinsFeed.settings(
            from: try Self.parse(["coins", "--vs-currency", "EUR", "--coins-per-page", "25", "--demo-key", "CG-k", "--live"]), api: nil,
            environment: [:])
        #expect(settings.vsCurrency == "eur" && settings.perPage == 25 && settings.demoKey == "CG-k")
        // The variable comes from the environment the browser read once and passed down.
        let fromVariable = try CoinsFeed.settings(
            from: try Self.parse(["coins"]), api: nil, environment: [CoinsFeed.demoKeyVariable: "CG-env"])
        #expect(fromVariable.demoKey == "CG-env")
        #expect(settings.live == .seconds(30))
        #expect(try CoinsFeed.settings(from: try Self.parse(["coins", "--live", "90"]), api: nil, environment: [:]).live == .seconds(90))
        // With a unit, as the simulator's durations are written.
        for (text, seconds) in [("30s", 30), ("2m", 120), ("4500ms", 4.5)] as [(String, Double)] {
            let live = try CoinsFeed.settings(from: try Self.parse(["coins", "--live", text]), api: nil, environment: [:]).live
            #expect(live == .milliseconds(Int64(seconds * 1000)), "\(text)")
        }
        #expect(try CoinsFeed.settings(from: try Self.parse(["coins"]), api: nil, environment: [:]).live == nil)
        let parsed = try Self.parse(["coins"])
        #expect(try CoinsFeed.demoKey(from: parsed, environment: ["COINGECKO_DEMO_API_KEY": "CG-env"]) == "CG-env")
        #expect(try CoinsFeed.demoKey(from: parsed, environment: [:]) == nil)
        for bad in [["--live", "1"], ["--live", "2s"], ["--live", "61m"], ["--coins-per-page", "300"], ["--vs-currency", "zzz"]] {
            #expect(throws: UsageError.self) { try CoinsFeed.settings(from: try Self.parse(["coins"] + bad), api: nil, environment: [:]) }
        }
    }

    @Test("errors say what to do: a key refusal names the flag and the variable, a currency the flag")
    func explained() {
        let key = CoinsFeedError(.refused(code: 10002, message: "API Key Missing", httpStatus: 401)).description
        #expect(key.contains("--demo-key") && key.contains("COINGECKO_DEMO_API_KEY"))
        #expect(CoinsFeedError(.invalidCurrency(message: "invalid vs_currency")).description.contains("--vs-currency"))
        let limit = CoinsFeedError(.rateLimited(.init(retryAfter: .seconds(119), message: "slow", source: .api)))
        #expect(limit.isRateLimit && limit.retryAfter == .seconds(119))
        #expect(limit.errorDescription?.contains("try again in 119 s") == true)
    }
}
