import Endless
import EndlessHTTP
import Foundation
import Observation
import Synchronization

/// Carries out `d`: fetches an item's file in the background (the browser stays usable),
/// saves it in the pictures folder (``DownloadFolder``, ``DownloadSaver``), then tells the
/// service (``ItemDownload/tell``). Its ``status`` is the status bar's download segment:
/// `Downloading sea-abc… 45 %`, then `Saved to ~/Pictures/endless/sea-abc.jpg`.
///
/// Its properties are `@SignalObserved`, as every property a frame reads is: the loop draws a
/// frame when the one shared revision changes (`FrameObservation`), and a tracked property
/// would not tell it.
@MainActor @Observable
final class Downloader {
    /// The largest file downloaded: a photo at full size is a few MiB; a body past this is a
    /// service gone wrong, and is refused while it streams.
    static let defaultMaximumBytes = 64 * 1024 * 1024
    /// The longest a download may take.
    static let deadline: Duration = .seconds(300)

    /// What the last download to report says; nil for nothing.
    @ObservationIgnored @SignalObserved private(set) var status: String? = nil
    /// The downloads running, by their ``ItemDownload/key``.
    @ObservationIgnored private(set) var running: [String: Task<Void, Never>] = [:]
    @ObservationIgnored private let http: HTTPClient
    @ObservationIgnored let maximumBytes: Int

    /// - Parameter maximumBytes: the largest file downloaded.
    init(maximumBytes: Int = defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
        // A client of its own: a file is large and slow beside the feeds' pages and pictures,
        // and two downloads of one file must not be shared with a row's picture. libcurl's
        // multi interface streams it with the size limit and progress of any other request.
        http = HTTPClient(
            configuration: HTTPClient.Configuration(deadline: Self.deadline, maxBodyBytes: maximumBytes, coalescesIdenticalGETs: false),
            transport: CurlTransport())
    }

    /// Starts `download`.
    /// - Parameters:
    ///   - download: what to download.
    ///   - environment: where the pictures folder is (`XDG_PICTURES_DIR`, `HOME`).
    /// - Returns: what the status bar says now.
    @discardableResult
    func start(_ download: ItemDownload, environment: [String: String]) -> String {
        let stem = DownloadFileName.stem(download.name)
        guard running[download.key] == nil else {
            return "\(stem) is already downloading"
        }
        let folder: URL
        do throws(DownloadFolder.Failure) {
            folder = try DownloadFolder.resolve(environment: environment)
        } catch {
            return report("Cannot download \(stem): \(error)")
        }
        let http = self.http
        let maximumBytes = self.maximumBytes
        let key = download.key
        let progress = DownloadProgress { [weak self] percent in
            Task { @MainActor in self?.progress(key, "Downloading \(stem)… \(percent) %") }
        }
        running[key] = Task { [weak self] in
            let said = await Self.run(download, stem: stem, folder: folder, http: http, maximumBytes: maximumBytes, progress: progress)
            let shown = said.replacingOccurrences(of: folder.path, with: DownloadFolder.shown(folder.path, environment: environment))
            self?.finish(key, shown)
        }
        return report("Downloading \(stem)…")
    }

    /// Forgets what the last finished download said, once nothing runs (after a key).
    func clearFinished() {
        if running.isEmpty, status != nil { status = nil }
    }

    private func report(_ text: String) -> String {
        status = text
        return text
    }

    private func progress(_ key: String, _ text: String) {
        guard running[key] != nil, status != text else { return }
        status = text
    }

    private func finish(_ key: String, _ text: String) {
        running[key] = nil
        status = text
    }

    /// `64 MiB`, or `512 KiB` below one MiB.
    nonisolated static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / 1024 / 1024) MiB" : "\(max(1, bytes / 1024)) KiB"
    }

    /// Fetches, saves and tells; returns what the status bar says of it.
    private nonisolated static func run(
        _ download: ItemDownload, stem: String, folder: URL, http: HTTPClient, maximumBytes: Int, progress: DownloadProgress
    ) async -> String {
        let response: HTTPResponse
        let observer = TransferProgress.Observer { progress.observe($0, $1) }
        do {
            response = try await TransferProgress.$observer.withValue(observer) {
                try await http.data(from: download.url, accepting: .images)
            }
        } catch {
            if case .bodyTooLarge? = error as? HTTPError {
                return "Not saved: \(stem) is larger than \(Self.mebibytes(maximumBytes))"
            }
            return "Download of \(stem) failed: \(BrowserModel.printable("\(error)", limit: 120))"
        }
        let contentType = response.headers["Content-Type"]
        guard let fileExtension = DownloadFileName.fileExtension(contentType: contentType) else {
            let type = BrowserModel.printable(contentType ?? "none", limit: 40)
            return "Not saved: \(stem) is not a JPEG, PNG or WebP picture (Content-Type \(type))"
        }
        let saved: (url: URL, existed: Bool)
        do throws(DownloadSaver.Failure) {
            saved = try DownloadSaver.save(response.body, in: folder, stem: stem, fileExtension: fileExtension)
        } catch {
            return "Not saved: \(BrowserModel.printable(error.description, limit: 120))"
        }
        let place = "\(saved.existed ? "Already saved" : "Saved") to \(saved.url.path)"
        guard let tell = download.tell else { return place }
        do {
            try await tell()
            return place
        } catch {
            let party = download.toldParty.isEmpty ? "the service" : download.toldParty
            return "\(place); \(party) was not told of the download: \(BrowserModel.printable("\(error)", limit: 80))"
        }
    }
}

/// Turns the transport's byte counts into whole percents, each said once.
final class DownloadProgress: Sendable {
    private let lastPercent = Mutex(-1)
    private let say: @Sendable (Int) -> Void

    init(say: @escaping @Sendable (Int) -> Void) {
        self.say = say
    }

    /// Hears `received` of `expected` bytes (``TransferProgress/observer``).
    func observe(_ received: Int, _ expected: Int64?) {
        guard let expected, expected > 0 else { return }
        let percent = Int(min(100, Int64(received) * 100 / expected))
        let isNew = lastPercent.withLock { last in
            guard percent != last else { return false }
            last = percent
            return true
        }
        if isNew { say(percent) }
    }
}
