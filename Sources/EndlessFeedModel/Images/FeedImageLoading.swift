/// Loads the pictures a ``FeedViewModel`` asks for: the front end's image pipeline (the terminal
/// app's image store, a SwiftUI app's cache). After a frame that changed them, the view model
/// says which pictures it now wants and no longer wants, and at which priority (the rows on
/// screen load, and 15 rows more, told a group of 16 at once; the rows just below warm); the
/// loader starts what is new and lets go of what is not wanted. Reading a loaded picture back
/// is the front end's own affair.
@MainActor
public protocol FeedImageLoading: AnyObject {
    /// Starts loading (or warming) the pictures newly wanted, changes the priority of those
    /// wanted at another, and stops and lets go of the pictures no longer wanted. Called only
    /// when something changed, with only what changed: the loader keeps what it was told.
    /// - Parameter changes: what changed since the last call.
    func update(_ changes: FeedImageChanges)
    /// Stops every load and lets go of the pictures shown (the list was hidden or closed).
    func cancelAll()
    /// Changes each time the loader forgets what it was told (``cancelAll()``): the view model
    /// then tells it again every picture it wants.
    var shownRevision: Int { get }
}
