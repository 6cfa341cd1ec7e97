#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal behind a file descriptor.
public enum TerminalSize {
    /// The column count from `TIOCGWINSZ`, or nil when `descriptor` is not a terminal or the
    /// terminal reports no size (some CI pseudo-terminals say 0).
    public static func columns(ofDescriptor descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
