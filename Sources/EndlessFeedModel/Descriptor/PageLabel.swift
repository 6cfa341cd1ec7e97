/// What the status bar needs to know about a page key: the seed and the page number.
public struct PageLabel: Hashable, Sendable {
    /// The list's seed, as the server reported it.
    public var seed: UntrustedText?
    /// The page number.
    public var page: Int?

    /// Creates a label.
    /// - Parameters:
    ///   - seed: the list's seed.
    ///   - page: the page number.
    public init(seed: UntrustedText? = nil, page: Int? = nil) {
        self.seed = seed
        self.page = page
    }
}
