import CCurl

/// `curl_global_init`, once per process, before the first handle (FoundationNetworking calls
/// it too; libcurl counts the calls).
enum CurlGlobal {
    static let isInitialised: Bool = curl_global_init(ccurl_global_default()) == CURLE_OK
}

/// A libcurl multi handle: a connection pool and the transfers running on it.
///
/// `@unchecked Sendable`: only ``wakeup()``, which libcurl allows from any thread, is called
/// off the engine's thread; everything else runs there.
final class CurlMulti: @unchecked Sendable {
    /// Connections to one host at once, as URLSession's `httpMaximumConnectionsPerHost`.
    static let maxConnectionsPerHost = 6

    private let multi: UnsafeMutableRawPointer

    /// Makes the multi handle; nil when libcurl cannot.
    init?() {
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.maxConnectionsPerHost)
    }

    /// Wakes a ``poll(milliseconds:)`` in progress, or the next one.
    func wakeup() {
        _ = curl_multi_wakeup(multi)
    }

    /// Waits for a socket, one of libcurl's timers, a ``wakeup()`` or `milliseconds`.
    func poll(milliseconds: Int32) {
        var ready: Int32 = 0
        _ = curl_multi_poll(multi, nil, 0, milliseconds, &ready)
    }

    /// Moves every transfer on as far as its sockets allow; callbacks run here.
    func perform() {
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
    }

    /// The next finished transfer's handle and result, if any.
    func nextFinished() -> (UnsafeMutableRawPointer, CURLcode)? {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            return (handle, message.pointee.data.result)
        }
        return nil
    }

    /// Adds an easy handle; false if libcurl refuses it.
    func add(_ handle: UnsafeMutableRawPointer) -> Bool {
        curl_multi_add_handle(multi, handle) == CURLM_OK
    }

    /// Removes an easy handle (harmless when it was never added).
    func remove(_ handle: UnsafeMutableRawPointer) {
        _ = curl_multi_remove_handle(multi, handle)
    }

    /// Frees the multi handle and closes its connections: the last call.
    func cleanup() {
        _ = curl_multi_cleanup(multi)
    }
}
