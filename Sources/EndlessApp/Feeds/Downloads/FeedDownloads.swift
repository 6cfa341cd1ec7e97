/// What `d` downloads of a feed's items, declared on its ``FeedDefinition`` like its links and
/// its favourites: for an item (with the settings the list is shown with, for the key a
/// service wants told), the file and its name. A feed without one says "Nothing to download
/// here" on `d`.
public struct FeedDownloads<Settings: Sendable, Item: Sendable>: Sendable {
    let download: @Sendable (Settings, FeedTabContext, Item) -> ItemDownload?

    /// - Parameter download: what to download of an item; nil for an item with nothing to
    ///   download.
    public init(_ download: @escaping @Sendable (Settings, FeedTabContext, Item) -> ItemDownload?) {
        self.download = download
    }
}
