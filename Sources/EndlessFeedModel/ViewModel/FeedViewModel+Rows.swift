import Endless

/// The rows a frame draws and reports, read through what the view model kept of them, so a
/// frame costs in proportion to what changed (issue 29).
extension FeedViewModel {
    /// The loaded row at `index` as the list needs it (its item's stamp and id, its picture),
    /// or nil for a placeholder. Kept between frames while the row's item is the same (same
    /// `ItemStamp`) and the image sizing too: only a row new on screen, or changed, reads its
    /// item.
    public func listedRow(at index: Int) -> ListedRow? {
        listedRow(at: index, in: feed.items)
    }

    /// ``listedRow(at:)`` with the feed's items read once for all of a frame's rows.
    /// - Parameters:
    ///   - index: the row.
    ///   - items: the feed's `Feed.items` as they are now.
    public func listedRow(at index: Int, in items: FeedItems<Source.Item>) -> ListedRow? {
        // Asked of the layout: a call on the generic items looks their type up at run time.
        guard let stamp = items.layout.stamp(at: index) else { return nil }
        if let kept = listedRows.row(at: index, stamp: stamp) { return kept }
        let row = items.withItem(at: index) { item in
            ListedRow(stamp: stamp, idText: String(describing: item.id), image: imageRequest(for: item))
        }
        guard let row else { return nil }
        listedRows.keep(row, at: index)
        return row
    }
}
