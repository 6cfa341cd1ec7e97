import EndlessFeedModel

/// Where a screen finds the keys as the config file binds them (the browser), for the
/// messages that name one (`press R to retry`).
///
/// Read only when such a message is drawn: the binding is observed like everything a frame
/// reads, and a frame that names no key (a held `j`) must not depend on it, nor pay the read.
@MainActor
protocol BoundKeys: AnyObject {
    /// The keys the config file moved.
    var keyRebinding: KeyRebinding { get }
}

extension BrowserModel: BoundKeys {}

extension FeedScreen {
    /// The key a message names for `intent`, as bound now (see ``KeyRebinding/key(for:standard:)``);
    /// nil when the action has no key left.
    func key(for intent: BrowseIntent, standard: String) -> String? {
        (keys?.keyRebinding ?? .none).key(for: intent, standard: standard)
    }
}
