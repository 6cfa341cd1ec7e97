import EndlessFeedModel
import EndlessImages
import Foundation
import Testing

@testable import EndlessApp

/// Pictures and image requests keep their URL's hash: they must still be equal, and hash
/// alike, exactly when their parts are, however they were made or changed.
@Suite("Picture identity")
struct PictureIdentityTests {
    static let a = URL(string: "http://127.0.0.1:1/portraits/men/1.jpg")!
    static let b = URL(string: "http://127.0.0.1:1/portraits/men/2.jpg")!

    @Test("a picture changed in place equals and hashes as one made with its parts")
    func pictureChangedInPlace() {
        let size = FeedImage.Size(width: 8, height: 8)
        var picture = FeedImage(url: Self.a, size: size)
        #expect(picture != FeedImage(url: Self.b, size: size))
        picture.url = Self.b
        #expect(picture == FeedImage(url: Self.b, size: size))
        #expect(picture.hashValue == FeedImage(url: Self.b, size: size).hashValue)
        #expect(Set([picture, FeedImage(url: Self.b, size: size), FeedImage(url: Self.a, size: size)]).count == 2)
        #expect(picture != FeedImage(url: Self.b, size: size, priority: .prefetch))
        #expect(picture != FeedImage(url: Self.b, size: FeedImage.Size(width: 8, height: 9)))
    }

    @Test("a picture's request equals and hashes as one made afresh; a URL changed in place is hashed again")
    func requestFromPicture() {
        let picture = FeedImage(url: Self.a, size: FeedImage.Size(width: 8, height: 6), contentMode: .fit, priority: .prefetch)
        let fresh = ImageRequest(url: Self.a, targetSize: PixelSize(width: 8, height: 6), contentMode: .fit, priority: .prefetch)
        #expect(ImageRequest(picture) == fresh)
        #expect(ImageRequest(picture).hashValue == fresh.hashValue)
        var moved = ImageRequest(picture)
        moved.url = Self.b
        #expect(moved != fresh)
        #expect(moved == ImageRequest(url: Self.b, targetSize: PixelSize(width: 8, height: 6), contentMode: .fit, priority: .prefetch))
        #expect([fresh: 1][moved] == nil)
        #expect([fresh: 1][ImageRequest(picture)] == 1)
    }
}
