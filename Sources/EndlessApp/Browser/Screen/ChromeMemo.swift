import EndlessTerminal
import EndlessTerminalWidgets

/// The header and the status bar as last drawn, copied into later frames while what they
/// show is the same: a held `j` changes neither, and fitting the header's parts and the
/// status bar's hints to the width cost more than copying their cells (issue 29).
@MainActor
final class ChromeMemo {
    /// What the header shows, at what place, in which colours.
    struct HeaderInputs: Equatable {
        let header: BrowserChrome.Header
        let theme: Theme
    }

    /// What the status bar shows, at what place, in which colours.
    struct StatusInputs: Equatable {
        let tabs: [FeedID]
        let rebinding: KeyRebinding
        let right: [StatusBar.Segment]
        let searchLine: String?
        let theme: Theme
    }

    let header = BandMemo<HeaderInputs, [(kind: FeedID, rect: Rect)]>()
    let status = BandMemo<StatusInputs, Void>()
    /// What the status bar read, so that it is copied without reading it again while that
    /// is unchanged (a held `j` changes none of it; the header shows the selection's page).
    let statusWatch: BandWatch

    /// The time the status bar's age is measured in; nil for the time the frame is drawn at.
    let clock: (@Sendable () -> Duration)?

    /// Creates an empty memo.
    /// - Parameters:
    ///   - statusChanged: called, from any thread, when something the status bar shows
    ///     changed, for a frame to show it.
    ///   - clock: the time the status bar's age is measured in (the loop's, which times the
    ///     frame that composes it once aged); nil for the time the frame is drawn at.
    init(statusChanged: @escaping @Sendable () -> Void = {}, clock: (@Sendable () -> Duration)? = nil) {
        statusWatch = BandWatch(onChange: statusChanged)
        self.clock = clock
    }

    /// Bars composed rather than copied so far (for tests).
    var composed: Int { header.composed + status.composed }
}

/// One band of the screen (a bar a line high), kept with what it was drawn from.
@MainActor
final class BandMemo<Inputs: Equatable, Result> {
    /// The band kept: what it was drawn from, where, its cells, and what composing it
    /// returned. Kept apart, and read in place: binding them as one value copied every array
    /// in them, retained and released, each frame that copies the band (issue 29).
    private var keptInputs: Inputs?
    private var keptRect: Rect?
    private var keptCells: RowCells?
    private var keptResult: Result?
    /// How many times the band was composed rather than copied.
    private(set) var composed = 0

    /// Copies the band kept into `rect` if it was drawn there from inputs `matches` accepts.
    /// - Returns: what composing it returned, or nil when it was not copied.
    func redrawKept(in rect: Rect, into frame: inout ScreenBuffer, if matches: (Inputs) -> Bool) -> Result? {
        guard keptRect == rect, keptInputs.map(matches) == true else { return nil }
        keptCells?.draw(into: &frame, at: rect)
        return keptResult
    }

    /// Copies the band into `rect` if it was drawn there from `inputs`; otherwise composes it
    /// with `compose`, which draws into `rect` alone, and keeps it.
    func draw(
        _ inputs: Inputs, in rect: Rect, into frame: inout ScreenBuffer, compose: (inout ScreenBuffer) -> Result
    ) -> Result {
        if keptRect == rect, keptInputs == inputs, let keptResult {
            keptCells?.draw(into: &frame, at: rect)
            return keptResult
        }
        let graphicsBefore = frame.graphics.count
        let result = compose(&frame)
        composed += 1
        if rect.intersection(frame.bounds) == rect {
            (keptInputs, keptRect, keptCells, keptResult) = (inputs, rect, RowCells(rect, of: frame, graphicsBefore: graphicsBefore), result)
        } else {
            (keptInputs, keptRect, keptCells, keptResult) = (nil, nil, nil, nil)
        }
        return result
    }
}
