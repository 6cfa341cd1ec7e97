import Endless

/// How a feed pages, as the feed declares it; the browser's shared settings (refresh cooldown,
/// memory bound) are added by ``TabEnvironment/feedConfiguration(_:)``.
public enum FeedPaging: Sendable, Equatable {
    /// `pageSize` items a page, loads pipelined and prefetch adapted to the measured latency and
    /// scroll speed, memory bounded: for sources whose keys are known in advance.
    case adaptive(pageSize: Int)
    /// `pageSize` items a page, `distance` items loaded ahead of the last one on screen, one page
    /// at a time, memory bounded: for a rate-limited budget (a request not spent on a page
    /// nobody may reach).
    case fixedAhead(pageSize: Int, distance: Int)
    /// `pageSize` items a page, every page kept: a live ranking, whose pages cannot be reloaded
    /// as they were.
    case keepingEveryPage(pageSize: Int)
}
