/// Pull to refresh with a mouse wheel: notches turned up while the list is at its top fill
/// an indicator, and a full indicator triggers a refresh.
///
/// A wheel has no release event to tell a deliberate pull from an overshoot at the top of a
/// scroll, so the pull asks for several notches in a row and lets go when the person stops
/// (``release()``, which the view model calls after ``releaseDelay`` without a notch).
public struct PullGesture: Hashable, Sendable {
    /// Notches that make a full pull.
    public static let defaultNotches = 4
    /// How long a pull holds without another notch before it lets go.
    public static let releaseDelay: Duration = .milliseconds(700)

    /// Notches so far.
    public private(set) var notches = 0
    /// Notches that make a full pull.
    public let notchesToTrigger: Int

    /// A pull at rest.
    public init(notchesToTrigger: Int = defaultNotches) {
        self.notchesToTrigger = max(1, notchesToTrigger)
    }

    /// How full the indicator is, from 0 to 1.
    public var progress: Double { Double(notches) / Double(notchesToTrigger) }

    /// Whether the indicator shows.
    public var isActive: Bool { notches > 0 }

    /// One notch up at the top. Returns true when it completes the pull (the pull then rests
    /// again, ready for the next one).
    public mutating func notch() -> Bool {
        notches += 1
        guard notches >= notchesToTrigger else { return false }
        notches = 0
        return true
    }

    /// Lets go without refreshing.
    public mutating func release() {
        notches = 0
    }
}
