import Glibc

/// termios and window-size calls, with errors as ``TerminalError``.
enum RawMode {
    /// The current settings of a terminal.
    static func attributes(of descriptor: Int32) throws(TerminalError) -> termios {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { throw .lastError("tcgetattr") }
        return settings
    }

    /// Raw mode as `cfmakeraw` makes it: no echo, no line editing, no CR/LF translation, and
    /// no signals from keys (ISIG off). Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys, so the app
    /// decides what they do; the session turns Ctrl-Z into a proper suspend by default.
    static func raw(from original: termios) -> termios {
        var settings = original
        cfmakeraw(&settings)
        return settings
    }

    /// Applies settings once queued output has been written.
    static func apply(_ settings: termios, to descriptor: Int32) throws(TerminalError) {
        var copy = settings
        while tcsetattr(descriptor, TCSADRAIN, &copy) != 0 {
            if errno != EINTR { throw .lastError("tcsetattr") }
        }
    }

    /// The window size in cells and, when the terminal reports it, in pixels.
    static func windowSize(of descriptor: Int32) -> (cells: Size, pixels: Size?)? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0 else { return nil }
        return windowSize(size)
    }

    /// The size a window reported as `size` is drawn at: nil without cells; within
    /// ``Size/largestWindowSide`` each way, its pixels (when reported) cut in proportion, so
    /// that pixels over cells is still the size of a cell (nil when that leaves none).
    static func windowSize(_ size: winsize) -> (cells: Size, pixels: Size?)? {
        guard size.ws_col > 0, size.ws_row > 0 else { return nil }
        let reported = Size(width: Int(size.ws_col), height: Int(size.ws_row))
        let cells = reported.boundedToWindow
        guard size.ws_xpixel > 0, size.ws_ypixel > 0 else { return (cells, nil) }
        let pixels = Size(
            width: Int(size.ws_xpixel) * cells.width / reported.width, height: Int(size.ws_ypixel) * cells.height / reported.height)
        // Cut to nothing (fewer pixels than cells), they say nothing of a cell's size.
        return (cells, pixels.width > 0 && pixels.height > 0 ? pixels : nil)
    }

    /// Writes all bytes, retrying after interruptions and waiting when the descriptor is
    /// non-blocking and full.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(TerminalError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, 1000)
            } else {
                throw .lastError("write")
            }
        }
    }
}
