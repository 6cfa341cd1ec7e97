import Testing

@testable import EndlessSimulator

@Suite("Portraits")
struct PortraitTests {
    @Test("each size decodes as a baseline JPEG of the right square size", arguments: PortraitKey.Size.allCases)
    func sizes(_ size: PortraitKey.Size) throws {
        for gender in PortraitKey.Gender.allCases {
            let jpeg = PortraitStore.draw(PortraitKey(gender: gender, index: 7, size: size))
            #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(JPEGDecoder.isBaseline(jpeg))
            let image = try #require(JPEGDecoder.decode(jpeg))
            #expect(image.width == size.pixels)
            #expect(image.height == size.pixels)
        }
    }

    @Test("the same key always gives the same bytes")
    func deterministic() {
        let key = PortraitKey(gender: .women, index: 42, size: .medium)
        #expect(PortraitStore.draw(key) == PortraitStore.draw(key))
        #expect(PortraitFeatures(gender: .men, index: 3) == PortraitFeatures(gender: .men, index: 3))
    }

    @Test("neighbouring portraits look clearly different")
    func distinctImages() throws {
        for gender in PortraitKey.Gender.allCases {
            let images = try (0..<12).map { index in
                try #require(JPEGDecoder.decode(PortraitStore.draw(PortraitKey(gender: gender, index: index, size: .thumbnail))))
            }
            for (a, b) in zip(images, images.dropFirst()) {
                #expect(JPEGDecoder.difference(a, b) > 10)
            }
        }
    }

    @Test("every face differs from every other of its gender in at least three visible traits")
    func distinctFeatures() async {
        for gender in PortraitKey.Gender.allCases {
            let faces = (0...gender.maxIndex).map { PortraitFeatures(gender: gender, index: $0) }
            var alike: [String] = []
            for i in faces.indices {
                for j in faces.indices where j > i && faces[i].visibleDifferences(from: faces[j]) < 3 {
                    alike.append("\(i) and \(j)")
                }
                await Task.yield()  // other tests' tasks run in between (see PortraitGoldenTests)
            }
            #expect(alike.isEmpty, "\(gender): \(alike.prefix(10))")
        }
    }

    @Test("men and women draw on their own hair styles; men alone wear beards")
    func genderedTraits() {
        let women = (0...96).map { PortraitFeatures(gender: .women, index: $0) }
        let men = (0...99).map { PortraitFeatures(gender: .men, index: $0) }
        #expect(women.allSatisfy { $0.beard == .none })
        #expect(men.contains { $0.beard != .none })
        #expect(Set(women.map { "\($0.hair)" }).count >= 6)
        #expect(Set(men.map { "\($0.hair)" }).count >= 6)
        #expect(Set((women + men).map { "\($0.skin)" }).count == PortraitFeatures.skins.count)
    }

    @Test("portrait paths parse like the live service's, and nothing else does")
    func paths() {
        #expect(PortraitKey(path: "men/0.jpg") == PortraitKey(gender: .men, index: 0, size: .large))
        #expect(PortraitKey(path: "med/women/96.jpg") == PortraitKey(gender: .women, index: 96, size: .medium))
        #expect(PortraitKey(path: "thumb/men/99.jpg") == PortraitKey(gender: .men, index: 99, size: .thumbnail))
        for bad in [
            "women/97.jpg", "men/100.jpg", "men/-1.jpg", "men/07.jpg", "men/1.png", "men/.jpg", "lego/1.jpg",
            "big/men/1.jpg", "men/1.jpg/", "thumb/med/men/1.jpg", "men/1", "men/x.jpg", "men/1e1.jpg",
        ] {
            #expect(PortraitKey(path: Substring(bad)) == nil, "\(bad)")
        }
        #expect(PortraitKey(gender: .women, index: 5, size: .thumbnail).path == "thumb/women/5.jpg")
    }

    @Test("the store draws a portrait once and serves it from memory after")
    func cache() {
        let store = PortraitStore()
        let key = PortraitKey(gender: .men, index: 11, size: .thumbnail)
        let first = store.jpeg(for: key)
        #expect(store.count == 1)
        #expect(store.jpeg(for: key) == first)
        #expect(store.count == 1)
    }
}
