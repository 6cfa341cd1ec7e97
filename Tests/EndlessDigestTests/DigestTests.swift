import EndlessDigest
import Testing

@Suite("Digest")
struct DigestTests {
    // Reference values from RFC 1321, FIPS 180 test vectors and `printf abc | sha256sum`.
    @Test("known test vectors")
    func vectors() {
        #expect(Digest.md5.hex("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(Digest.md5.hex("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(Digest.sha1.hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            Digest.sha256.hex("abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("raw digests have the algorithm's length")
    func lengths() {
        #expect(Digest.md5.hash([1, 2, 3]).count == 16)
        #expect(Digest.sha1.hash([1, 2, 3]).count == 20)
        #expect(Digest.sha256.hash([1, 2, 3]).count == 32)
    }

    @Test("a message hashes alike read in place (an array, a string, a slice) or gathered first (a lazy sequence)")
    func contiguousOrNot() {
        let text = "abc"
        let bytes = Array(text.utf8)
        let lazy = (0..<3).lazy.map { bytes[$0] }
        let slice = [UInt8]([0]) + bytes
        for digest in [Digest.md5, .sha1, .sha256] {
            let reference = digest.hash(bytes)
            #expect(digest.hash(text.utf8) == reference)
            #expect(digest.hash(lazy) == reference)
            #expect(digest.hash(slice.dropFirst()) == reference)
            #expect(digest.hash(Substring("xabc").utf8.dropFirst()) == reference)
        }
        #expect(Digest.md5.hex(EmptyCollection<UInt8>()) == "d41d8cd98f00b204e9800998ecf8427e")
    }

    @Test("non-ASCII text is hashed as UTF-8")
    func utf8() {
        // printf 'ø' | md5sum
        #expect(Digest.md5.hex("ø") == "837d4938ec1d5836484d61218c11c6fe")
    }
}
