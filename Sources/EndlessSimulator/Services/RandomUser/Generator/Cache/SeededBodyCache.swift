import EndlessShared
import Synchronization

/// The encoded bodies of seeded pages, kept so that asking for one again costs a lookup
/// instead of a generation: a seeded page is the same bytes every time (GENERATOR.md §2),
/// and a client scrolling an endless list, or reloading pages it dropped, asks for the same
/// pages again and again. It is what a real service puts in front of such an endpoint.
///
/// - **Keyed by the normalised query**: the request after the official sanitizing rules
///   (``GeneratorRequest``) and the portrait base URL, so `seed=a&results=20` and
///   `results=20&seed=a&foo=1` share an entry, and so do the spellings of one page.
/// - **Exact**: the only part of a seeded body that depends on the clock is the ages
///   (`dob.age`, `registered.age`). An entry keeps each age with its instant and is served
///   only while every age is still the one it holds at the moment of the request; a page
///   in which a birthday has passed is generated afresh (and replaces the entry).
/// - **Bounded**: at most ``budgetBytes`` of bodies; bodies larger than ``maxBodyBytes``
///   (the 5,000-user pages) are never kept, so one of them cannot push out hundreds of
///   ordinary pages. The least recently used entry goes first.
/// - Unseeded requests are never stored: their default seed is new every time.
///
/// Shared by every worker thread of the server, behind one lock held only for lookups and
/// insertions (never while generating).
public final class SeededBodyCache: Sendable {
    /// 8 MiB: some 350 pages of 20 people, in the process that embeds the simulator.
    public static let defaultBudgetBytes = 8 * 1024 * 1024
    /// 1 MiB: pages of up to some 900 people are kept.
    public static let defaultMaxBodyBytes = 1024 * 1024

    /// The most bytes of bodies kept at once.
    public let budgetBytes: Int
    /// The largest body kept.
    public let maxBodyBytes: Int

    private let state: Mutex<LRUList<SeededPageKey, SeededBodyEntry>>
    private let counters = Mutex(Statistics())

    /// What the cache has done so far.
    public struct Statistics: Sendable, Equatable {
        /// Answers served from the cache.
        public var hits = 0
        /// Seeded requests that had to be generated (absent, or a birthday had passed).
        public var misses = 0
        /// Entries found whose ages had changed since they were stored.
        public var stale = 0
        /// Entries now held.
        public var entries = 0
        /// Bytes of bodies now held.
        public var bytes = 0
    }

    /// Creates an empty cache.
    /// - Parameters:
    ///   - budgetBytes: the most bytes of bodies to keep.
    ///   - maxBodyBytes: the largest body to keep.
    public init(budgetBytes: Int = defaultBudgetBytes, maxBodyBytes: Int = defaultMaxBodyBytes) {
        self.budgetBytes = max(0, budgetBytes)
        self.maxBodyBytes = max(0, min(maxBodyBytes, budgetBytes))
        state = Mutex(LRUList(costLimit: self.budgetBytes, countLimit: .max))
    }

    /// Hits, misses and what is held now.
    public var statistics: Statistics {
        var statistics = counters.withLock { $0 }
        (statistics.entries, statistics.bytes) = state.withLock { ($0.count, $0.totalCost) }
        return statistics
    }

    /// The cached answer for `key`, if it holds one whose ages are those at `ages`' instant.
    /// - Parameter countsMiss: whether a miss is counted (a look before generating counts;
    ///   the I/O thread's look, followed by the worker's, does not count twice).
    func response(for key: SeededPageKey, ages: AgeCalculator, countsMiss: Bool = true) -> GeneratedResponse? {
        guard let entry = state.withLock({ $0.value(for: key) }) else {
            if countsMiss { counters.withLock { $0.misses += 1 } }
            return nil
        }
        // Checked outside the lock: the entry is an immutable value.
        guard entry.agesHold(at: ages) else {
            if countsMiss {
                counters.withLock {
                    $0.misses += 1
                    $0.stale += 1
                }
            }
            return nil
        }
        counters.withLock { $0.hits += 1 }
        return entry.response
    }

    /// Keeps `response` for `key`, with the instants whose ages it shows.
    func store(_ response: GeneratedResponse, for key: SeededPageKey, ageInstants: [Int64], ages: AgeCalculator) {
        let cost = response.body.count + key.cost + ageInstants.count * 9
        guard response.body.count <= maxBodyBytes, cost <= budgetBytes else { return }
        let entry = SeededBodyEntry(
            response: response, instants: ageInstants, ages: ageInstants.map { ages.age(at: $0) })
        state.withLock { $0.insert(entry, for: key, cost: cost) }
    }
}

/// What identifies a seeded page's bytes: the normalised request and where portraits live.
struct SeededPageKey: Hashable, Sendable {
    var request: GeneratorRequest
    var portraitBaseURL: String

    /// Roughly what the key itself holds, counted against the budget with the body.
    var cost: Int { 256 + portraitBaseURL.utf8.count + request.streamSeedText.utf8.count * 2 }
}

/// One cached page: its answer and the ages it shows, with the instants they were computed from.
struct SeededBodyEntry: Sendable {
    let response: GeneratedResponse
    let instants: [Int64]
    let ages: [Int]

    /// Whether every age in the body is still the one at `calculator`'s instant.
    func agesHold(at calculator: AgeCalculator) -> Bool {
        for index in instants.indices where calculator.age(at: instants[index]) != ages[index] {
            return false
        }
        return true
    }
}
