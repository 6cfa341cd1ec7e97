/// What ``Feed/refresh(ignoringCooldown:scope:)`` reloads.
public enum RefreshScope: Sendable, Equatable {
    /// The first page only, replacing everything (the default): a new start, as
    /// pull-to-refresh means in most apps.
    case firstPage
    /// The loaded pages around the rows on screen, at most `maxPages` of them, reloaded by
    /// their keys and replaced together once all have landed: fresh data where the person
    /// is, without losing their place. Pages above them stay as they are (placeholders are
    /// reloaded by key as usual); pages below are dropped and load again as the person
    /// scrolls. A source whose keys are cursors should keep ``firstPage``.
    case loadedPages(maxPages: Int)
}
