import EndlessShared
import EndlessTesting
import Testing

@Suite("XDG base directories")
struct BaseDirectoryTests {
    @Test(
        "each folder is its variable when absolute, else its place in HOME",
        arguments: [
            (BaseDirectory.cache, "XDG_CACHE_HOME", "/home/ada/.cache"),
            (BaseDirectory.config, "XDG_CONFIG_HOME", "/home/ada/.config"),
        ])
    func folder(kind: BaseDirectory, variable: String, inHome: String) {
        #expect(kind.path(environment: [variable: "/x/y", "HOME": "/home/ada"]) == "/x/y")
        #expect(kind.path(environment: ["HOME": "/home/ada"]) == inHome)
        // The spec: a relative (or empty) variable is ignored.
        #expect(kind.path(environment: [variable: "relative", "HOME": "/home/ada"]) == inHome)
        #expect(kind.path(environment: [variable: "", "HOME": "/home/ada"]) == inHome)
        // Another folder's variable says nothing of this one.
        let others = ["XDG_CACHE_HOME", "XDG_CONFIG_HOME"].filter { $0 != variable }
        #expect(
            kind.path(environment: Dictionary(uniqueKeysWithValues: others.map { ($0, "/other") }).merging(["HOME": "/home/ada"]) { $1 }) == inHome)
    }

    @Test("no folder without an absolute HOME or variable; a relative HOME is refused like a relative variable")
    func unknown() {
        #expect(BaseDirectory.config.path(environment: [:]) == nil)
        #expect(BaseDirectory.config.path(environment: ["HOME": ""]) == nil)
        #expect(BaseDirectory.config.path(environment: ["HOME": "home/ada"]) == nil)
        #expect(BaseDirectory.config.path(environment: ["HOME": "home/ada", "XDG_CONFIG_HOME": "/c"]) == "/c")
        #expect(BaseDirectory.home(environment: ["HOME": "home/ada"]) == nil)
    }

    @Test("trailing slashes are dropped, so a path joined to the folder has one slash")
    func trailingSlashes() {
        #expect(BaseDirectory.cache.path(environment: ["XDG_CACHE_HOME": "/x/cache//"]) == "/x/cache")
        #expect(BaseDirectory.cache.path(environment: ["HOME": "/home/ada/"]) == "/home/ada/.cache")
        #expect(BaseDirectory.cache.path(environment: ["HOME": "/"]) == "/.cache")
        #expect(BaseDirectory.home(environment: ["HOME": "/home/ada/"]) == "/home/ada")
    }

    @Test("a value of nothing but slashes, as long as the kernel lets one be, is the root, found in one pass", .timeLimit(TimeBudget.minutes(1)))
    func slashesOnly() {
        let slashes = String(repeating: "/", count: 128 * 1024)
        #expect(BaseDirectory.home(environment: ["HOME": slashes]) == "/")
        #expect(BaseDirectory.cache.path(environment: ["HOME": slashes]) == "/.cache")
        #expect(BaseDirectory.config.path(environment: ["XDG_CONFIG_HOME": slashes + "c" + slashes]) == slashes + "c")
    }
}
