import EndlessShared
import Testing

@Suite("Cache folder")
struct CacheFolderTests {
    @Test("$XDG_CACHE_HOME/endless when it is absolute, else ~/.cache/endless (a relative one is ignored, as the spec says)")
    func xdg() {
        #expect(CacheFolder.endless(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/ada"]).path == "/x/cache/endless")
        #expect(CacheFolder.endless(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ada"]).path == "/home/ada/.cache/endless")
        #expect(CacheFolder.endless(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/ada"]).path == "/home/ada/.cache/endless")
        #expect(CacheFolder.endless(environment: ["HOME": "/home/ada"]).path == "/home/ada/.cache/endless")
    }
}
