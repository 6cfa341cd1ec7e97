import Foundation

/// What `d` downloads of an item: the file's address, the name to save it under, and whom to
/// tell of the download. Made by the feed (``FeedDownloads``); the browser fetches the file,
/// saves it (``DownloadFolder``, ``DownloadFileName``) and then tells.
public struct ItemDownload: Sendable {
    /// What the download is known by while it runs: a second `d` on the same item says it is
    /// already downloading.
    public let key: String
    /// The file: an http(s) address that needs no credentials.
    public var url: URL
    /// The file's name before its extension, as the feed would have it (`sea-LBI7cgq3pbM`):
    /// made safe and bounded before use (``DownloadFileName``).
    public let name: String
    /// Who is told once the file is saved (`Unsplash`), for the status bar when telling fails.
    public let toldParty: String
    /// Tells the service of the download (a count it keeps); its error is said, the file kept.
    public let tell: (@Sendable () async throws -> Void)?

    /// - Parameters:
    ///   - key: what the download is known by while it runs (unique among the feed's items).
    ///   - url: the file's address.
    ///   - name: the file's name before its extension.
    ///   - toldParty: who `tell` tells, for the status bar.
    ///   - tell: tells the service of the download once the file is saved; nil for nobody.
    public init(key: String, url: URL, name: String, toldParty: String = "", tell: (@Sendable () async throws -> Void)? = nil) {
        self.key = key
        self.url = url
        self.name = name
        self.toldParty = toldParty
        self.tell = tell
    }
}
