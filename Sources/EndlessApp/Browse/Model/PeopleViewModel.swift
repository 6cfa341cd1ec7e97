import Endless
import EndlessImages
import Foundation
import Observation
import RandomUserAPI

/// The people browser's state and intents, with no terminal code in it: the terminal screen
/// draws from it, and a SwiftUI list could drive it the same way.
///
/// State flows down (``rows(in:)``, ``footer``, ``content``, ``topIndicator``, ``details``),
/// intents flow up (``perform(_:visibleRows:)``, ``visibleRangeChanged(_:)``, ``wheel(up:)``,
/// ``click(at:)``). The only signal the list sends about scrolling is the visible range;
/// the ``Feed`` turns it into page loads.
@MainActor @Observable
public final class PeopleViewModel<Source: PageSource> where Source.Item == RandomUser {
    /// The paging engine behind the list.
    @ObservationIgnored public let feed: Feed<Source>
    /// Avatars for the rows, or nil when images are off.
    @ObservationIgnored public let avatars: AvatarStore?
    /// Where people come from, as the status bar says it: `simulator 127.0.0.1:41235`.
    @ObservationIgnored public let sourceLabel: String
    /// The avatar size a row asks the image pipeline for, and which portrait it starts from.
    @ObservationIgnored public var avatarStyle = AvatarStyle()

    /// The selected row.
    public internal(set) var selection = 0
    /// The rows on screen, as the list last reported them.
    public internal(set) var visibleRange: Range<Int> = 0..<0
    /// The person whose details are open, if any.
    public internal(set) var details: PersonDetails?
    /// Whether the key help is open.
    public internal(set) var isHelpVisible = false
    /// A short-lived message, e.g. why a refresh did not happen.
    public internal(set) var notice: Notice?
    /// The pull-to-refresh gesture at the top of the list.
    public internal(set) var pull = PullGesture()
    /// HTTP requests running now (people and portraits), for the status bar.
    public var requestsInFlight = 0

    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let describeKey: @Sendable (Source.Key) -> PageLabel
    @ObservationIgnored var noticeTask: Task<Void, Never>?
    @ObservationIgnored var pullReleaseTask: Task<Void, Never>?
    @ObservationIgnored var refreshTask: Task<Void, Never>?
    /// Which person was seen at which row, when ``tracksSeenPeople`` (for `--dump-state`).
    @ObservationIgnored var seen = SeenPeople()
    @ObservationIgnored var lastVisibleReport: VisibleReport?

    /// Creates the view model.
    /// - Parameters:
    ///   - feed: the paging engine, not started yet.
    ///   - avatars: the avatar store, or nil for no images.
    ///   - sourceLabel: where people come from, for the status bar.
    ///   - clock: times notices and the pull gesture; inject a manual clock in tests.
    ///   - now: the instant ages are computed at for servers that send only dates.
    ///   - describeKey: the seed and page number of a page key, for the status bar.
    public init(
        feed: Feed<Source>, avatars: AvatarStore?, sourceLabel: String,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() },
        describeKey: @escaping @Sendable (Source.Key) -> PageLabel
    ) {
        self.feed = feed
        self.avatars = avatars
        self.sourceLabel = sourceLabel
        self.clock = clock
        self.now = now
        self.describeKey = describeKey
    }

    isolated deinit {
        noticeTask?.cancel()
        pullReleaseTask?.cancel()
        refreshTask?.cancel()
        avatars?.cancelAll()
    }

    /// Loads the first page, once.
    public func start() {
        feed.loadFirstPageIfNeeded()
    }

    /// Rows on the list: people loaded, plus the rows of pages dropped to bound memory.
    public var rowCount: Int { feed.items.totalCount }

    /// The rows in `range` that have a person loaded; dropped pages' rows are absent.
    public func rows(in range: Range<Int>) -> [(index: Int, person: PersonSummary)] {
        let date = now()
        return range.compactMap { index in feed.items.item(at: index).map { (index, PersonSummary($0, now: date)) } }
    }

    /// The avatar request for a row's person, or nil when images are off or there is no portrait.
    public func avatarRequest(for person: PersonSummary, priority: ImagePriority = .visible) -> ImageRequest? {
        guard avatars != nil, let url = avatarStyle.usesMediumPortrait ? person.mediumURL : person.thumbnailURL else {
            return nil
        }
        return ImageRequest(url: url, targetSize: avatarStyle.pixelSize, contentMode: .fill, priority: priority)
    }

    /// The request for the large portrait of the person whose details are open.
    public func portraitRequest(for details: PersonDetails) -> ImageRequest? {
        guard avatars != nil, let url = details.portraitURL else { return nil }
        return ImageRequest(url: url, targetSize: avatarStyle.portraitPixelSize, contentMode: .fill, priority: .high)
    }

    /// The status bar's account of the list: the seed, the page of the selected row, the
    /// number of rows, requests in flight and the image cache's hit rate.
    public var status: ListStatus {
        let firstKey = feed.pageKeys.first ?? nil
        let selectedKey = feed.pageKey(containing: selection)
        return ListStatus(
            seed: firstKey.flatMap { describeKey($0).seed },
            page: selectedKey.flatMap { describeKey($0).page },
            rows: rowCount,
            requestsInFlight: requestsInFlight, cacheHitRate: avatars?.pipeline.metrics.hitRate)
    }
}

/// What the status bar needs to know about a page key: the seed and the page number.
public struct PageLabel: Hashable, Sendable {
    /// The list's seed, as the server reported it.
    public var seed: UntrustedText?
    /// The page number.
    public var page: Int?

    public init(seed: UntrustedText? = nil, page: Int? = nil) {
        self.seed = seed
        self.page = page
    }
}

/// The status bar's figures.
public struct ListStatus: Hashable, Sendable {
    public var seed: UntrustedText?
    public var page: Int?
    /// Rows on the list, dropped pages included.
    public var rows: Int
    public var requestsInFlight: Int
    /// The image caches' hit rate, 0...1, or nil when images are off.
    public var cacheHitRate: Double?
}

/// How big a row's avatar is and which portrait it is made from.
public struct AvatarStyle: Hashable, Sendable {
    /// The pixel size asked of the image pipeline.
    public var pixelSize = PixelSize(width: 48, height: 48)
    /// Whether to start from the 72 px portrait rather than the 48 px thumbnail (for pixel
    /// graphics, where cells hold more pixels than symbols can show).
    public var usesMediumPortrait = false
    /// The pixel size of the large portrait in the details panel.
    public var portraitPixelSize = PixelSize(width: 128, height: 128)

    public init(
        pixelSize: PixelSize = PixelSize(width: 48, height: 48), usesMediumPortrait: Bool = false,
        portraitPixelSize: PixelSize = PixelSize(width: 128, height: 128)
    ) {
        self.pixelSize = pixelSize
        self.usesMediumPortrait = usesMediumPortrait
        self.portraitPixelSize = portraitPixelSize
    }
}

extension PeopleViewModel where Source == RandomUserPageSource {
    /// A view model over randomuser pages: the status bar shows their seed and page number.
    public convenience init(
        feed: Feed<RandomUserPageSource>, avatars: AvatarStore?, sourceLabel: String,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            feed: feed, avatars: avatars, sourceLabel: sourceLabel, clock: clock,
            describeKey: { PageLabel(seed: UntrustedText($0.seed), page: $0.page) })
    }
}
