import Testing

@testable import EndlessSimulator

@Suite("Fault injector")
struct FaultInjectorTests {
    private func decisions(_ configuration: FaultConfiguration, count: Int = 400, isAPI: Bool = true) -> [FaultDecision] {
        (0..<count).map {
            FaultInjector.decide(configuration, target: "/api/?page=\($0 % 20)", occurrence: UInt64($0 / 20), isAPI: isAPI)
        }
    }

    @Test("the same seed gives the same decisions; another seed other ones")
    func deterministic() {
        let configuration = FaultConfiguration(chaosSeed: 7, failRate: 0.3, truncateRate: 0.2, resetRate: 0.1)
        #expect(decisions(configuration) == decisions(configuration))
        var other = configuration
        other.chaosSeed = 8
        #expect(decisions(configuration) != decisions(other))
    }

    @Test("rates 0 and 1 are never and always; others land near their rate")
    func rates() {
        #expect(decisions(FaultConfiguration(chaosSeed: 1)).allSatisfy { $0.kind == nil })
        #expect(decisions(FaultConfiguration(chaosSeed: 1, resetRate: 1)).allSatisfy { $0.kind == .reset })
        let failures = decisions(FaultConfiguration(chaosSeed: 1, failRate: 0.25), count: 4000).filter {
            if case .fail = $0.kind { return true }
            return false
        }
        #expect((800...1200).contains(failures.count))
    }

    @Test("failures pick every configured status")
    func failStatuses() {
        let picked = Set(
            decisions(FaultConfiguration(chaosSeed: 3, failRate: 1, failStatuses: [502, 504])).compactMap {
                if case .fail(let status) = $0.kind { return status }
                return nil
            })
        #expect(picked == [502, 504])
    }

    @Test("the most drastic fault wins when several hit")
    func priority() {
        let all = FaultConfiguration(
            chaosSeed: 2, failRate: 1, throttleRate: 1, emptyResultsRate: 1, htmlRate: 1, truncateRate: 1, resetRate: 1)
        #expect(decisions(all).allSatisfy { $0.kind == .reset })
        var noReset = all
        noReset.resetRate = 0
        #expect(decisions(noReset).allSatisfy { if case .fail = $0.kind { true } else { false } })
        var onlyContent = noReset
        onlyContent.failRate = 0
        #expect(decisions(onlyContent).allSatisfy { $0.kind == .throttle })
    }

    @Test("portraits get transport faults only")
    func portraits() {
        let content = FaultConfiguration(chaosSeed: 4, throttleRate: 1, emptyResultsRate: 1, htmlRate: 1)
        #expect(decisions(content, isAPI: false).allSatisfy { $0.kind == nil })
        let truncating = FaultConfiguration(chaosSeed: 4, truncateRate: 1)
        #expect(decisions(truncating, isAPI: false).allSatisfy { if case .truncate = $0.kind { true } else { false } })
    }

    @Test("one fault's rate does not reshuffle another's decisions")
    func independentStreams() {
        let resets = FaultConfiguration(chaosSeed: 5, resetRate: 0.2)
        var plusLatency = resets
        plusLatency.latency = .init(base: .milliseconds(10), jitter: .milliseconds(5))
        #expect(decisions(resets).map(\.kind) == decisions(plusLatency).map(\.kind))
    }

    @Test("latency stays within base ± jitter, and varies")
    func latency() {
        let configuration = FaultConfiguration(chaosSeed: 6, latency: .init(base: .milliseconds(300), jitter: .milliseconds(100)))
        let delays = decisions(configuration).map(\.delay)
        #expect(delays.allSatisfy { $0 >= .milliseconds(200) && $0 <= .milliseconds(400) })
        #expect(Set(delays).count > 100)
        let fixed = decisions(FaultConfiguration(latency: .init(base: .milliseconds(50))))
        #expect(fixed.allSatisfy { $0.delay == .milliseconds(50) })
    }

    @Test("each occurrence of a target gets its own draw, so a retry can succeed")
    func occurrences() {
        let injector = FaultInjector(configuration: FaultConfiguration(chaosSeed: 11, failRate: 0.5))
        let first = (0..<64).map { _ in injector.decide(target: "/api/?seed=x", isAPI: true).kind }
        #expect(first.contains(nil))
        #expect(first.contains { $0 != nil })
        let again = FaultInjector(configuration: FaultConfiguration(chaosSeed: 11, failRate: 0.5))
        // Interleaving requests for another target does not change this target's sequence.
        let interleaved = (0..<64).map { _ -> FaultDecision.Kind? in
            _ = again.decide(target: "/api/portraits/men/1.jpg", isAPI: false)
            return again.decide(target: "/api/?seed=x", isAPI: true).kind
        }
        #expect(first == interleaved)
    }

    @Test("log notes name the fault and the delay")
    func notes() {
        #expect(FaultDecision(kind: .fail(status: 503), delay: .milliseconds(120)).note == "fault=fail-503 delay=120ms")
        #expect(FaultDecision(kind: nil).note == nil)
        #expect(
            FaultDecision(kind: .truncate(fraction: 0.5), slowBody: .init(interval: .milliseconds(1))).note
                == "fault=truncate slow-body")
    }
}
