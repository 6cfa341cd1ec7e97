import EndlessHTTP
import Foundation
import Synchronization
import Testing
import UnsplashAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trackDownload(of:)`: the download event goes to the client's own API root with the key,
/// whatever host the photo's `links.download_location` names.
@Suite("UnsplashClient: the download event")
struct TrackDownloadTests {
    /// Keeps the requests and answers with the live shape.
    final class RecordingTransport: HTTPTransport {
        let requests = Mutex<[URLRequest]>([])

        func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse {
            requests.withLock { $0.append(request) }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"url":"https://images.unsplash.test/photo-1?ixid=abc"}"#.utf8), url: request.url)
        }
    }

    static func client(_ transport: RecordingTransport) -> UnsplashClient {
        let http = HTTPClient(baseURL: URL(string: "https://api.unsplash.test/"), configuration: .init(retryPolicy: .never), transport: transport)
        return UnsplashClient(http: http, accessKey: "KEY-1")
    }

    @Test("GET photos/{id}/download on the API root with the key and the ixid; a hostile location's host gets nothing")
    func ownRoot() async throws {
        let transport = RecordingTransport()
        let photo = UnsplashPhoto(
            id: "LBI7cgq3pbM",
            links: UnsplashPhotoLinks(
                api: nil, html: nil, download: nil,
                downloadLocation: "https://evil.test/steal?ixid=abc&client_id=other"))
        let url = try await Self.client(transport).trackDownload(of: photo)
        #expect(url?.absoluteString == "https://images.unsplash.test/photo-1?ixid=abc")
        let request = try #require(transport.requests.withLock { $0 }.first)
        #expect(request.url?.absoluteString == "https://api.unsplash.test/photos/LBI7cgq3pbM/download?ixid=abc")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Client-ID KEY-1")
    }

    @Test("an id that is not one is refused before anything is sent", arguments: ["../me", "", "a b", "a/b", "x\u{1B}"])
    func hostileID(_ id: String) async {
        let transport = RecordingTransport()
        await #expect(throws: UnsplashError.self) { try await Self.client(transport).trackDownload(of: UnsplashPhoto(id: id)) }
        #expect(transport.requests.withLock { $0 }.isEmpty)
    }

    @Test("photo(id:) refuses an id that is not one before anything is sent", arguments: ["../me", "", "a b", "a/b", "x\u{1B}", "a?b"])
    func hostilePhotoID(_ id: String) async {
        let transport = RecordingTransport()
        await #expect {
            try await Self.client(transport).photo(id: id)
        } throws: { error in
            guard case .invalidRequest = error as? UnsplashError else { return false }
            return true
        }
        #expect(transport.requests.withLock { $0 }.isEmpty)
    }
}
