import CTurboJPEG
import EndlessBlurHash
import EndlessImages
import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The offline Unsplash behind the simulator host, over raw HTTP on 127.0.0.1: the list and its
/// headers, one photo, the access key, the demo rate limit, and the imgix image endpoint.
@Suite("Simulated Unsplash", .timeLimit(TimeBudget.minutes(1)))
struct UnsplashServiceTests {
    static let key = "Authorization: Client-ID test-key\r\n"

    static func start(limit: Int? = nil, clock: ManualClock = ManualClock()) throws -> (
        server: HTTPServer, client: RawClient, service: UnsplashService
    ) {
        let service = UnsplashService(
            catalogue: UnsplashCatalogue(data: try GeneratorData.builtIn()),
            rateLimiter: limit.map { RateLimiter(configuration: .unsplash(limit: $0), clock: clock) })
        let (server, port) = try startHTTPServer(handler: SimulatorHost(services: [service], faults: nil))
        return (server, try RawClient(port: port), service)
    }

    func get(_ client: RawClient, _ target: String, headers: String = key) throws -> RawClient.Response {
        try client.get(target, headers: "Host: 127.0.0.1:1\r\n" + headers)
    }

    static func photos(_ response: RawClient.Response) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    @Test("a page: a bare array of 10 by default, Link, X-Total and X-Per-Page as the live service sends them")
    func firstPage() throws {
        let (server, client, _) = try Self.start()
        defer { server.stop() }
        let response = try get(client, "/unsplash/photos")
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        let photos = try Self.photos(response)
        #expect(photos.count == 10)
        #expect(response.header("X-Total") == "5000" && response.header("X-Per-Page") == "10")
        #expect(
            response.header("Link")
                == #"<http://127.0.0.1:1/unsplash/photos?page=500&per_page=10>; rel="last", <http://127.0.0.1:1/unsplash/photos?page=2&per_page=10>; rel="next""#
        )
        #expect(response.header("X-Ratelimit-Remaining") == nil)  // the limit is off
        let first = try #require(photos.first)
        for key in [
            "id", "slug", "created_at", "updated_at", "promoted_at", "width", "height", "color", "blur_hash", "description",
            "alt_description", "urls", "links", "likes", "liked_by_user", "asset_type", "user",
        ] {
            #expect(first.keys.contains(key), "\(key) missing")
        }
        let urls = try #require(first["urls"] as? [String: String])
        #expect(Set(urls.keys) == ["raw", "full", "regular", "small", "thumb", "small_s3"])
        #expect(urls["regular"]?.contains("w=1080") == true && urls["raw"]?.contains("ixid=") == true)
    }

    @Test("per_page is clamped to 30, a page past the end is [] with first and prev only, order_by sorts")
    func pagingAndOrder() throws {
        let (server, client, _) = try Self.start()
        defer { server.stop() }
        let big = try get(client, "/unsplash/photos?per_page=50")
        #expect(try Self.photos(big).count == 30 && big.header("X-Per-Page") == "30")
        let last = try get(client, "/unsplash/photos?page=500&per_page=10")
        #expect(try Self.photos(last).count == 10)
        #expect(last.header("Link")?.contains(#"rel="next""#) == false && last.header("Link")?.contains(#"rel="first""#) == true)
        let past = try get(client, "/unsplash/photos?page=501&per_page=10")
        #expect(past.text == "[]")
        let latest = try Self.photos(get(client, "/unsplash/photos?per_page=30"))
        let dates = latest.compactMap { $0["created_at"] as? String }
        #expect(dates == dates.sorted(by: >) && dates.count == 30)
        let oldest = try Self.photos(get(client, "/unsplash/photos?order_by=oldest&per_page=3"))
        #expect((oldest.first?["created_at"] as? String ?? "z") < (dates.last ?? ""))
        // Old photos carry the zone offsets of old captures.
        #expect((oldest.first?["created_at"] as? String)?.hasSuffix("Z") == false)
        let popular = try Self.photos(get(client, "/unsplash/photos?order_by=popular&per_page=30")).compactMap { $0["likes"] as? Int }
        #expect(popular == popular.sorted(by: >) && (popular.first ?? 0) > (latest.first?["likes"] as? Int ?? .max) / 2)
    }

    @Test("no key, or a malformed Authorization, is 401 with the live body; client_id in the query works")
    func accessKey() throws {
        let (server, client, _) = try Self.start()
        defer { server.stop() }
        for headers in ["", "Authorization: Client-ID \r\n", "Authorization: Basic dXNlcjpwYXNz\r\n", "Authorization: Client-ID a b\r\n"] {
            let refused = try get(client, "/unsplash/photos", headers: headers)
            #expect(refused.status == 401, "\(headers)")
            #expect(refused.text == #"{"errors":["OAuth error: The access token is invalid"]}"#)
        }
        #expect(try get(client, "/unsplash/photos?client_id=abc", headers: "").status == 200)
        #expect(try get(client, "/unsplash/photos", headers: "Authorization: Bearer user-token\r\n").status == 200)
        // Images need no key.
        let page = try Self.photos(get(client, "/unsplash/photos?per_page=1"))
        let raw = try #require((page.first?["urls"] as? [String: String])?["raw"])
        #expect(try get(client, Self.target(raw) + "&w=20", headers: "").status == 200)
    }

    @Test("the demo limit: 50 an hour with the headers counting down, then 403 Rate Limit Exceeded as text; the hour resets it")
    func rateLimit() throws {
        let clock = ManualClock()
        let (server, client, _) = try Self.start(limit: 3, clock: clock)
        defer { server.stop() }
        var remaining: [String?] = []
        for _ in 0..<3 { remaining.append(try get(client, "/unsplash/photos?per_page=1").header("X-Ratelimit-Remaining")) }
        #expect(remaining == ["2", "1", "0"])
        let refused = try get(client, "/unsplash/photos?per_page=1")
        #expect(refused.status == 403 && refused.text == "Rate Limit Exceeded")
        #expect(refused.header("Content-Type")?.hasPrefix("text/plain") == true && refused.header("X-Ratelimit-Remaining") == "0")
        // Another key has its own budget; images never count.
        #expect(try get(client, "/unsplash/photos?per_page=1", headers: "Authorization: Client-ID other\r\n").status == 200)
        clock.advance(by: .seconds(3601))
        #expect(try get(client, "/unsplash/photos?per_page=1").header("X-Ratelimit-Remaining") == "2")
    }

    @Test("one photo has the list's fields and exif, location, views, downloads; a missing one is 404 with errors")
    func singlePhoto() throws {
        let (server, client, _) = try Self.start()
        defer { server.stop() }
        let listed = try #require(try Self.photos(get(client, "/unsplash/photos?per_page=1")).first)
        let id = try #require(listed["id"] as? String)
        let single = try #require(try JSONSerialization.jsonObject(with: Data(get(client, "/unsplash/photos/\(id)").body)) as? [String: Any])
        #expect(single["blur_hash"] as? String == listed["blur_hash"] as? String)
        #expect(single["exif"] is [String: Any] && single["views"] is Int && single["downloads"] is Int && single["location"] is [String: Any])
        let missing = try get(client, "/unsplash/photos/nope")
        #expect(missing.status == 404 && missing.text == #"{"errors":["Couldn't find Photo"]}"#)
        let download = try get(client, "/unsplash/photos/\(id)/download")
        #expect(download.text.hasPrefix(#"{"url":"http://127.0.0.1:1/unsplash/images/photo-"#))
    }

    @Test("the catalogue is reproducible and varied: the same photos every run, every shape, every kind of subject")
    func catalogue() throws {
        let one = UnsplashCatalogue(data: try GeneratorData.builtIn()), two = UnsplashCatalogue(data: try GeneratorData.builtIn())
        #expect((0..<50).map { one.photo(at: $0).id } == (0..<50).map { two.photo(at: $0).id })
        let records = (0..<300).map(one.photo(at:))
        #expect(Set(records.map(\.id)).count == 300)
        let aspects = records.map { Double($0.width) / Double($0.height) }
        #expect(
            aspects.contains { $0 < 0.7 } && aspects.contains { $0 == 1 } && aspects.contains { $0 > 2.4 }
                && aspects.contains { (1.4...1.6).contains($0) })
        #expect(Set(records.map(\.scene.kind)) == Set(PhotoScene.Kind.allCases))
        #expect(records.contains { $0.description == nil } && records.contains { $0.promoted != nil })
        #expect(Set(records.map(\.photographer)).count > 100)
        #expect(one.photo(id: records[42].id)?.index == 42 && one.photo(imageName: records[7].imageName)?.index == 7)
    }

    @Test("colour and BlurHash are the image's own: the dominant colour is the picture's, the hash decodes to its layout")
    func traitsComeFromTheImage() throws {
        let catalogue = UnsplashCatalogue(data: nil)
        for index in [0, 1, 2, 3, 4, 8, 11] {
            let record = catalogue.photo(at: index)
            let traits = UnsplashPhotoTraits.compute(record.scene)
            let hash = try BlurHash(traits.blurHash)
            #expect(hash.componentsX == 4 && hash.componentsY == 3 && traits.blurHash.count == 28)
            // Drawn at 24×16 the picture and the decoded hash agree region by region.
            let rgb = SceneRenderer.render(record.scene, width: 24, height: 16)
            let blurred = hash.pixels(width: 24, height: 16)
            var error = 0
            for y in stride(from: 2, to: 16, by: 5) {
                for x in stride(from: 2, to: 24, by: 7) {
                    for channel in 0..<3 {
                        error = max(error, abs(Int(rgb[(y * 24 + x) * 3 + channel]) - Int(blurred[(y * 24 + x) * 4 + channel])))
                    }
                }
            }
            #expect(error <= 110, "photo \(index): \(error)")
            // The dominant colour is one the picture really has much of.
            let color = try #require(RGBColor(hex: traits.color))
            var close = 0
            for pixel in stride(from: 0, to: rgb.count, by: 3) {
                let red = abs(Int(rgb[pixel]) - Int(color.red))
                let green = abs(Int(rgb[pixel + 1]) - Int(color.green))
                let blue = abs(Int(rgb[pixel + 2]) - Int(color.blue))
                if red + green + blue < 48 { close += 1 }
            }
            #expect(close * 10 >= rgb.count / 3, "photo \(index): \(traits.color) covers \(close) of \(rgb.count / 3) pixels")
        }
    }

    /// The path and query of an absolute URL on the simulator.
    static func target(_ url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    static func size(ofJPEG bytes: [UInt8]) throws -> (Int, Int) {
        let handle = try #require(tjInitDecompress())
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        try #require(status == 0)
        return (Int(width), Int(height))
    }

    @Test("imgix: w and h with fit=crop|max|clip, dpr, q and fm=png resize for real; bad values are 400; results are cached")
    func imgix() throws {
        let (server, client, service) = try Self.start()
        defer { server.stop() }
        let photo = try #require(try Self.photos(get(client, "/unsplash/photos?per_page=1")).first)
        let raw = try Self.target(try #require((photo["urls"] as? [String: String])?["raw"]))
        let (width, height) = (try #require(photo["width"] as? Int), try #require(photo["height"] as? Int))
        func jpegSize(_ query: String) throws -> (Int, Int) {
            let response = try get(client, raw + query, headers: "")
            #expect(response.status == 200 && response.header("Content-Type") == "image/jpeg", "\(query)")
            return try Self.size(ofJPEG: response.body)
        }
        #expect(try jpegSize("&w=120&h=80&fit=crop") == (120, 80))
        #expect(try jpegSize("&w=120&h=80&fit=crop&dpr=2") == (240, 160))
        let clip = try jpegSize("&w=120&h=120&fit=clip")
        #expect(max(clip.0, clip.1) == 120 && abs(Double(clip.0) / Double(clip.1) - Double(width) / Double(height)) < 0.03)
        let onlyWidth = try jpegSize("&w=200")
        #expect(onlyWidth.0 == 200 && abs(onlyWidth.1 - Int((200 * Double(height) / Double(width)).rounded())) <= 1)
        let small = try get(client, raw + "&w=160&h=100&fit=crop&q=20", headers: "").body.count
        let fine = try get(client, raw + "&w=160&h=100&fit=crop&q=95", headers: "").body.count
        #expect(small < fine)
        let png = try get(client, raw + "&w=40&h=30&fit=crop&fm=png", headers: "")
        #expect(png.header("Content-Type") == "image/png" && Array(png.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let decoded = try ImageDecoder().decode(
            Data(png.body), for: ImageRequest(url: URL(fileURLWithPath: "/p.png"), targetSize: PixelSize(width: 40, height: 30)))
        #expect(decoded.width == 40 && decoded.height == 30)
        for bad in ["&w=-3", "&h=abc", "&dpr=9", "&q=101", "&fm=gif"] {
            let refused = try get(client, raw + bad, headers: "")
            #expect(refused.status == 400 && refused.text.hasPrefix("Invalid value for "), "\(bad)")
        }
        let renders = service.images.renders
        _ = try jpegSize("&w=120&h=80&fit=crop")
        #expect(service.images.renders == renders)
        #expect(try get(client, "/unsplash/images/photo-0-0?w=10", headers: "").status == 404)
    }

    @Test("the crop keeps the middle of the original, or the side asked for")
    func cropGeometry() {
        // The geometry alone: no limit on pixels (the limits have tests of their own).
        let limits = ImgixRequest.Limits(maximumSide: ImgixRequest.maximumSide, maximumPixels: .max)
        let plan = { (query: String) in
            (try? ImgixRequest(QueryParameters(query)))?.plan(originalWidth: 3000, originalHeight: 2000, limits: limits)
        }
        let middle = plan("w=100&h=100&fit=crop")?.source
        #expect(abs((middle?.x ?? 0) - 1 / 6) < 1e-9 && abs((middle?.width ?? 0) - 2 / 3) < 1e-9 && middle?.height == 1)
        #expect(plan("w=100&h=100&fit=crop&crop=left")?.source.x == 0)
        #expect(plan("w=300&h=50&fit=crop&crop=bottom")?.source == SceneRenderer.Source(x: 0, y: 0.75, width: 1, height: 0.25))
        #expect(plan("w=0.5")?.width == 1500)
        #expect(plan("")?.width == 3000)
        // max never enlarges; clip does, up to the simulator's largest side.
        #expect(plan("w=2500&h=2500&fit=max").map { ($0.width, $0.height) } ?? (0, 0) == (2500, 1667))
        #expect(plan("w=6000&h=6000&fit=max").map { ($0.width, $0.height) } ?? (0, 0) == (3000, 2000))
        #expect(plan("w=8000&h=8000&fit=clip")?.width == ImgixRequest.maximumSide)
    }
}
