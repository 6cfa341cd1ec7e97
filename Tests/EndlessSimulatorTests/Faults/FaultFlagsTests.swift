import Testing

@testable import EndlessSimulator

@Suite("Fault flag parsers")
struct FaultFlagsTests {
    @Test("durations take ms, s and m units")
    func durations() throws {
        #expect(try FaultFlags.duration("300ms") == .milliseconds(300))
        #expect(try FaultFlags.duration("1.5s") == .milliseconds(1500))
        #expect(try FaultFlags.duration("2m") == .seconds(120))
        #expect(try FaultFlags.duration(" 0 ") == .zero)
        #expect(try FaultFlags.duration("0.25ms") == .microseconds(250))
    }

    @Test(
        "bad durations name the value and the accepted forms",
        arguments: ["300", "ms", "-5ms", "1e3ms", "1..5s", "fast", "", "5h", "nanms", "9999999m"])
    func badDurations(_ text: String) {
        #expect {
            try FaultFlags.duration(text)
        } throws: { error in
            let error = error as? FaultFlagError
            return error?.value == text && error?.description.contains("300ms") == true
        }
    }

    @Test("latency takes ± or +- jitter")
    func latency() throws {
        #expect(try FaultFlags.latency("300ms") == .init(base: .milliseconds(300)))
        #expect(try FaultFlags.latency("300ms±100ms") == .init(base: .milliseconds(300), jitter: .milliseconds(100)))
        #expect(try FaultFlags.latency("1s+-50ms") == .init(base: .seconds(1), jitter: .milliseconds(50)))
        for bad in ["300ms±", "±100ms", "300ms±100ms±1ms", "slow", "300ms+-"] {
            #expect(throws: FaultFlagError.self, "\(bad)") { try FaultFlags.latency(bad) }
        }
        #expect((try? FaultFlags.latency("x±y")) == nil)
    }

    @Test("rates are 0...1 or percentages")
    func rates() throws {
        #expect(try FaultFlags.rate("0.1") == 0.1)
        #expect(try FaultFlags.rate("1") == 1)
        #expect(try FaultFlags.rate("0") == 0)
        #expect(try FaultFlags.rate("25%") == 0.25)
        for bad in ["1.5", "-0.1", "150%", "half", "", "nan", "0x1"] {
            #expect(throws: FaultFlagError.self, "\(bad)") { try FaultFlags.rate(bad) }
        }
        do {
            _ = try FaultFlags.rate("1.5")
        } catch {
            #expect(error.description == "invalid value \"1.5\": expected a rate from 0 to 1 (e.g. 0.1) or a percentage (e.g. 10%)")
        }
    }

    @Test("status lists are 400...599, comma-separated")
    func statuses() throws {
        #expect(try FaultFlags.statuses("500,502,503") == [500, 502, 503])
        #expect(try FaultFlags.statuses(" 504 ") == [504])
        for bad in ["", "200", "500,,502", "5xx", "500;502", "600"] {
            #expect(throws: FaultFlagError.self, "\(bad)") { try FaultFlags.statuses(bad) }
        }
    }

    @Test("slow body takes a pause, or bytes/pause")
    func slowBody() throws {
        #expect(try FaultFlags.slowBody("100ms") == .init(chunkBytes: 1024, interval: .milliseconds(100)))
        #expect(try FaultFlags.slowBody("64/50ms") == .init(chunkBytes: 64, interval: .milliseconds(50)))
        #expect(try FaultFlags.slowBody("64B/50ms") == .init(chunkBytes: 64, interval: .milliseconds(50)))
        for bad in ["0/50ms", "x/50ms", "64/", "64/50ms/1", "slow"] {
            #expect(throws: FaultFlagError.self, "\(bad)") { try FaultFlags.slowBody(bad) }
        }
    }

    @Test("chaos seeds are numbers or words")
    func chaosSeeds() throws {
        #expect(try FaultFlags.chaosSeed("42") == 42)
        #expect(try FaultFlags.chaosSeed("demo") == FaultFlags.chaosSeed("demo"))
        #expect(try FaultFlags.chaosSeed("demo") != FaultFlags.chaosSeed("demo2"))
        #expect(throws: FaultFlagError.self) { try FaultFlags.chaosSeed("  ") }
    }

    @Test("rate limits are off, users, or users/window")
    func rateLimits() throws {
        #expect(try FaultFlags.rateLimit("off") == nil)
        #expect(try FaultFlags.rateLimit("OFF") == nil)
        #expect(try FaultFlags.rateLimit("20000") == RateLimitConfiguration(maxUsers: 20_000, window: .seconds(300)))
        #expect(try FaultFlags.rateLimit("500/1m") == RateLimitConfiguration(maxUsers: 500, window: .seconds(60)))
        for bad in ["0", "-5", "lots", "500/0", "500/x", ""] {
            #expect(throws: FaultFlagError.self, "\(bad)") { try FaultFlags.rateLimit(bad) }
        }
    }

    @Test("a configuration is enabled only when some fault is on")
    func enabled() {
        #expect(!FaultConfiguration.none.isEnabled)
        #expect(!FaultConfiguration(chaosSeed: 9).isEnabled)
        #expect(FaultConfiguration(failRate: 0.1).isEnabled)
        #expect(FaultConfiguration(latency: .init(base: .milliseconds(1))).isEnabled)
        #expect(FaultConfiguration(failStatuses: []).failStatuses == [500, 502, 503])
    }
}
