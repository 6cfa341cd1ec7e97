import Observation

/// What ``FeedViewModel`` shows that can change, kept in a class that is not generic.
///
/// In a generic `@Observable` class, every read of a tracked property instantiates its key
/// path at run time (`\FeedViewModel<Source>.selection` depends on `Source`), resolving the
/// generic arguments from their mangled names, and a frame reads these dozens of times: held
/// `j` spent about 5 % of the app's CPU there. Here the key paths are constants, made once;
/// the view model forwards its properties to them, and is observed exactly as before.
@MainActor @Observable
final class FeedViewState {
    var selection = 0
    var visibleRange: Range<Int> = 0..<0
    var details: ItemDetails?
    var notice: Notice?
    var pull = PullGesture()
    var isHoldingRefreshSpinner = false
    var selectionMove: SelectionMove?
    var live: LiveState?
}
