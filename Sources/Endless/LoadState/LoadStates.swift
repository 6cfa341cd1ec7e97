/// The ``LoadState`` of each direction of a ``Feed``: refresh, append and prepend.
public struct LoadStates: Sendable, CustomStringConvertible {
    /// The state of the first page load: the spinner at the top, or the banner on failure.
    public var refresh: LoadState
    /// The state of loading more at the end: the footer.
    public var append: LoadState
    /// The state of loading more at the start (reloading dropped pages).
    public var prepend: LoadState

    /// Creates load states; a new feed starts with every direction idle.
    ///
    /// - Parameters:
    ///   - refresh: the refresh state.
    ///   - append: the append state.
    ///   - prepend: the prepend state.
    public init(refresh: LoadState = .idle, append: LoadState = .idle, prepend: LoadState = .idle) {
        self.refresh = refresh
        self.append = append
        self.prepend = prepend
    }

    /// The state of one direction.
    ///
    /// - Parameter direction: refresh, append or prepend.
    /// - Returns: that direction's state.
    public subscript(direction: LoadDirection) -> LoadState {
        get {
            switch direction {
            case .refresh: refresh
            case .append: append
            case .prepend: prepend
            }
        }
        set {
            switch direction {
            case .refresh: refresh = newValue
            case .append: append = newValue
            case .prepend: prepend = newValue
            }
        }
    }

    /// How many directions have a load in flight (0 to 3). With pipelined appends a direction
    /// may have several: `Feed.loadsInFlight` counts the loads themselves.
    public var loadingCount: Int {
        LoadDirection.allCases.filter { self[$0].isLoading }.count
    }

    /// `refresh=… append=… prepend=…`.
    public var description: String {
        "refresh=\(refresh) append=\(append) prepend=\(prepend)"
    }
}
