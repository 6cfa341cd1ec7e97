import Glibc

/// Writes `count` bytes from `bytes` to `descriptor`, again after an interruption, until done
/// or the descriptor fails. Async-signal-safe (no allocation, no lock, no Swift runtime call):
/// for the signal and crash handlers, which cannot use ``RawMode``'s throwing array writer.
func writeFromSignalHandler(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, count: Int) {
    var offset = 0
    while offset < count {
        let written = write(descriptor, bytes + offset, count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}
