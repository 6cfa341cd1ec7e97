/// What a market list has shown so far, to notice coins that moved past the pages already
/// loaded: the ids served, and how many ranks the pages fetched cover.
///
/// Ranks move while a person pages (a price moves, the order by market cap changes), so page
/// `n` of `per_page` coins is not the continuation of page `n - 1` as it was fetched. The feed
/// drops coins it shows already; the ledger finds the ones that would otherwise be skipped.
/// When page `n` is fetched, the `(n - 1) × per_page` ranks above it hold every coin served
/// (minus those that fell below), so
///
///     missing ≥ (n - 1) × per_page − served + (coins of page n already served)
///
/// coins above the page have never been shown: they rose past the boundary after their page
/// was loaded (a coin that moved from page 3 to page 2 after page 2 was loaded), or were listed
/// since. The bound is exact when no coin served has fallen below the page, and at the last
/// page always. When it is positive the source reads the ranks above again to find them.
actor MarketLedger {
    /// Figures for tests and the status line.
    struct Statistics: Sendable, Equatable {
        /// Coins found above the page being loaded and added to it.
        var risersFound = 0
        /// Extra requests made to find them.
        var repairRequests = 0
        /// Coins known to be missing that the repair's budget did not find.
        var unresolved = 0
    }

    private var list = 0
    private var served: Set<String> = []
    private(set) var statistics = Statistics()

    /// How many coins the current list has shown: a refresh reads that many again.
    var depth: Int { served.count }

    /// Starts a new list after a refresh's first page arrived.
    /// - Parameter ids: the ids of that page.
    /// - Returns: the new list's number.
    func startList(with ids: [String]) -> Int {
        list += 1
        served = Set(ids)
        return list
    }

    /// The ids of `window` not shown yet, and a lower bound on the coins above it never shown.
    /// - Parameters:
    ///   - list: the list the page belongs to; an older list's page is not reconciled.
    ///   - ranksAbove: how many ranks lie above the page.
    ///   - window: the page's ids, as fetched.
    /// - Returns: nil for an older list's page.
    func reconcile(list: Int, ranksAbove: Int, window: [String]) -> (fresh: Set<String>, missing: Int)? {
        guard list == self.list else { return nil }
        let windowSet = Set(window)
        let alreadyServed = windowSet.intersection(served).count
        return (windowSet.subtracting(served), max(0, ranksAbove - served.count + alreadyServed))
    }

    /// The ids among `ids` the current list has not shown.
    func unserved(among ids: [String]) -> Set<String> { Set(ids).subtracting(served) }

    /// Records what a page of `list` showed.
    /// - Parameters:
    ///   - list: the page's list.
    ///   - ids: the ids it added.
    ///   - risers: how many of them were found above it.
    ///   - repairRequests: requests made to find them.
    ///   - unresolved: coins known missing but not found.
    func record(list: Int, ids: [String], risers: Int, repairRequests: Int, unresolved: Int) {
        guard list == self.list else { return }
        served.formUnion(ids)
        statistics.risersFound += risers
        statistics.repairRequests += repairRequests
        statistics.unresolved += unresolved
    }
}
