import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessSimulator

/// The download event of the offline Unsplash (`links.download_location`), over raw HTTP on
/// 127.0.0.1: answered with the full-size image as the live API does, and counted in the
/// photo's `downloads`.
@Suite("Simulated Unsplash downloads", .timeLimit(TimeBudget.minutes(1)))
struct UnsplashDownloadsTests {
    typealias Service = UnsplashServiceTests

    static func downloads(_ client: RawClient, _ id: String) throws -> Int {
        let response = try client.get("/unsplash/photos/\(id)", headers: "Host: 127.0.0.1:1\r\n" + Service.key)
        let photo = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require(photo["downloads"] as? Int)
    }

    @Test("GET photos/:id/download answers {url: urls.full} and adds one to the photo's downloads; other photos keep theirs")
    func counted() throws {
        let (server, client, service) = try Service.start()
        defer { server.stop() }
        let listed = try Service.photos(try client.get("/unsplash/photos?per_page=2", headers: "Host: 127.0.0.1:1\r\n" + Service.key))
        let ids = try listed.map { try #require($0["id"] as? String) }
        try #require(ids.count == 2)
        let full = try #require((listed[0]["urls"] as? [String: String])?["full"])
        let location = try #require((listed[0]["links"] as? [String: String])?["download_location"])
        let before = try (Self.downloads(client, ids[0]), Self.downloads(client, ids[1]))

        let path = try #require(URL(string: location)).path + "?" + (try #require(URL(string: location)?.query))
        let answer = try client.get(path, headers: "Host: 127.0.0.1:1\r\n" + Service.key)
        #expect(answer.status == 200 && answer.header("Content-Type") == "application/json")
        let url = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: String])["url"]
        #expect(url == full, "the live API answers with the image to download")

        #expect(try Self.downloads(client, ids[0]) == before.0 + 1)
        #expect(try Self.downloads(client, ids[1]) == before.1, "only the photo downloaded counts")
        #expect(service.downloads.count(of: try #require(service.catalogue.photo(id: ids[0])).index) == 1)
    }

    @Test("an unknown photo is a 404 with errors, and nothing is counted; the download needs the key like every API call")
    func unknown() throws {
        let (server, client, service) = try Service.start()
        defer { server.stop() }
        let missing = try client.get("/unsplash/photos/nope/download", headers: "Host: 127.0.0.1:1\r\n" + Service.key)
        #expect(missing.status == 404 && missing.text == #"{"errors":["Couldn't find Photo"]}"#)
        let id = service.catalogue.photo(at: 0).id
        let keyless = try client.get("/unsplash/photos/\(id)/download", headers: "Host: 127.0.0.1:1\r\n")
        #expect(keyless.status == 401)
        #expect(service.downloads.count(of: 0) == 0)
    }

    @Test("downloads from many connections at once are all counted")
    func concurrent() throws {
        let service = UnsplashService(catalogue: UnsplashCatalogue(data: try GeneratorData.builtIn()), rateLimiter: nil)
        let (server, port) = try startHTTPServer(handler: SimulatorHost(services: [service], faults: nil))
        defer { server.stop() }
        let id = service.catalogue.photo(at: 3).id
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<5 {
                let status = (try? RawClient(port: port).get("/unsplash/photos/\(id)/download", headers: "Host: 127.0.0.1:1\r\n" + Service.key))?
                    .status
                if status != 200 { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(service.downloads.count(of: 3) == 40)
    }

    @Test("a count stops at its maximum rather than overflowing")
    func bounded() {
        let counts = UnsplashDownloadCounts(maximum: 2)
        for _ in 0..<3 { counts.record(7) }
        #expect(counts.count(of: 7) == 2 && counts.count(of: 8) == 0)
    }
}
