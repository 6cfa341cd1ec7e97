import Foundation
import Synchronization

/// A market whose order a test rewrites between requests: `/coins/markets` pages are cut from
/// the ranking as it is when each request arrives, the way the live service's are.
final class ScriptedMarket: Sendable {
    private let state: Mutex<[String]>
    /// Called before each markets request is answered, with the request's number (from 0), its
    /// `per_page`, and the ranking, which it may change.
    private let move: @Sendable (Int, Int, inout [String]) -> Void

    init(coins: Int, move: @escaping @Sendable (Int, Int, inout [String]) -> Void = { _, _, _ in }) {
        state = Mutex((1...coins).map { "coin-\($0)" })
        self.move = move
    }

    /// The ranking now.
    var ranking: [String] { state.withLock { $0 } }

    /// The transport serving this market.
    func transport() -> ScriptedTransport {
        ScriptedTransport { [self] request, number in
            let perPage = Int(ScriptedTransport.query(request, "per_page") ?? "") ?? 100
            let page = Int(ScriptedTransport.query(request, "page") ?? "") ?? 1
            let ids = state.withLock { ranking -> ArraySlice<String> in
                move(number, perPage, &ranking)
                let start = min(ranking.count, (page - 1) * perPage)
                return ranking[start..<min(ranking.count, start + perPage)]
            }
            let objects = ids.enumerated().map { offset, id in
                #"{"id":"\#(id)","symbol":"\#(id.uppercased())","name":"\#(id)","market_cap_rank":\#((page - 1) * perPage + offset + 1)}"#
            }
            return .json("[" + objects.joined(separator: ",") + "]")
        }
    }
}
