/// What an action could not do, as the status bar says it: the action that failed, and why.
///
/// The whole is said where there is room (`cannot open the page: xdg-open is not installed;
/// set BROWSER to your web browser`). On a bar too narrow for it the cause alone is said: the
/// person has just asked for the action, and the cause is what tells them what to do, where
/// the end of the whole would be cut off.
struct ActionFailure: Equatable, Sendable {
    /// What was being done (`cannot open the page`); nil when the cause says it all.
    let action: String?
    /// Why, and what to do about it.
    let cause: String

    /// A failure whose words say it all (`the people feed has one order`).
    init(_ words: String) {
        action = nil
        cause = words
    }

    /// The failure of `action`, because of `error` (its description).
    init(_ action: String, because error: any Error) {
        self.action = action
        cause = "\(error)"
    }

    /// The action and its cause, as the status bar says them where there is room.
    var text: String { action.map { "\($0): \(cause)" } ?? cause }

    /// The cause alone, for a bar too narrow for ``text``; nil when there is no action to leave out.
    var shorter: String? { action == nil ? nil : cause }
}
