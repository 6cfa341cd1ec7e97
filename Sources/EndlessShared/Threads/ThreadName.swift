#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's name for a thread of our own (`endless-input`, `endless-curl`), so that
/// `top -H`, a profile or /proc/PID/task tells it from dispatch's threads. Neither Foundation's
/// `Thread.name` (it does not reach the kernel on Linux) nor Glibc's `pthread_setname_np` (not
/// visible to Swift) does it, so it is written to /proc/thread-self/comm.
package enum ThreadName {
    /// Names the calling thread `name`, cut to the kernel's 15 bytes; nothing if /proc is absent.
    package static func set(_ name: String) {
        #if canImport(Glibc)
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            let bytes = Array(name.utf8.prefix(15))
            _ = write(descriptor, bytes, bytes.count)
            close(descriptor)
        #endif
    }
}
