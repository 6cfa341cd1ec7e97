/// How much work one statement of a connection may do before it is stopped: a bound on what a
/// file can make the cache do, however it was made.
///
/// The cache's own statements touch at most a feed's pages (a few thousand rows), so they
/// take well under a million of SQLite's virtual-machine steps; a file that makes one take
/// ``defaultSteps`` is not a file this cache wrote (a view over an endless recursive query, a
/// table of a hundred million rows), and the statement ends with `SQLITE_INTERRUPT`
/// (``SQLiteError/exceededBudget``), which the cache treats as damage. The budget counts
/// steps, not time: a statement that waited for another process's lock, or ran on a loaded
/// machine, is not mistaken for a hostile one, and the same file always gets the same answer.
struct StatementBudget: Sendable, Equatable {
    /// The most virtual-machine steps one statement (or one ``SQLiteDatabase/execute(_:)``)
    /// may take.
    var steps: Int

    /// 200 million steps: a fraction of a second to a few seconds of one core (the recursive
    /// query of the tests runs about 60 million steps a second here); the cache's largest
    /// statement on a full 8 MiB feed (the eviction scan) takes under a million.
    static let defaultSteps = 200_000_000

    /// The default budget.
    static let `default` = StatementBudget(steps: defaultSteps)
}

/// What the progress handler of one connection watches: the cancellation flag another thread
/// may set, and the budget of the statement running. Touched only on the connection's own
/// thread (the flag is atomic).
final class StatementWatch {
    /// How often SQLite calls the handler, in steps: a few microseconds apart.
    static let stepsPerCall: Int32 = 100

    /// Set by ``SQLiteDatabase/stop(when:)``.
    var cancellation: SQLiteCancellation?
    /// The budget, in steps.
    let steps: Int
    /// Handler calls a statement may take.
    private let callsPerStatement: Int
    private var callsLeft: Int
    /// Whether the statement running (or the last one) ran out of its budget.
    private(set) var exceeded = false

    init(budget: StatementBudget) {
        steps = budget.steps
        callsPerStatement = max(1, budget.steps / Int(Self.stepsPerCall))
        callsLeft = callsPerStatement
    }

    /// A statement starts: it gets the whole budget.
    func startStatement() {
        callsLeft = callsPerStatement
        exceeded = false
    }

    /// The handler's answer: true to interrupt the statement.
    func shouldInterrupt() -> Bool {
        if cancellation?.isCancelled == true { return true }
        callsLeft -= 1
        if callsLeft > 0 { return false }
        exceeded = true
        return true
    }
}
