import Endless

/// A feed's page source with its errors explained in the app's terms (which flag gives a key,
/// what the next key press does), so the list's error rows say what to do: one wrapper for
/// every feed, each giving its own `explain`.
struct ExplainingSource<Upstream: PageSource>: PageSource {
    let upstream: Upstream
    /// The app's account of an error of the upstream source; nil leaves it as it is.
    let explain: @Sendable (any Error) -> (any Error)?

    func load(_ request: PageRequest<Upstream.Key>) async throws -> Page<Upstream.Item, Upstream.Key> {
        do {
            return try await upstream.load(request)
        } catch {
            throw explain(error) ?? error
        }
    }

    func key(after key: Upstream.Key) -> Upstream.Key? {
        upstream.key(after: key)
    }
}
