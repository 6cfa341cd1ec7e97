import EndlessImages
import EndlessTesting
import Foundation
import Synchronization
import Testing

/// Runs the code of the article "Pictures in rows" with a loader that serves one small PNG.
@MainActor
@Suite struct AvatarTests {
    /// An 8 × 8 red PNG, served for every URL; counts downloads per URL.
    final class PictureLoader: ImageDataLoading {
        static let png = Data(
            base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAEklEQVR4nGM4oaHxHx9mGBkKAOdkhcFs8Kk4AAAAAElFTkSuQmCC")
        let downloads = Mutex<[URL: Int]>([:])

        func data(for url: URL) async throws -> Data {
            downloads.withLock { $0[url, default: 0] += 1 }
            return try #require(Self.png)
        }
    }

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("endless-doc-avatars-\(UUID().uuidString)")
    }

    @Test func aRowDrawsItsAvatarThenFromMemory() async throws {
        let loader = PictureLoader()
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pipeline = makeImagePipeline(loader: loader, cacheDirectory: directory)
        let ada = avatarRequest(try #require(URL(string: "http://127.0.0.1:9/avatars/ada.png")))

        let row = AvatarView()
        let loading = try #require(row.show(ada, from: pipeline))
        try await loading.value(within: .seconds(20))
        let image = try #require(row.image)
        #expect(image.size == PixelSize(width: 96, height: 96))
        #expect(image.pixel(x: 50, y: 50).red > 150)

        let reused = AvatarView()
        #expect(reused.show(ada, from: pipeline) == nil)   // from memory, in the same frame
        #expect(reused.image == image)
        #expect(loader.downloads.withLock { $0.values.reduce(0, +) } == 1)
    }

    @Test func aReusedRowDropsTheOldPersonsPicture() async throws {
        let loader = PictureLoader()
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pipeline = makeImagePipeline(loader: loader, cacheDirectory: directory)
        let ada = avatarRequest(try #require(URL(string: "http://127.0.0.1:9/avatars/ada.png")))
        let bob = avatarRequest(try #require(URL(string: "http://127.0.0.1:9/avatars/bob.png")))

        let row = AvatarView()
        let first = row.show(ada, from: pipeline)
        let second = try #require(row.show(bob, from: pipeline))
        try await first?.value(within: .seconds(20))
        try await second.value(within: .seconds(20))
        #expect(row.image?.request == bob)
    }

    @Test func prefetchedPicturesAreDownloadedOnce() async throws {
        let loader = PictureLoader()
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pipeline = makeImagePipeline(loader: loader, cacheDirectory: directory)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let coming = try (0..<5).map { avatarRequest(try #require(URL(string: "http://127.0.0.1:9/avatars/\($0).png"))) }

        prefetchAvatars(prefetcher, comingUp: coming, scrolledPast: [])
        for request in coming {   // the rows scroll in: each joins its prefetch, or finds it done
            let image = try await pipeline.image(for: request)
            #expect(image.request == request)
        }
        #expect(loader.downloads.withLock { $0 }.count == 5)
        #expect(loader.downloads.withLock { $0.values.allSatisfy { $0 == 1 } })
    }
}
