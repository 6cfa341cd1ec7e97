extension ScreenBuffer {
    /// Writes `text` as ``write(_:at:style:maxWidth:ellipsis:)`` does, as a hyperlink to
    /// `link` where the terminal shows them (OSC 8; see ``FrameRenderer/hyperlinks``). The text
    /// is the same either way; a target that is not a ``Hyperlink/target(_:)``, or one past
    /// ``maximumLinks`` in the frame, leaves it plain.
    /// - Parameters:
    ///   - text: the text, drawn as it is.
    ///   - point: where it starts.
    ///   - style: its style.
    ///   - maxWidth: the most columns it takes.
    ///   - ellipsis: whether a cut ends in `…`.
    ///   - link: the address it links to (http, https or mailto).
    /// - Returns: the columns written.
    @discardableResult
    public mutating func write(
        _ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil, ellipsis: Bool = false, link: String
    ) -> Int {
        let written = write(text, at: point, style: style, maxWidth: maxWidth, ellipsis: ellipsis)
        guard written > 0, let id = linkID(for: link) else { return written }
        let row = point.y * size.width
        for x in max(0, point.x)..<min(size.width, max(0, point.x) + written) { cells[row + x].setLinkID(id) }
        return written
    }

    /// The id of `link` in this frame, added when new; nil for a target refused or no room.
    private mutating func linkID(for link: String) -> UInt8? {
        guard let target = Hyperlink.target(link) else { return nil }
        if let index = links.firstIndex(of: target) { return UInt8(index + 1) }
        guard links.count < Self.maximumLinks else { return nil }
        links.append(target)
        return UInt8(links.count)
    }
}
