import Testing

@testable import EndlessSimulator

/// Photos of every kind of scene, pixel for pixel, against digests recorded from the renderer
/// before its per-pixel work lost its copies and allocations: a look change must record new
/// digests on purpose.
@Suite("Scene pixels")
struct SceneGoldenTests {
    /// FNV-1a over the RGB bytes of the first 60 catalogue photos, whole at 160×100 and a
    /// crop of the lower right at 90×120.
    static let recorded: UInt64 = 0x9296_F283_47E6_BC7B

    @Test("the first 60 photos, whole and cropped, have the recorded pixels, and cover every kind of scene")
    func recordedPixels() async {
        let catalogue = UnsplashCatalogue(data: nil)
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        var kinds = Set<String>()
        for index in 0..<60 {
            let scene = catalogue.photo(at: index).scene
            kinds.insert("\(scene.kind)")
            digest = ChaosRandom.hash(SceneRenderer.render(scene, width: 160, height: 100), basis: digest)
            let crop = SceneRenderer.Source(x: 0.4, y: 0.3, width: 0.6, height: 0.7)
            digest = ChaosRandom.hash(SceneRenderer.render(scene, source: crop, width: 90, height: 120), basis: digest)
            await Task.yield()
        }
        #expect(kinds.count == 5, "\(kinds.sorted())")
        #expect(digest == Self.recorded, "0x\(String(digest, radix: 16, uppercase: true))")
    }
}
