// Changing one item without reloading: a like toggled, a person hidden.
extension Feed {
    /// Changes a loaded item in place. The change stays when its page is dropped and
    /// reloaded (the reloaded page shows the changed item), until the next refresh, which
    /// shows what the source says.
    ///
    /// ```swift
    /// feed.update(id: person.id) { $0.isLiked.toggle() }
    /// ```
    ///
    /// - Parameters:
    ///   - id: the item's id.
    ///   - change: changes the item; it must keep the item's id.
    /// - Returns: `true` if the item was loaded and changed; `false` if no loaded item has that
    ///   id, or the change gave it another id (then nothing changes).
    @discardableResult
    public func update(id: Source.Item.ID, _ change: (inout Source.Item) -> Void) -> Bool {
        guard let index = store.index(of: id) else { return false }
        var item = store.items[index]
        change(&item)
        guard item.id == id, store.replace(item) else { return false }
        publish()
        return true
    }

    /// Removes a loaded item from the list: the rows after it move up by one. It stays
    /// removed when its page is dropped and reloaded, and a later page that brings it again
    /// skips it, until the next refresh.
    ///
    /// - Parameter id: the item's id.
    /// - Returns: `true` if the item was loaded and is now removed.
    @discardableResult
    public func remove(id: Source.Item.ID) -> Bool {
        guard store.remove(id: id) else { return false }
        checkDemand()
        updateLoadStates()
        publish()
        return true
    }
}
