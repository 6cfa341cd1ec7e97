import Endless
import EndlessFeedModel
import EndlessHTTP
import Observation

// The code of the article "Binding a SwiftUI list" (Sources/EndlessFeedModel/EndlessFeedModel.docc)
// that compiles on Linux: the view model, and what SwiftUI does with it, done by hand.

// listing: people-model
/// The people list's view model, for any front end.
@MainActor
func makePeopleModel(
    client: HTTPClient, clock: any Clock<Duration> = ContinuousClock()
) -> FeedViewModel<PeopleSource> {
    let descriptor = FeedDescriptor<Person, Int>(
        nouns: Nouns("person", "people"), sourceLabel: "people service",
        details: { person, _ in
            ItemDetails(id: person.id, title: UntrustedText(person.name), imageURL: nil, fields: [])
        },
        endOfList: { count in "That's everyone: \(count) people." })
    return FeedViewModel(
        feed: makePeopleFeed(client: client, clock: clock), descriptor: descriptor,
        images: nil, clock: clock)
}

/// What the bottom of the list says, from the view model's footer.
func footerLine(for footer: FooterState) -> String? {
    switch footer {
    case .hidden: nil
    case .loading: "Loading more…"
    case .endOfList(let text): text
    case .failed(let reason): "\(reason)\nTap to try again."
    }
}
// end listing

// listing: observation
/// Reads what the list's `body` reads, and calls `redraw` once when any of it
/// changes: what SwiftUI does for a view that reads an `@Observable` object.
@MainActor
func rowsOnce(
    of model: FeedViewModel<PeopleSource>, redraw: @escaping @Sendable () -> Void
) -> [String] {
    withObservationTracking {
        (0..<model.rowCount).map { row in
            let name = model.item(at: row)?.name ?? "…"
            return row == model.selection ? "> \(name)" : name
        } + [footerLine(for: model.footer) ?? ""]
    } onChange: {
        redraw()
    }
}
// end listing
