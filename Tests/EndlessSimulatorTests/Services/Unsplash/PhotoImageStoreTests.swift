import Testing

@testable import EndlessSimulator

@Suite("Photo image store")
struct PhotoImageStoreTests {
    @Test("keeps the most recently used pictures within its bytes: the least recently used one is drawn again")
    func leastRecentlyUsedGoes() throws {
        let catalogue = UnsplashCatalogue(count: 3, data: nil)
        let plan = ImgixRequest.Plan(source: .whole, width: 24, height: 16, format: .jpg, quality: 80)
        let photos = (0..<3).map { catalogue.photo(at: $0) }
        let sizes = photos.map { PhotoImageStore().image(of: $0, plan: plan).count }
        try #require(sizes.allSatisfy { $0 > 0 })
        // Room for all three but one byte: the third evicts one of the first two.
        let store = PhotoImageStore(capacityBytes: sizes.reduce(0, +) - 1)
        _ = store.image(of: photos[0], plan: plan)
        _ = store.image(of: photos[1], plan: plan)
        _ = store.image(of: photos[0], plan: plan)  // kept: photo 1 is now the least recently used
        #expect(store.renders == 2)
        _ = store.image(of: photos[2], plan: plan)
        _ = store.image(of: photos[0], plan: plan)
        #expect(store.renders == 3)
        _ = store.image(of: photos[1], plan: plan)
        #expect(store.renders == 4)
    }

    @Test("a picture larger than all the store keeps is served but not kept")
    func oversized() {
        let photo = UnsplashCatalogue(count: 1, data: nil).photo(at: 0)
        let plan = ImgixRequest.Plan(source: .whole, width: 24, height: 16, format: .png, quality: 80)
        let store = PhotoImageStore(capacityBytes: 16)
        #expect(!store.image(of: photo, plan: plan).isEmpty)
        _ = store.image(of: photo, plan: plan)
        #expect(store.renders == 2)
    }
}
