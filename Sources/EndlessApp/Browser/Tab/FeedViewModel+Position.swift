import Endless
import EndlessCache
import EndlessFeedModel

// Where the list was left: saved at quit in the page cache, opened on at launch
// (`Feed(openingKey:)`, then ``FeedViewModel/itemToReselect``).
extension FeedViewModel {
    /// The page and item selected now, to open on next time; nil while nothing is selected
    /// (an empty list, a placeholder row).
    var position: ListPosition<Source.Key>? {
        let selection = selection
        guard let item = feed.items.item(at: selection), let page = feed.page(containing: selection) else { return nil }
        return ListPosition(pageKey: page.key, loadSize: page.loadSize, itemID: String(describing: item.id))
    }
}
