import Glibc

/// Gives the memory of large responses back to the system once they are sent.
///
/// glibc keeps what large responses leave behind. After the first large block is freed it
/// raises its mmap threshold (up to 32 MiB), so later bodies come from the heap arenas, one
/// per worker thread, and the free space at the top of a thread's arena stays resident:
/// `malloc_trim` releases free chunks inside the arenas but never the top of a thread's one.
/// So the server does two things, both process-wide and harmless to other code:
/// - when the first server starts, it pins the mmap threshold at ``mmapThreshold`` (1 MiB):
///   every block that large gets its own mapping, returned to the system when freed, and
///   pinning also keeps glibc's trim threshold at its 128 KiB default;
/// - after ``threshold`` bytes of responses are released (or ``idleThreshold`` once nothing
///   is held), the I/O thread calls `malloc_trim(0)` for what fragmentation left.
///
/// Neither function is in Swift's Glibc module, so both are looked up by name; with another
/// libc they are missing and nothing happens.
enum MemoryRelease {
    /// Released bytes after which the loop trims even while busy.
    static let threshold = 32 * 1024 * 1024
    /// Released bytes after which an idle loop trims.
    static let idleThreshold = 1024 * 1024
    /// Blocks this large or larger get their own mapping, returned to the system on free.
    static let mmapThreshold: Int32 = 1024 * 1024

    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias SetOption = @convention(c) (Int32, Int32) -> Int32
    /// glibc's `M_MMAP_THRESHOLD` (malloc.h).
    private static let mmapThresholdOption: Int32 = -3

    /// Pins glibc's mmap threshold, once per process.
    static let pinThreshold: Void = {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: SetOption.self)(mmapThresholdOption, mmapThreshold)
    }()

    private static let trim: Trim? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Asks the allocator to return free memory; returns whether it could be asked.
    @discardableResult
    static func giveBack() -> Bool {
        guard let trim else { return false }
        _ = trim(0)
        return true
    }
}
