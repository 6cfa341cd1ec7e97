import EndlessFeedModel
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// Picture addresses parsed once while they come back, within a bound.
@Suite("Recent URLs")
struct RecentURLsTests {
    @Test("a text seen lately is the URL parsed the first time; a text that is no URL is nil")
    func parsesOnce() {
        let memo = RecentURLs()
        let text = "https://randomuser.me/api/portraits/thumb/women/12.jpg"
        #expect(memo.url(text) == URL(string: text))
        #expect(memo.url(text) == URL(string: text))
        #expect(memo.count == 1)
        #expect(memo.url("http://[::1") == nil)
        #expect(memo.url("") == nil)
        #expect(memo.count == 1)
    }

    @Test("at most its capacity is kept, the least recently used given up first")
    func bounded() {
        let memo = RecentURLs()
        let first = "http://127.0.0.1/portraits/0.jpg"
        _ = memo.url(first)
        for number in 1...(RecentURLs.capacity + 100) {
            _ = memo.url("http://127.0.0.1/portraits/\(number).jpg")
            if number.isMultiple(of: 10) { _ = memo.url(first) }  // kept in use
        }
        #expect(memo.count == RecentURLs.capacity)
        #expect(memo.url(first)?.lastPathComponent == "0.jpg")
        #expect(memo.count == RecentURLs.capacity)
        let last = "http://127.0.0.1/portraits/\(RecentURLs.capacity + 100).jpg"
        #expect(memo.url(last) == URL(string: last))
    }

    @Test("texts are kept within a total of bytes; a text longer than that is parsed, not kept")
    func boundedInBytes() {
        let memo = RecentURLs()
        let long = "http://127.0.0.1/" + String(repeating: "a", count: RecentURLs.textBytes)
        #expect(memo.url(long) == URL(string: long))
        #expect(memo.count == 0)
        // 1 KB addresses: the bytes bound them before the count does.
        let padding = String(repeating: "p", count: 1000)
        for number in 0..<200 { _ = memo.url("http://127.0.0.1/\(padding)/\(number).jpg") }
        #expect(memo.count < 200)
        #expect(memo.count * 1000 <= RecentURLs.textBytes)
        #expect(memo.url("http://127.0.0.1/\(padding)/199.jpg")?.lastPathComponent == "199.jpg")
    }

    @Test("a person's row picture is the portrait the person names, at the size the screen asks")
    func personRowPicture() throws {
        let person = RandomUser(
            picture: RandomUser.Picture(
                large: "https://randomuser.me/api/portraits/women/12.jpg", medium: "https://randomuser.me/api/portraits/med/women/12.jpg",
                thumbnail: "https://randomuser.me/api/portraits/thumb/women/12.jpg"))
        let descriptor = PeopleFeed.descriptor(sourceLabel: "randomuser.me")
        let symbols = try #require(descriptor.rowImage(person, ImageSizing(showsPixels: false)))
        #expect(symbols.url == person.picture?.thumbnailURL)
        let pixels = try #require(descriptor.rowImage(person, ImageSizing(showsPixels: true)))
        #expect(pixels.url == person.picture?.mediumURL)
        #expect(descriptor.rowImage(RandomUser(picture: RandomUser.Picture(thumbnail: "http://[::1")), ImageSizing()) == nil)
    }
}
