import Endless
import Observation
import Synchronization

/// Watches what a band of the screen read when it was last composed, so that later frames
/// copy the band without reading any of it while none of it changed.
///
/// A band memo (``BandMemo``) still gathers everything the band shows, every frame, to
/// compare it with what it was drawn from; for the status bar that is the tab's notes, the
/// figures and their text, and every one of those reads is observed again by each frame
/// (issue 29: a held `j` changes none of them). Composed inside an observation of its own,
/// the band is known to be current until that observation fires, which marks it for the next
/// frame and asks for one (`onChange`). Some of what a band shows is observed by nobody (a
/// cache's age, the requests an API has left): a band older than ``maximumAge`` is read
/// again by the next frame (``hasOnlyAged(at:)``), and composed again only if what it shows
/// changed (otherwise ``confirm(at:)``); a band copied since it was composed asks for one more
/// frame once it has aged (``copiedSinceComposed``), so the last frame of a burst never leaves
/// such a figure behind for longer than that.
///
/// One observation is live at a time, as with the loop's ``FrameTicket``: composing renews
/// the ticket, which retires the observation before it.
@MainActor
final class BandWatch {
    /// The oldest a band is copied at: what nobody observes shows at most this late.
    static let maximumAge: Duration = .milliseconds(500)

    /// Whether what the band read changed since it was composed; set from any thread.
    private final class Flag: Sendable {
        private let value = Atomic<Bool>(true)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set(_ newValue: Bool) { value.store(newValue, ordering: .releasing) }
    }

    private let ticket = FrameTicket()
    private let changed = Flag()
    private var composedAt: Duration?
    private let onChange: @Sendable () -> Void
    /// Times the band was composed under watch (for tests).
    private(set) var composed = 0
    /// Whether a frame copied the band since it was composed: it may show a figure nobody
    /// observes as it was up to ``maximumAge`` before, so a frame should follow once it aged.
    private(set) var copiedSinceComposed = false

    /// Creates a watch.
    /// - Parameter onChange: called, from any thread, when something the band read changes:
    ///   the band will show it in the next frame, which must be asked for.
    init(onChange: @escaping @Sendable () -> Void = {}) {
        self.onChange = onChange
    }

    /// Whether the band composed last still shows what it would show at `now` (time since the
    /// app started): nothing it read changed, and it is younger than ``maximumAge``.
    func isCurrent(at now: Duration) -> Bool {
        guard let composedAt, !changed.isSet else { return false }
        return now - composedAt < Self.maximumAge && now >= composedAt
    }

    /// Whether the band composed last is current but for its age: nothing it read that is
    /// observed changed, but it is older than ``maximumAge``. Only what nobody observes may
    /// have changed: a caller reads that again and, when the band would show the same, says so
    /// (``confirm(at:)``) instead of composing it under a new observation, whose installing
    /// and retiring cost more than the reading (issue 29: a held key ages the bar twice a
    /// second).
    func hasOnlyAged(at now: Duration) -> Bool {
        composedAt != nil && !changed.isSet && !isCurrent(at: now)
    }

    /// Records that the band, aged (``hasOnlyAged(at:)``), was read again at `now` and shows
    /// what it showed: the observation installed when it was composed still stands, and its
    /// age counts from `now`.
    ///
    /// What was read is what the composing read, as long as what nobody observes gave the
    /// same figures: only such a figure changing could lead the reads elsewhere, and then the
    /// band differs and is composed.
    func confirm(at now: Duration) {
        copiedSinceComposed = false
        composedAt = now
        confirmed += 1
    }

    /// Times an aged band was read again and found the same (for tests).
    private(set) var confirmed = 0

    /// Records that a frame copied the band.
    func copied() {
        copiedSinceComposed = true
    }

    /// Composes the band with `compose`, observing what it reads from now on.
    func compose<Result>(at now: Duration, _ compose: () -> Result) -> Result {
        copiedSinceComposed = false
        let generation = ticket.renew()
        changed.set(false)
        composedAt = now
        composed += 1
        let ticket = self.ticket
        let changed = self.changed
        let onChange = self.onChange
        return withObservationTracking {
            _ = ticket.number
            // Observed on its own even inside a frame's coarse observation: told of every
            // change anywhere, the band would be composed again at every key.
            return FrameObservation.fine(compose)
        } onChange: {
            guard ticket.isCurrent(generation) else { return }
            changed.set(true)
            onChange()
        }
    }
}
