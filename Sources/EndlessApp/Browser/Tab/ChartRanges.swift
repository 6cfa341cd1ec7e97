import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessShared
import Foundation
import Observation

/// The range of the chart in an item's details, stepped with `[` and `]`: the chart the item
/// carries for its opening range, the others loaded in the background and kept for the
/// session, so stepping back and forth asks nothing twice.
///
/// While a range loads, the chart shown stays, marked `loading 30 d…`; when it fails, the
/// chart shown stays and ``note`` says why. The range belongs to the item last stepped: other
/// items' details show their own chart.
///
/// Its properties are `@SignalObserved`, as every property a frame reads is: the loop draws a
/// frame when the one shared revision changes (`FrameObservation`), and a tracked property
/// would not tell it.
@MainActor @Observable
final class ChartRanges {
    /// The ranges' labels, shortest first.
    @ObservationIgnored let labels: [String]
    /// The range of the chart an item's details carry.
    @ObservationIgnored let opening: Int
    /// Loads the chart of the item sent as this JSON over the range at an index; its error
    /// already explained.
    @ObservationIgnored private let load: @Sendable (RawJSON, Int) async throws -> ItemDetails.Chart
    /// Charts loaded, by item and range: at most ``keptCharts``, the least recently shown
    /// dropped first.
    @ObservationIgnored private var loaded = LRUList<Key, ItemDetails.Chart>(costLimit: keptPoints, countLimit: keptCharts)
    @ObservationIgnored private var task: Task<Void, Never>?

    /// The item whose range was last stepped (its details' id); nil for none yet.
    @ObservationIgnored @SignalObserved private(set) var item: String? = nil
    /// The range shown for ``item``, and its chart when it is not the opening one.
    @ObservationIgnored @SignalObserved private(set) var shown: (index: Int, chart: ItemDetails.Chart?) = (0, nil)
    /// The range loading for ``item``; nil for none.
    @ObservationIgnored @SignalObserved private(set) var loading: Int? = nil
    /// The range last asked for that could not be shown, and why; nil once another is asked for.
    @ObservationIgnored @SignalObserved private(set) var failure: (index: Int, reason: String)? = nil

    /// The most charts kept: a few ranges of a few dozen items.
    static let keptCharts = 64
    /// The most points kept in all (each chart costs its points): a few `max` charts of daily points.
    static let keptPoints = 400_000

    private struct Key: Hashable {
        let item: String
        let range: Int
    }

    /// - Parameters:
    ///   - labels: the ranges' labels, shortest first.
    ///   - opening: the index of the range an item's own chart shows.
    ///   - load: loads an item's chart over a range, its error explained.
    init(labels: [String], opening: Int, load: @escaping @Sendable (RawJSON, Int) async throws -> ItemDetails.Chart) {
        self.labels = labels
        self.opening = opening
        self.load = load
        shown = (opening, nil)
    }

    isolated deinit {
        task?.cancel()
    }

    /// Steps the range of the chart of the item whose details are open: `by` 1 for the next
    /// longer range, -1 for the next shorter; at either end nothing changes.
    /// - Parameters:
    ///   - delta: how many ranges on (negative: back).
    ///   - selected: the item whose details are open: its id and its JSON as sent.
    func step(by delta: Int, for selected: (id: String, json: RawJSON)) {
        if item != selected.id {
            task?.cancel()
            task = nil
            item = selected.id
            shown = (opening, nil)
            loading = nil
        }
        failure = nil
        let from = loading ?? shown.index
        let target = min(max(0, from + delta), labels.count - 1)
        guard target != from else { return }
        task?.cancel()
        task = nil
        // The opening range is the item's own chart, and a range loaded before is kept: neither asks anything.
        if target == opening {
            loading = nil
            shown = (target, nil)
            return
        }
        if let chart = loaded.value(for: Key(item: selected.id, range: target)) {
            loading = nil
            shown = (target, chart)
            return
        }
        loading = target
        let load = self.load
        let id = selected.id
        let json = selected.json
        task = Task { [weak self] in
            let result: Result<ItemDetails.Chart, any Error>
            do {
                result = .success(try await load(json, target))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self, self.item == id, self.loading == target else { return }
            self.loading = nil
            switch result {
            case .success(let chart):
                self.loaded.insert(chart, for: Key(item: id, range: target), cost: max(1, chart.values.count))
                self.shown = (target, chart)
            case .failure(let error):
                self.failure = (target, Self.describe(error))
            }
        }
    }

    /// `details` with the chart of the range shown for their item, marked while another loads
    /// or after one failed; other items' details as they are.
    func revise(_ details: ItemDetails) -> ItemDetails {
        guard details.id == item else { return details }
        var revised = details
        if let chart = shown.chart { revised.chart = chart }
        if let loading {
            revised.chart?.title += " · loading \(labels[loading])…"
        } else if let failure {
            revised.chart?.title += " · \(labels[failure.index]) failed"
        }
        return revised
    }

    /// What the status bar says about the chart of the details open (`1 y chart: …`); nil for nothing.
    func note(forDetailsOf id: String?) -> String? {
        guard let id, id == item, let failure else { return nil }
        return "\(labels[failure.index]) chart: \(failure.reason)"
    }

    /// The error in one line for the status bar: its description (it may quote the server),
    /// sanitized and cut short.
    static func describe(_ error: any Error) -> String {
        let text = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        return BrowserModel.printable(UntrustedText(text).displayText, limit: 64)
    }
}
