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
