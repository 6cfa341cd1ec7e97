import Endless
import EndlessTesting
import Foundation
import Testing

@testable import EndlessFeedModel

/// The view model of a list, over a scripted source of numbered entries with a manual clock: no
/// terminal, no network, no sleeps.
@Suite("FeedViewModel", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct FeedViewModelTests {
    typealias F = ListFixtures

    @Test("the first page loads; the header reads its seed and page")
    func firstPage() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        #expect(model.content == .loadingFirstPage)

        model.start()
        await model.wait { $0.rowCount == 20 }

        #expect(model.content == .rows)
        #expect(model.rows(in: 0..<2).map(\.item.title) == ["Entry 0", "Entry 1"])
        #expect(model.status.seed?.raw == "seed-0")
        #expect(model.status.page == 1)
    }

    @Test("rows on screen pull the next page in before the end is reached, each entry once; the header's page follows the selection")
    func prefetch() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(source, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }

        model.visibleRangeChanged(0..<10)  // ten rows on screen, ten to go: within prefetch distance
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        model.visibleRangeChanged(12..<22)
        await model.wait { $0.rowCount == 60 && !$0.feed.loadStates.append.isLoading }

        let ids = model.ids(in: 0..<60)
        #expect(Set(ids).count == 60)
        #expect(model.footer == .hidden)
        #expect(source.requests.count == 3)
        // The header's page follows the selection from page to page, and back.
        var pages: [Int?] = []
        for row in [5, 25, 26, 45, 19, 0] {
            model.select(row)
            pages.append(model.status.page)
        }
        #expect(pages == [1, 2, 2, 3, 1, 1])
        #expect(model.status.seed?.raw == "seed-0")
    }

    @Test("while the next page loads, the footer shows the spinner; the rows are untouched")
    func appendSpinner() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(source, clock: clock)
        model.start()
        source.release()
        await model.wait { $0.rowCount == 20 }

        model.visibleRangeChanged(10..<20)
        await model.wait { $0.footer == .loading }
        #expect(model.rowCount == 20)
        #expect(model.isAnimating)
        #expect(!model.animatesWhereverScrolled, "the spinner is on the footer's row: the view knows whether it shows")

        source.release()
        await model.wait { $0.rowCount == 40 }
        #expect(model.footer == .hidden)
    }

    @Test("a failed first load shows its cause in the centre; R retries it")
    func firstLoadFails() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        source.script(.failure(F.Failure()), forPage: 0)
        let model = F.model(source, clock: clock)

        model.start()
        await model.wait { if case .firstLoadFailed = $0.content { true } else { false } }
        #expect(model.content == .firstLoadFailed(UntrustedText("the test server said no")))

        model.perform(.retry, visibleRows: 10)
        await model.wait { $0.rowCount == 20 }
        #expect(model.content == .rows)
    }

    @Test("a failed append shows in the footer, keeps every row, and R retries only it")
    func appendFails() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        source.script(.failure(F.Failure()), forPage: 1)
        let model = F.model(source, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }

        model.visibleRangeChanged(10..<20)
        await model.wait { if case .failed = $0.footer { true } else { false } }
        #expect(model.footer == .failed(UntrustedText("the test server said no")))
        #expect(model.rowCount == 20)

        model.perform(.retry, visibleRows: 10)
        await model.wait { $0.rowCount == 40 }
        #expect(model.footer == .hidden)
        #expect(source.requests.filter { $0.key == 1 }.count == 2)
    }

    @Test("a refresh keeps the old rows until the new page, with its spinner for at least 0.5 s")
    func refresh() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(
            source, clock: clock, configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .milliseconds(500)))
        model.start()
        source.release()
        await model.wait { $0.rowCount == 20 }
        await clock.sleepers(atLeast: 1)  // the first load holds its indicator for 0.5 s
        clock.advance(by: .seconds(1))
        await model.wait { !$0.feed.loadStates.refresh.isLoading }
        source.script(.items((100..<120).map(F.entry)), forPage: 0)

        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.topIndicator == .refreshing }
        #expect(model.ids(in: 0..<1).first == "entry-0")  // the old rows stay

        source.release()
        await model.wait { $0.ids(in: 0..<1).first == "entry-100" }
        #expect(model.topIndicator == .refreshing)  // the minimum indicator time is not over
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        await model.wait { $0.topIndicator == TopIndicator.none }
        #expect(model.selection == 0)
    }

    @Test("the opening load shows no refreshing line over its new rows; a refresh of rows on screen does")
    func openingIsNotARefresh() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(
            source, clock: clock, configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .milliseconds(500)))
        model.start()
        source.release()
        await model.wait { $0.rowCount == 20 }
        #expect(model.feed.loadStates.refresh.isLoading, "the first load holds its indicator time")
        #expect(model.topIndicator == TopIndicator.none)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        await model.wait { !$0.feed.loadStates.refresh.isLoading }

        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.topIndicator == .refreshing }
        source.release()
    }

    @Test("a refresh inside the cooldown says when it will be allowed, counting down; it is not an error")
    func cooldown() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(
            source, clock: clock,
            configuration: FeedConfiguration(pageSize: 20, refreshCooldown: .seconds(3), minimumIndicatorDuration: .zero))
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        clock.advance(by: .seconds(3))  // the first load starts the cooldown too
        await model.refresh()

        await model.refresh()

        #expect(model.topIndicator == .notice("refresh available in 3 s"))
        await clock.sleepers(atLeast: 1)  // the notice waits for the cooldown to end
        clock.advance(by: .seconds(1))
        #expect(model.topIndicator == .notice("refresh available in 2 s"))
        #expect(model.feed.loadStates.refresh.error == nil)
        clock.advance(by: .seconds(2))
        await model.wait { $0.notice == nil }
        #expect(source.requests.filter { $0.direction == .refresh }.count == 2)
    }

    @Test("a failed refresh shows a banner and keeps every row")
    func refreshFails() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(source, clock: clock)
        model.start()
        // Until its indicator time is over, the first load is a refresh a new one would join.
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        source.script(.failure(F.Failure()), forPage: 0)

        await model.refresh()

        #expect(model.topIndicator == .refreshFailed(UntrustedText("the test server said no")))
        #expect(model.rowCount == 20)
        #expect(model.ids(in: 0..<1).first == "entry-0")
    }

    @Test("the end of the list shows in the footer and stops loading")
    func endOfList() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, pageCount: 2)
        let model = F.model(source, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }

        model.visibleRangeChanged(30..<40)
        await model.wait { $0.footer == .endOfList("— end of list —") }
        #expect(model.rowCount == 40)
    }

    @Test("details open on the selection, follow it, and close with Esc")
    func details() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }
        #expect(!model.isShowingDetails)

        model.perform(.openDetails, visibleRows: 10)
        #expect(model.details?.title.raw == "Entry 0")
        #expect(model.details?.fields.map(\.label) == ["title"])
        #expect(model.isShowingDetails)
        model.perform(.moveDown, visibleRows: 10)
        #expect(model.details?.id == "entry-1")
        #expect(model.isShowingDetails)
        model.perform(.close, visibleRows: 10)
        #expect(model.details == nil)
        #expect(!model.isShowingDetails)
    }

    @Test("keys move the selection within the rows there are")
    func selection() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock, pageCount: 1), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }

        model.perform(.moveUp, visibleRows: 10)
        #expect(model.selection == 0)
        model.perform(.pageDown, visibleRows: 10)
        #expect(model.selection == 9)
        model.perform(.bottom, visibleRows: 10)
        #expect(model.selection == 19)
        model.perform(.moveDown, visibleRows: 10)
        #expect(model.selection == 19)
        model.perform(.top, visibleRows: 10)
        #expect(model.selection == 0)
    }

    @Test("a click selects a row; a click on the selected row opens its details")
    func click() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }

        model.click(at: 4)
        #expect(model.selection == 4 && model.details == nil)
        model.click(at: 4)
        #expect(model.details?.id == "entry-4")
    }

    @Test("the wheel pulled up at the top fills the indicator, then refreshes; a pause lets go")
    func pullToRefresh() async {
        let clock = ManualClock()
        let source = F.source(clock: clock)
        let model = F.model(source, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)

        model.wheel(up: true)
        model.wheel(up: true)
        #expect(model.topIndicator == .pull(progress: 0.5))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: PullGesture.releaseDelay)
        await model.wait { !$0.pull.isActive }
        #expect(source.requests.filter { $0.direction == .refresh }.count == 1)

        for _ in 0..<PullGesture.defaultNotches { model.wheel(up: true) }
        await source.requests(atLeast: 3)
        #expect(source.requests.filter { $0.direction == .refresh }.count == 2)
    }

    @Test("the wheel away from the top moves the selection rather than pulling")
    func wheelMoves() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)

        model.wheel(up: false)
        model.wheel(up: false)
        model.wheel(up: true)

        #expect(model.selection == 1)
        #expect(!model.pull.isActive)
    }

    @Test("rows seen are recorded once tracked: none twice, however often they are on screen")
    func seenItems() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.trackSeenItems()
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 }
        model.visibleRangeChanged(10..<20)
        model.visibleRangeChanged(5..<15)

        #expect(model.seen.rowOf.count == 20)
        #expect(model.seen.rowOf["entry-12"] == 12)
        #expect(model.seen.duplicates.isEmpty)
    }
}
