// Changing and removing single items, so that the change outlives drops and reloads.
extension PageStore {
    /// Puts a changed item in place of the loaded item with its id, and remembers it, so a
    /// reload of its page shows the changed item too.
    ///
    /// - Returns: `false` when no loaded item has that id.
    mutating func replace(_ item: Item) -> Bool {
        guard let index = index(of: item.id) else { return false }
        items.replace(at: index, with: item)
        replacements[item.id] = item
        return true
    }

    /// Takes a loaded item out of the list (later rows move up by one) and remembers it: its
    /// page skips its position when reloaded, and any later page that brings it skips it.
    ///
    /// - Returns: `false` when no loaded item has that id.
    mutating func remove(id: Item.ID) -> Bool {
        guard let index = index(of: id) else { return false }
        let (page, offset) = items.remove(at: index)
        ids.remove(id)
        replacements.removeValue(forKey: id)
        removedIDs.insert(id)
        var record = loaded[page]
        // The page's offset-th kept item sits at the offset-th position not skipped.
        let skipped = Set(record.skipped)
        let rawPosition = (0..<record.rawCount).lazy.filter { !skipped.contains($0) }.dropFirst(offset).first
        if let rawPosition {
            record.skipped.append(rawPosition)
            record.skipped.sort()
        }
        record.count -= 1
        record.digest = Self.digest(of: items.pages[page])
        if offset < record.fingerprints.count { record.fingerprints.remove(at: offset) }
        loaded[page] = record
        return true
    }
}
