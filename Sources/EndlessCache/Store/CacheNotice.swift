/// Something a person should know about the page cache, said once, in one line: the file was
/// damaged and rebuilt, it cannot be used, or it can no longer be written.
///
/// The app decides where the line goes (stderr before the screen opens, the status bar
/// after); the cache never prints.
public struct CacheNotice: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The file was damaged: not a database or cut short (found at open), failing the
        /// `PRAGMA quick_check` that runs in the background after opening (acted on at the
        /// cache's next use), or failing a statement. It was moved aside
        /// (`pages.sqlite.corrupt`) and an empty cache started in its place.
        case rebuilt
        /// The cache cannot be used at all (a read-only or missing directory, a file from a
        /// newer version): pages come from the network only, and nothing is cached.
        case unavailable
        /// Writing failed (a full disk, a file turned read-only): pages already cached are
        /// still served, new ones are not kept.
        case writesStopped
    }

    /// What happened.
    public let kind: Kind
    /// The one line to show, without a program name: `page cache: /home/ada/.cache/endless/
    /// pages.sqlite was damaged (…); moved it to pages.sqlite.corrupt and started an empty one`.
    public let message: String

    /// Creates a notice; line breaks in `message` become spaces, so it stays one line.
    /// - Parameters:
    ///   - kind: what happened.
    ///   - message: what to tell the person.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The message.
    public var description: String { message }
}
