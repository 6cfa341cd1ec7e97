import EndlessDigest

/// Per-client counts in fixed windows, for the services' rate limits: a client's window starts
/// at its first request and starts again once it has ended.
///
/// Memory stays bounded whatever clients arrive. A client is kept as a 16-byte digest of its
/// name, so a 30 KB access key costs what a 4-byte address costs (and no key is kept in
/// memory as sent); and at most ``capacity`` clients are kept. When a new one comes and the
/// table is full, ended windows are dropped first, then the window that started longest ago:
/// that client starts afresh, the price of the bound (a flood of new names could have been new
/// clients with fresh budgets anyway).
///
/// Not thread-safe: a limiter keeps it in a `Mutex`. Every operation is O(1) amortized: the
/// windows are queued in the order they started, which is also the order they end in.
struct RateWindows: Sendable {
    /// One client's window.
    struct Window: Sendable, Equatable {
        /// When it started, on the limiter's stopwatch.
        var start: Duration
        /// What was counted in it.
        var used: Int
    }

    /// A client, as a digest of its name.
    private struct Client: Hashable, Sendable {
        var high: UInt64
        var low: UInt64

        init(_ name: String) {
            let digest = Digest.sha256.hash(name.utf8)
            high = digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
            low = digest.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// The limiters' default: 10,000 clients, about a megabyte.
    static let defaultCapacity = 10_000

    /// How long a window lasts.
    let length: Duration
    /// The most clients kept at once.
    let capacity: Int
    private var windows: [Client: Window] = [:]
    /// Window starts, oldest first; an entry whose client has since started a new window (or
    /// was dropped) is stale and skipped.
    private var starts: [(client: Client, start: Duration)] = []
    private var head = 0

    /// - Parameters:
    ///   - length: how long a window lasts.
    ///   - capacity: the most clients kept at once (at least 1).
    init(length: Duration, capacity: Int = defaultCapacity) {
        self.length = length
        self.capacity = max(1, capacity)
    }

    /// Clients kept now.
    var count: Int { windows.count }

    /// `client`'s window if it has not ended at `now`, else nil.
    mutating func window(of client: String, at now: Duration) -> Window? {
        dropEnded(at: now)
        return windows[Client(client)]
    }

    /// Adds `amount` to `client`'s window, starting one if it has none at `now`.
    /// - Returns: the window after the addition.
    @discardableResult
    mutating func add(_ amount: Int, to client: String, at now: Duration) -> Window {
        dropEnded(at: now)
        let key = Client(client)
        var window: Window
        if let live = windows[key] {
            window = live
        } else {
            if windows.count >= capacity { dropOldest() }
            window = Window(start: now, used: 0)
            starts.append((key, now))
        }
        let (sum, overflow) = window.used.addingReportingOverflow(max(0, amount))
        window.used = overflow ? .max : sum
        windows[key] = window
        return window
    }

    /// Drops the windows that have ended, from the oldest: the queue is in start order, so they
    /// are a prefix of it.
    private mutating func dropEnded(at now: Duration) {
        while head < starts.count, now - starts[head].start >= length {
            let entry = starts[head]
            if windows[entry.client]?.start == entry.start { windows[entry.client] = nil }
            head += 1
        }
        compact()
    }

    /// Drops the live window that started first.
    private mutating func dropOldest() {
        while head < starts.count {
            let entry = starts[head]
            head += 1
            if windows[entry.client]?.start == entry.start {
                windows[entry.client] = nil
                break
            }
        }
        compact()
    }

    /// Forgets the queue's consumed entries once they are half of it.
    private mutating func compact() {
        if head > 0, head * 2 >= starts.count {
            starts.removeFirst(head)
            head = 0
        }
    }
}
