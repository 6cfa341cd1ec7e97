/// Process exit statuses, following the BSD sysexits spirit that tools such as
/// swift-argument-parser use: 2 for a command line that cannot run.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// The command ran and failed: a network or API error.
    case failure = 1
    /// The command line was wrong; nothing was attempted.
    case usage = 2
}
