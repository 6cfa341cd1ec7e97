/// How much work one statement of a connection may do before it is stopped: a bound on what a
/// file can make the cache do, however it was made.
///
/// The cache's own statements touch at most the feeds' pages (a few thousand rows each), so
/// they take at most a few million of SQLite's virtual-machine steps; a file that makes one take
/// ``defaultSteps`` is not a file this cache wrote (a view over an endless recursive query, a
/// table of a hundred million rows), and the statement ends with `SQLITE_INTERRUPT`
/// (``SQLiteError/exceededBudget``), which the cache treats as damage. The budget counts
/// steps, not time: a statement that waited for another process's lock, or ran on a loaded
/// machine, is not mistaken for a hostile one, and the same file always gets the same answer.
struct StatementBudget: Sendable, Equatable {
    /// The most virtual-machine steps one statement (or one ``SQLiteDatabase/execute(_:)``)
    /// may take.
    var steps: Int

    /// 50 million steps: a fraction of a second of one core (a recursive count takes 17 steps
    /// a row, 3 million rows). The cache's own statements take far less: the eviction scan
    /// about 32 steps a page, 130,000 for a full 8 MiB feed of 2 KiB pages; clearing four full
    /// feeds (16,000 rows, their triggers and cascades) under 2 million (the tests check it).
    static let defaultSteps = 50_000_000

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
