/// Loads the pictures a ``FeedViewModel`` asks for: the front end's image pipeline (the terminal
/// app's image store, a SwiftUI app's cache). The view model says, after every frame, which
/// pictures are on screen and which are just below; the loader starts what is missing and lets
/// go of the rest. Reading a loaded picture back is the front end's own affair.
@MainActor
public protocol FeedImageLoading: AnyObject {
    /// Loads `visible` (the rows on screen and the open details), warms `upcoming` (the rows
    /// just below), and lets go of everything else. Called every frame: only what changed should
    /// start or stop.
    /// - Parameters:
    ///   - visible: the pictures on screen.
    ///   - upcoming: the pictures a screenful below.
    func show(_ visible: [FeedImage], upcoming: [FeedImage])
    /// Stops every load and lets go of the pictures shown (the list was hidden or closed).
    func cancelAll()
    /// Changes each time the loader forgets what it was last shown (a load ended, or
    /// ``cancelAll()``): while it stays the same, showing the same pictures again would do
    /// nothing, so the view model does not (issue 29).
    var shownRevision: Int { get }
}
