import CCurl

/// Easy handles kept between transfers on the engine's thread, reset and ready for the next.
///
/// A new easy handle is a zeroed allocation of several kilobytes, and its first transfer
/// allocates the receive buffer (``CurlOptions/bufferSize``, 64 KiB); freeing both after every
/// transfer made glibc consolidate its free lists each time. A row's picture is a transfer of
/// its own, so a held `j` over people made and freed a handle for each face: a quarter of
/// the transfer thread's time went to `malloc` and `free` (issue 29). A handle given back is
/// `curl_easy_reset`: every option returns to its default (headers, callbacks and their
/// context, the error buffer), while the buffer it allocated stays for the next transfer.
/// Connections belong to the multi handle either way.
///
/// Only the engine's thread uses a pool, so it needs no lock.
struct CurlHandlePool {
    /// The most idle handles kept: one for each connection a host may have, as that many
    /// transfers run at once when pictures stream in.
    static let capacity = CurlMulti.maxConnectionsPerHost

    private var idle: [UnsafeMutableRawPointer] = []
    /// Handles made so far (for tests: every other transfer reused one).
    private(set) var made = 0

    /// An idle handle, or a new one; nil when libcurl cannot make one.
    mutating func take() -> UnsafeMutableRawPointer? {
        if let handle = idle.popLast() { return handle }
        guard let handle = curl_easy_init() else { return nil }
        made += 1
        return handle
    }

    /// Takes back a handle removed from the multi handle: reset and kept, or freed when the
    /// pool is full.
    mutating func give(_ handle: UnsafeMutableRawPointer) {
        guard idle.count < Self.capacity else { return curl_easy_cleanup(handle) }
        curl_easy_reset(handle)
        idle.append(handle)
    }

    /// Frees every idle handle (the engine is stopping).
    mutating func drain() {
        for handle in idle { curl_easy_cleanup(handle) }
        idle.removeAll()
    }
}
