import Endless
import Foundation
import Synchronization

/// One row of the test feed: which page and place it is, and which "edition" of the server
/// sent it, so a test can tell a row from the network (the current edition) from a cached one.
struct Row: Codable, Identifiable, Sendable, Hashable {
    let id: Int
    let edition: Int
}

/// Why the test network failed.
struct NetworkDown: Error, CustomStringConvertible {
    var description: String { "the network is down" }
}

/// A stand-in for a network page source: numbered pages of ``Row``s, keys are page numbers
/// from 0, ten pages, then the end. A test bumps the ``edition`` (the server's data changed),
/// takes the network down, and reads what was asked for.
final class NetworkSource: PageSource, Sendable {
    typealias Key = Int

    struct State {
        var edition = 1
        var isDown = false
        /// What a request throws while the network is down.
        var failure: any Error = NetworkDown()
        var requests: [PageRequest<Int>] = []
    }

    let pageCount = 10
    let state = Mutex(State())

    func load(_ request: PageRequest<Int>) async throws -> Page<Row, Int> {
        let (edition, failure) = state.withLock { state in
            state.requests.append(request)
            return (state.edition, state.isDown ? state.failure : nil)
        }
        if let failure { throw failure }
        try Task.checkCancellation()
        return Self.page(request.key ?? 0, size: request.loadSize, edition: edition, pageCount: pageCount)
    }

    /// Page `number` as the server of `edition` sends it.
    static func page(_ number: Int, size: Int, edition: Int, pageCount: Int = 10) -> Page<Row, Int> {
        Page(
            items: (number * size..<(number + 1) * size).map { Row(id: $0, edition: edition) },
            previousKey: number > 0 ? number - 1 : nil, nextKey: number + 1 < pageCount ? number + 1 : nil, key: number)
    }

    var edition: Int {
        get { state.withLock { $0.edition } }
        set { state.withLock { $0.edition = newValue } }
    }

    var isDown: Bool {
        get { state.withLock { $0.isDown } }
        set { state.withLock { $0.isDown = newValue } }
    }

    /// What a request throws while ``isDown``: ``NetworkDown`` unless a test says otherwise.
    var failure: any Error {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    /// The keys asked for, in order (nil for a keyless refresh).
    var requestedKeys: [Int?] { state.withLock { $0.requests.map(\.key) } }

    var requestCount: Int { state.withLock { $0.requests.count } }
}
