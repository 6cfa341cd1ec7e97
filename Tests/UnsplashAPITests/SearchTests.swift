import Endless
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing
import UnsplashAPI

/// `GET /search/photos`: the body's shape as the service sends it (an object, unlike
/// `/photos`), read with bounds; and the client and page source against the simulator.
@Suite("Unsplash search", .timeLimit(TimeBudget.minutes(1)))
struct UnsplashSearchTests {
    /// The shape Unsplash's documentation and APIS.md give, with a photo trimmed to what the
    /// model reads.
    static let captured = Data(
        #"""
        {"total":133,"total_pages":7,"results":[{"id":"eOLpJytrbsQ","created_at":"2014-11-18T14:35:36-05:00","width":4000,"height":3000,
        "color":"#A7A2A1","blur_hash":"LaLXMa9Fx[D%~q%MtQM|kDRjtRIU","likes":286,"description":"A man drinking a coffee.",
        "alt_description":"man drinking coffee","user":{"id":"Ul0QVz12Goo","username":"ugmonk","name":"Jeff Sheldon"},
        "urls":{"raw":"https://images.unsplash.com/photo-1416339306562-f3d12fefd36f","full":"https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?q=75",
        "regular":"https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=1080","small":"https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=400",
        "thumb":"https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=200"},
        "links":{"self":"https://api.unsplash.com/photos/eOLpJytrbsQ","html":"http://unsplash.com/photos/eOLpJytrbsQ",
        "download":"http://unsplash.com/photos/eOLpJytrbsQ/download","download_location":"https://api.unsplash.com/photos/eOLpJytrbsQ/download"}}]}
        """#.utf8)

    @Test("the captured shape: totals, the photos with their objects as sent, the next page from total_pages")
    func capturedShape() throws {
        let page = try UnsplashSearchPage.read(Self.captured, page: 1)
        #expect(page.total == 133 && page.totalPages == 7 && page.nextPage == 2)
        let photo = try #require(page.photos.first)
        #expect(photo.id == "eOLpJytrbsQ" && photo.description == "A man drinking a coffee.")
        #expect(photo.rawJSON.text.contains("\"download_location\""))
        let last = try UnsplashSearchPage.read(Self.captured, page: 7)
        #expect(last.nextPage == nil)
    }

    @Test("a one-page answer still has total_pages, and ends; no results ends too")
    func onePage() throws {
        let one = try UnsplashSearchPage.read(Data(#"{"total":0,"total_pages":0,"results":[]}"#.utf8), page: 1)
        #expect(one.photos.isEmpty && one.nextPage == nil)
        let single = try UnsplashSearchPage.read(Data(#"{"total":1,"total_pages":1,"results":[{"id":"a","width":1,"height":1}]}"#.utf8), page: 1)
        #expect(single.photos.count == 1 && single.nextPage == nil)
    }

    @Test(
        "bodies that are not a search are errors that say so, never a trap",
        arguments: [
            "", "[]", "{}", #"{"total":1,"total_pages":1}"#, #"{"total":-1,"total_pages":1,"results":[]}"#,
            #"{"total":"1","total_pages":1,"results":[]}"#, #"{"total":1,"total_pages":1.5,"results":[]}"#,
            #"{"total":1,"total_pages":1,"results":[1]}"#, #"{"total":1,"total_pages":1,"results":{}}"#, "{\"results\":[",
        ])
    func malformed(_ body: String) {
        #expect(throws: UnsplashError.self) { try UnsplashSearchPage.read(Data(body.utf8), page: 1) }
    }

    @Test("a huge total_pages is bounded")
    func hugePages() throws {
        let page = try UnsplashSearchPage.read(Data(#"{"total":1,"total_pages":999999999999,"results":[]}"#.utf8), page: 1)
        #expect(page.totalPages <= 1_000_000)
    }

    @Test("against the simulator: words match descriptions, alt texts and tags; pages end at total_pages")
    func simulator() async throws {
        let harness = try UnsplashClientTests.Harness()
        let client = harness.client()
        let sea = try #require(SearchText("sea"))
        let first = try await client.searchPhotos(sea, page: 1, perPage: 30)
        #expect(first.total > 30 && first.photos.count == 30 && first.nextPage == 2)
        #expect(first.totalPages == (first.total + 29) / 30)
        // Matched in the description, the alt description or the tag (the scene: `sea`).
        let texts = first.photos.map { [$0.description ?? "", $0.altDescription ?? ""].joined(separator: " ").lowercased() }
        #expect(texts.filter { $0.contains("sea") }.count > 0)
        let last = try await client.searchPhotos(sea, page: first.totalPages, perPage: 30)
        #expect(last.nextPage == nil && !last.photos.isEmpty)
        // Words narrow: both must match.
        let pier = try await client.searchPhotos(try #require(SearchText("sunrise pier")), page: 1, perPage: 30)
        #expect(pier.total > 0 && pier.total < first.total)
        #expect(pier.photos.allSatisfy { $0.description == "Sunrise at the pier" })
        let nothing = try await client.searchPhotos(try #require(SearchText("xylophone")), page: 1)
        #expect(nothing.total == 0 && nothing.photos.isEmpty && nothing.nextPage == nil)
        // Latest: newest first.
        let latest = try await client.searchPhotos(sea, page: 1, perPage: 10, orderBy: .latest)
        let dates = latest.photos.compactMap(\.createdAt)
        #expect(dates.count == 10 && dates == dates.sorted(by: >))
    }

    @Test("the query is percent-encoded: & = # % and + stay words, and reach the server as sent")
    func encoding() async throws {
        let harness = try UnsplashClientTests.Harness(logsHeaders: false)
        let client = harness.client()
        _ = try await client.searchPhotos(try #require(SearchText("sea & sky=1 #2 %41 +")), page: 1)
        let line = try #require(harness.lines.all.first { $0.contains("search/photos") })
        #expect(line.contains("query=sea%20%26%20sky%3D1%20%232%20%2541%20%2B"), "\(line)")
    }

    @Test("the page source: pages of the search, numbered from 1, ending where the search does")
    func pageSource() async throws {
        let harness = try UnsplashClientTests.Harness()
        let source = UnsplashSearchPageSource(client: harness.client(), query: try #require(SearchText("pier")))
        let first = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 30))
        #expect(first.key == 1 && first.nextKey == 2 && first.items.count == 30)
        let second = try await source.load(PageRequest(direction: .append, key: 2, loadSize: 30))
        #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
    }
}

/// Search text as a person types it: untrusted, cleaned and bounded.
@Suite("Search text")
struct SearchTextTests {
    @Test("control and invisible characters go, white space runs become one space, the ends are trimmed")
    func cleaned() {
        #expect(SearchText("  sea\u{1B}[31m \t\n sky\u{200B}  ")?.text == "sea[31m sky")
        #expect(SearchText(" \u{7}\u{0} \n") == nil)
        #expect(SearchText("") == nil)
    }

    @Test("a long text is cut to the bound")
    func bounded() throws {
        let text = try #require(SearchText(String(repeating: "ab ", count: 10_000)))
        #expect(text.text.count == SearchText.maximumLength)
    }
}
