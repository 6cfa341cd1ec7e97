import Endless
import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import EndlessTerminalWidgets
import Foundation

/// Draws one feed's part of the screen from its view model: the line for refresh and pull
/// indicators, the list (or a centred message), and the details over it. The browser's chrome
/// (header with tabs, status bar, help) is ``BrowserChrome``'s.
///
/// ```
///  ⠋ refreshing…
/// ▌▗██▖  Mr Leo Bennink                                                                 ┃
/// ▌▝██▘  Almere, Netherlands · 34                                                       ┃
///  ▗██▖  Ms Aada Lehtonen                                                               │
///  ▝██▘  Pori, Finland · 52                                                             │
///  ⠋ loading more…                                                                      │
/// ```
@MainActor
struct FeedScreen<Source: PageSource> {
    let model: FeedViewModel<Source>
    let style: FeedRowStyle<Source.Item>
    let cells: ImageCells
    /// The tab's pictures, or nil without images.
    let images: ImageStore?
    /// The ids of the starred items, whose rows show ★.
    var starred: Set<String> = []
    /// Drawn for a ``LaunchScreen``: pictures as their placeholders, since a new process loads
    /// them again, and no details, which a launch does not open on.
    var isLaunchScreen = false
    /// Revises the details before they are drawn (another range's chart); nil for none.
    var reviseDetails: (@MainActor (ItemDetails) -> ItemDetails)?
    /// The cells of rows drawn before, copied into this frame where the row shows the same;
    /// nil to draw every row.
    var rowMemo: ListRowMemo?
    /// Where the keys as the config file binds them are, for what the screen says to press;
    /// nil for the keys as they are by default.
    var keys: (any BoundKeys)?

    /// Draws the indicator line, the list and the details.
    /// - Parameters:
    ///   - frame: the frame, with the chrome's bands.
    ///   - indicator: the line above the list.
    ///   - area: the list's area.
    ///   - list: the list's scroll position; kept by the tab between frames.
    ///   - elapsed: time since the app started, for spinners.
    /// - Returns: the rows drawn, for hit-testing and for ``FeedViewModel/visibleRangeChanged(_:)``.
    func draw(
        into frame: inout ScreenBuffer, indicator: Rect, area: Rect, list: inout ListState, elapsed: Duration
    ) -> [(row: ListRow, rect: Rect)] {
        drawIndicator(model.topIndicator, elapsed: elapsed, into: &frame, in: indicator)
        var rows: [(row: ListRow, rect: Rect)] = []
        switch model.content {
        case .rows:
            var rowsArea = area
            if let header = style.header, area.height > 2 {
                // Column titles over the rows; the scrollbar's column stays free.
                header(Rect(x: area.x, y: area.y, width: area.width - 1, height: 1), &frame)
                rowsArea = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
            }
            rows = drawList(into: &frame, in: rowsArea, list: &list, elapsed: elapsed)
        case let content:
            drawCentered(content, elapsed: elapsed, into: &frame, in: area)
        }
        if let details = model.details, !isLaunchScreen {
            let below = Rect(x: indicator.x, y: indicator.y, width: indicator.width, height: indicator.height + area.height)
            drawDetails(reviseDetails?(details) ?? details, into: &frame, in: below)
        }
        return rows
    }

    /// The items on screen among `rows`, for the feed.
    static func visibleItems(_ rows: [(row: ListRow, rect: Rect)]) -> Range<Int> {
        // A loop, not a closure: a closure made here is the main actor's, and checks that it
        // runs on it at each call (issue 29).
        var first: Int?
        var last = 0
        for case (.item(let index), _) in rows {
            if first == nil { first = index }
            last = index
        }
        guard let first else { return 0..<0 }
        return first..<(last + 1)
    }

    // MARK: - The line above the list

    private func drawIndicator(_ indicator: TopIndicator, elapsed: Duration, into frame: inout ScreenBuffer, in rect: Rect) {
        let origin = Point(x: rect.x + 1, y: rect.y)
        switch indicator {
        case .none:
            break
        case .pull(let progress):
            let width = 12
            let filled = Int((Double(width) * progress).rounded())
            var x = origin.x + frame.write("↓ pull to refresh  ", at: origin, style: Theme.loading)
            x += frame.write(String(repeating: "▰", count: filled), at: Point(x: x, y: rect.y), style: Theme.pullFull)
            frame.write(String(repeating: "▱", count: width - filled), at: Point(x: x, y: rect.y), style: Theme.pullEmpty)
        case .refreshing:
            Spinner.dots.draw(into: &frame, at: origin, elapsed: elapsed, label: "refreshing…", style: Theme.loading)
        case .notice(let text):
            frame.write("ⓘ \(text)", at: origin, style: Theme.notice, maxWidth: rect.width - 1, ellipsis: true)
        case .refreshFailed(let reason):
            let again = key(for: .list(.refresh), standard: "r").map { KeyHint($0, "try again") }
            Banner(.error, "refresh failed: \(reason.displayText)", action: again).draw(into: &frame, in: rect)
        }
    }

    // MARK: - The list

    private func drawList(
        into frame: inout ScreenBuffer, in rect: Rect, list: inout ListState, elapsed: Duration
    ) -> [(row: ListRow, rect: Rect)] {
        let rowCount = model.rowCount
        let footer = model.footer
        // Under open details the list shows no selection and no scrollbar: they belong to the
        // list, not to the panel over it.
        let detailsOpen = model.isShowingDetails && !isLaunchScreen
        let view = ListView(itemCount: rowCount + (footer == .hidden ? 0 : 1), showsScrollbar: !detailsOpen, highlight: .none)
        list.selection = model.selection
        // Read once for every row: each read of the feed's items copies them out of its store.
        let items = model.feed.items
        let now = model.now()
        let marksSelection = style.marksSelection
        // A row drawn with its placeholder is drawn again when its picture arrives: any
        // arrival, observed once for all of the rows.
        if !isLaunchScreen { images?.observeArrivals() }
        // Laid out, then drawn here: a closure handed to the list would be the main actor's,
        // and check where it runs at each row (see `visibleItems`).
        let heights = rowHeight(rowCount: rowCount, items: items)
        let drawn = view.layOut(in: rect, state: &list, rowHeight: heights)
        let rows = ListRows(rowCount: rowCount, footer: footer, items: items, now: now, elapsed: elapsed, marksSelection: marksSelection)
        var lastItemRow: (index: Int, rect: Rect)?
        for (index, row) in drawn {
            let selected = index == list.selection && !detailsOpen
            if drawListRow(index, in: row, isSelected: selected, rows, into: &frame) { lastItemRow = (index, row) }
        }
        // The rows just below, drawn ahead a group at once (rows as tall as the last one only).
        if let last = lastItemRow, !isLaunchScreen, !detailsOpen, style.uniformHeight != nil, last.rect.intersection(frame.bounds) == last.rect {
            drawAhead(after: last.index, like: last.rect, items: items, rowCount: rowCount, now: now, frameWidth: frame.size.width)
        }
        let cut = drawCutRow(after: drawn, in: rect, itemCount: view.itemCount, height: heights, rows, into: &frame)
        view.finish(drawn, in: rect, state: list, into: &frame)
        // A loop, not `map`: a closure made here checks at each call where it runs.
        var reported: [(row: ListRow, rect: Rect)] = []
        reported.reserveCapacity(drawn.count + 1)
        for (index, row) in drawn { reported.append((index < rowCount ? .item(index) : .footer, row)) }
        if let cut { reported.append((cut.index < rowCount ? .cutItem(cut.index) : .footer, cut.rect)) }
        return reported
    }

    /// What every row of one frame's list is drawn with.
    private struct ListRows {
        let rowCount: Int
        let footer: FooterState
        let items: FeedItems<Source.Item>
        let now: Date
        let elapsed: Duration
        let marksSelection: Bool
    }

    /// Draws row `index` of the list in `row`: an item (copied from ``rowMemo`` when it shows
    /// what it showed), a placeholder for one not loaded, or the footer.
    /// - Returns: whether it was an item's row.
    @discardableResult
    private func drawListRow(_ index: Int, in row: Rect, isSelected selected: Bool, _ rows: ListRows, into frame: inout ScreenBuffer) -> Bool {
        if index >= rows.rowCount {
            drawFooter(rows.footer, elapsed: rows.elapsed, into: &frame, in: row)
            return false
        }
        guard let listed = model.listedRow(at: index, in: rows.items) else {
            if selected { AvatarRow.drawSelectionBar(in: row, into: &frame) }
            drawPlaceholder(model.placeholder(at: index), elapsed: rows.elapsed, into: &frame, in: row)
            return false
        }
        // One look for every row, whatever its height: the bar in the gutter on each line. A
        // row that marks the selection itself (a plug-in's) is drawn over it, so it keeps its
        // mark; any other is drawn alike selected or not (so it is copied from the memo either
        // way), and the bar goes over it.
        if selected, rows.marksSelection { AvatarRow.drawSelectionBar(in: row, into: &frame) }
        // The row's item is read only if the row is drawn afresh (see `drawRow`).
        let drawnSelected = selected && rows.marksSelection
        if row.intersection(frame.bounds) == row, let shown = shownCells(at: index, listed, size: row.size, x: row.x, isSelected: drawnSelected) {
            shown.draw(into: &frame, at: row)
        } else {
            var image: DecodedImage?
            var placeholder: DecodedImage?
            if let request = listed.image {
                if !isLaunchScreen, let images { image = images.image(unobserved: request) }
                // The placeholder is drawn in the frame the row first appears in.
                if image == nil, cells.showsImages { placeholder = placeholderImage(forRow: index, request: request) }
            }
            drawRow(
                at: index, listed, in: row, isSelected: drawnSelected, RowPictures(image: image, placeholder: placeholder), now: rows.now,
                into: &frame)
        }
        if selected, !rows.marksSelection { AvatarRow.drawSelectionBar(in: row, into: &frame) }
        // Drawn over the row (kept or drawn), so every feed's rows show it alike.
        if !starred.isEmpty, starred.contains(listed.idText) { StarMarks.draw(in: row, into: &frame) }
        return true
    }

    /// The cells of the row at `index` if it shows what it showed there in the last frame (with
    /// its picture, or with none to wait for), or was drawn ahead there: found before any key
    /// is made, or the picture itself copied out (see `ListRowMemo.shownCells`).
    private func shownCells(at index: Int, _ listed: ListedRow, size: Size, x: Int, isSelected: Bool) -> RowCells? {
        guard let rowMemo else { return nil }
        // Its picture as the row compares it: the one shown here in the last frame while the
        // store still holds it, or looked up. Without closures (see `visibleItems`).
        let picture: RowPicture? =
            if !isLaunchScreen, let images, let request = listed.image {
                rowMemo.heldPicture(at: index, of: listed) ?? images.rowPicture(unobserved: ImageRequest(request))
            } else {
                nil
            }
        // A row waiting for its picture is drawn again each frame (with its placeholder).
        guard picture != nil || listed.image == nil || !cells.showsImages else { return nil }
        return rowMemo.shownCells(at: index, listed: listed, x: x, size: size, isSelected: isSelected, image: picture)
    }

    /// The row after the last whole one, cut to the lines left under it, as a pager fills its
    /// last line: rows as tall as photos' would otherwise leave up to a row's height blank at
    /// the bottom, and the next row's top says there is more. Its top lines are copied from the
    /// memo where it holds the row as it will be shown (drawn ahead, or shown in the last
    /// frame); else it is drawn whole off the frame (into the memo, as it will be when scrolled
    /// into view) and its top lines copied. One with a pixel picture (sixel, kitty) is left
    /// out, since a terminal draws such a picture whole or not at all. It is never the selected
    /// row: the list scrolls a selection into view whole.
    /// - Returns: the row and the lines it shows, or nil when none is cut.
    private func drawCutRow(
        after drawn: [(index: Int, rect: Rect)], in rect: Rect, itemCount: Int, height: (Int) -> Int, _ rows: ListRows,
        into frame: inout ScreenBuffer
    ) -> (index: Int, rect: Rect)? {
        guard let last = drawn.last else { return nil }
        let index = last.index + 1
        let lines = rect.maxY - last.rect.maxY
        guard lines > 0, index < itemCount, last.rect.intersection(frame.bounds) == last.rect else { return nil }
        let whole = Rect(x: last.rect.x, y: 0, width: last.rect.width, height: min(max(1, height(index)), rect.height))
        guard whole.height > lines else { return nil }
        let shown = Rect(x: whole.x, y: last.rect.maxY, width: whole.width, height: lines)
        // Copied from the memo, without a frame of its own: a held key brings a new cut row
        // every frame, which the memo holds drawn ahead.
        if index < rows.rowCount, let listed = model.listedRow(at: index, in: rows.items),
            let kept = shownCells(at: index, listed, size: whole.size, x: whole.x, isSelected: false)
        {
            guard kept.graphics.allSatisfy({ $0.rect.maxY <= lines }) else { return nil }
            kept.draw(into: &frame, at: shown, lines: lines)
            if !starred.isEmpty, starred.contains(listed.idText) { StarMarks.draw(in: shown, into: &frame) }
            return (index, shown)
        }
        var offFrame = ScreenBuffer(size: Size(width: frame.size.width, height: whole.height))
        drawListRow(index, in: whole, isSelected: false, rows, into: &offFrame)
        guard offFrame.graphics.allSatisfy({ $0.rect.maxY <= lines }) else { return nil }
        RowCells(whole, of: offFrame, graphicsBefore: 0).draw(into: &frame, at: shown, lines: lines)
        return (index, shown)
    }

    /// The lines of the row at an index, which the list asks many times a frame: a constant
    /// when every row is as tall, whether loaded, a placeholder or the footer.
    private func rowHeight(rowCount: Int, items: FeedItems<Source.Item>) -> (Int) -> Int {
        let placeholderHeight = style.placeholderHeight
        if let uniformHeight = style.uniformHeight {
            // Sendable, so not the main actor's: the list asks them many times a frame, and
            // each call of an isolated closure checks where it runs (see `visibleItems`).
            if uniformHeight == placeholderHeight { return { @Sendable _ in uniformHeight } }
            let loaded = items.startIndex..<items.endIndex
            return { @Sendable index in loaded.contains(index) ? uniformHeight : placeholderHeight }
        }
        return { [model, style] index in
            guard index < rowCount, let item = model.item(at: index) else { return placeholderHeight }
            return style.height(item)
        }
    }

    /// Draws a loaded row, or copies its cells from ``rowMemo`` when it shows what it showed
    /// when they were kept. A row that reads the clock (an age from a date) is drawn afresh.
    ///
    /// A kept row is found by the item's stamp first: the same stamp is the same item, so a row
    /// that did not change is copied without its item being read or compared. Under a new
    /// stamp (a refresh that brought the same item again) the items are compared.
    /// - Returns: false when the row read the clock (an age from a date): it is not kept.
    @discardableResult
    func drawRow(
        at index: Int, _ listed: ListedRow, in row: Rect, isSelected: Bool, _ pictures: RowPictures, now: Date,
        into frame: inout ScreenBuffer
    ) -> Bool {
        // Made only for a row drawn afresh.
        func context(clockReads: RowContext.ClockReads? = nil) -> RowContext {
            RowContext(
                rect: row, isSelected: isSelected, image: pictures.image, placeholder: pictures.placeholder, cells: cells, now: now,
                clockReads: clockReads)
        }
        guard let rowMemo, row.intersection(frame.bounds) == row else {
            if let item = model.item(at: index) { style.draw(item, context(), &frame) }
            return true
        }
        let key = ListRowKey(idText: listed.idText, x: row.x, size: row.size, isSelected: isSelected)
        let image = RowPicture(pictures.image)
        let placeholder = RowPicture(pictures.placeholder)
        // What the next frame copies if this row shows the same (a row with a placeholder is
        // drawn again when its picture arrives, so it is not recorded).
        func shown(_ kept: RowCells) {
            guard placeholder == nil else { return }
            var hold: ImageStore.PictureHold?
            if let image, !isLaunchScreen, let images, let request = listed.image {
                hold = images.heldPicture(unobserved: ImageRequest(request), showing: image)
            }
            rowMemo.recordShown(
                ListRowMemo.ShownRow(
                    index: index, listed: listed, x: row.x, size: row.size, isSelected: isSelected, image: image, hold: hold, cells: kept))
        }
        if let kept = rowMemo.entry(for: key, slot: index), kept.inputs.image == image, kept.inputs.placeholder == placeholder {
            if kept.inputs.stamp == listed.stamp {
                shown(kept.value)
                kept.value.draw(into: &frame, at: row)
                return true
            }
            if let same = rowMemo.sameItem, let item = model.item(at: index), same.equal(kept.inputs.item, item) {
                rowMemo.restate(key, inputs: ListRowInputs(kept.inputs, stamp: listed.stamp), slot: index)
                shown(kept.value)
                kept.value.draw(into: &frame, at: row)
                return true
            }
        }
        guard let item = model.item(at: index) else { return true }
        let graphicsBefore = frame.graphics.count
        let clockReads = RowContext.ClockReads()
        style.draw(item, context(clockReads: clockReads), &frame)
        guard !clockReads.didRead else { return false }
        let inputs = ListRowInputs(item: item, stamp: listed.stamp, image: image, placeholder: placeholder, sameItem: rowMemo.sameItem)
        let made = RowCells(row, of: frame, graphicsBefore: graphicsBefore)
        rowMemo.keep(made, for: key, inputs: inputs, slot: index)
        shown(made)
        return true
    }

    /// The placeholder of a row's picture while it loads (a BlurHash), if the feed's rows have
    /// one; made once while the row is on screen (its item is read only then).
    func placeholderImage(forRow index: Int, request: FeedImage) -> DecodedImage? {
        guard let images, let make = style.placeholder else { return nil }
        return images.placeholder(for: ImageRequest(request)) { model.item(at: index).flatMap { make($0, PixelSize(request.size)) } }
    }

    /// The placeholder of an item's picture while it loads (a BlurHash), if the feed's rows have
    /// one; made once while the item is on screen.
    func placeholderImage(for item: Source.Item, request: FeedImage) -> DecodedImage? {
        guard let images, let make = style.placeholder else { return nil }
        return images.placeholder(for: ImageRequest(request)) { make(item, PixelSize(request.size)) }
    }

    /// A row whose page was dropped to bound memory, or is still on its way: what its
    /// direction is doing, so a failed reload shows where it happened, with the key that retries.
    private func drawPlaceholder(
        _ state: PlaceholderState, elapsed: Duration, into frame: inout ScreenBuffer, in row: Rect
    ) {
        let picture = Rect(x: row.x + 1, y: row.y, width: style.rowImageSize.width, height: min(row.height, style.rowImageSize.height))
        frame.fill(picture, style: Theme.placeholder)
        let origin = Point(x: picture.maxX + 2, y: row.y)
        switch state {
        case .waiting:
            frame.write("loading…", at: origin, style: Theme.subtitle)
        case .loading:
            Spinner.dots.draw(into: &frame, at: origin, elapsed: elapsed, label: "loading…", style: Theme.loading)
        case .failed(let reason):
            drawRetry(reason, at: origin, width: max(0, row.maxX - origin.x - 1), into: &frame)
        }
    }

    private func drawFooter(_ footer: FooterState, elapsed: Duration, into frame: inout ScreenBuffer, in row: Rect) {
        let origin = Point(x: row.x + 2, y: row.y + min(1, row.height - 1))
        let width = max(0, row.width - 3)
        switch footer {
        case .hidden:
            break
        case .loading:
            Spinner.dots.draw(into: &frame, at: origin, elapsed: elapsed, label: "loading more…", style: Theme.loading)
        case .endOfList(let text):
            frame.write(text, at: origin, style: Theme.endOfList, maxWidth: width, ellipsis: true)
        case .failed(let reason):
            drawRetry(reason, at: origin, width: width, into: &frame)
        }
    }

    /// `✖ press R to retry · <reason>` (R as the config file binds it); offline, or with no key
    /// for retrying, `✖ <reason>` (offline, its reason says to go online).
    private func drawRetry(_ reason: UntrustedText, at origin: Point, width: Int, into frame: inout ScreenBuffer) {
        var x = origin.x + frame.write("✖ ", at: origin, style: Theme.error)
        guard !isOfflineMiss, let retry = key(for: .list(.retry), standard: "R") else {
            frame.write(
                reason.displayText, at: Point(x: x, y: origin.y), style: Theme.errorDetail,
                maxWidth: max(0, origin.x + width - x), ellipsis: true)
            return
        }
        x += frame.write("press ", at: Point(x: x, y: origin.y), style: Theme.errorDetail)
        x += frame.write(retry, at: Point(x: x, y: origin.y), style: Theme.key)
        x += frame.write(" to retry · ", at: Point(x: x, y: origin.y), style: Theme.errorDetail)
        frame.write(
            reason.displayText, at: Point(x: x, y: origin.y), style: Theme.errorDetail,
            maxWidth: max(0, origin.x + width - x), ellipsis: true)
    }
}

/// A row's picture and what stands in for it while it loads. Not nested in ``FeedScreen``: a
/// type nested in a generic one is generic too, and its type is looked up at each use.
struct RowPictures {
    let image: DecodedImage?
    let placeholder: DecodedImage?
}
