/// A place on the tab bar whose tab is made the first time it is shown.
///
/// A tab is a generic feed, view model and page source: making one instantiates their types
/// for its item, and on a cold start that costs a few tenths of a millisecond each (runtime
/// metadata and protocol-conformance lookups). Only the tab a launch opens on is made before
/// its first rows; the others wait for a Tab key that may never come.
@MainActor
final class TabSlot {
    /// The feed on this place of the tab bar.
    let kind: FeedID
    private var made: (any BrowserTab)?
    private let make: @MainActor () throws -> any BrowserTab

    /// A slot whose tab is made on first use.
    /// - Parameters:
    ///   - kind: the feed, for the tab bar.
    ///   - make: makes the tab; its error says what is wrong with the feed's settings.
    init(kind: FeedID, make: @escaping @MainActor () throws -> any BrowserTab) {
        self.kind = kind
        self.make = make
    }

    /// A slot holding a tab already made.
    init(_ tab: any BrowserTab) {
        kind = tab.kind
        made = tab
        make = { tab }
    }

    /// The tab, made now if this is the first time.
    /// - Throws: the error of making it; the next use tries again.
    func tab() throws -> any BrowserTab {
        if let made { return made }
        let tab = try make()
        made = tab
        return tab
    }

    /// The tab if it has been made.
    var madeTab: (any BrowserTab)? { made }
}
