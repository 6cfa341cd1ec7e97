import Endless
import Observation

// The code of the article "Binding a SwiftUI list" (Sources/Endless/Endless.docc) that
// compiles on Linux: what SwiftUI does with the feed, done by hand.

// listing: observation
/// Reads what a list's `body` reads, and calls `redraw` once when any of it
/// changes: what SwiftUI does for a view that reads an `@Observable` object.
@MainActor
func rowsOnce(
    of feed: Feed<PeopleSource>, redraw: @escaping @Sendable () -> Void
) -> [String] {
    withObservationTracking {
        feed.items.map(\.name) + [footerText(for: feed.loadStates.append) ?? ""]
    } onChange: {
        redraw()
    }
}
// end listing
