/// Where the person is looking, as far as loading is concerned.
///
/// `lastSeen` is the index reported last. While a direction is loading, the hints merge every
/// index reported meanwhile (the furthest towards that end wins), so demand that arrives
/// during a load is acted on when the page lands instead of being dropped.
struct Demand {
    var lastSeen: Int?
    var appendHint: Int?
    var prependHint: Int?

    mutating func merge(_ index: Int, appendLoading: Bool, prependLoading: Bool) {
        lastSeen = index
        if appendLoading { appendHint = max(appendHint ?? index, index) }
        if prependLoading { prependHint = min(prependHint ?? index, index) }
    }

    /// The position to judge a direction by once its page has landed, consuming its hint.
    mutating func take(_ direction: LoadDirection) -> Int? {
        switch direction {
        case .append:
            defer { appendHint = nil }
            return appendHint ?? lastSeen
        case .prepend:
            defer { prependHint = nil }
            return prependHint ?? lastSeen
        case .refresh:
            return lastSeen
        }
    }

    /// Moves every remembered index by `offset` (a never-seen page was put before the first).
    mutating func shift(by offset: Int) {
        lastSeen = lastSeen.map { $0 + offset }
        appendHint = appendHint.map { $0 + offset }
        prependHint = prependHint.map { $0 + offset }
    }
}
