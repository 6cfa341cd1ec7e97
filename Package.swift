// swift-tools-version: 6.0
// Endless: infinite, refreshable feeds for Swift, and `endless`, a terminal app that browses
// four feeds (people from randomuser.me, photos from Unsplash, coins from CoinGecko, users from
// reqres) against an embedded simulator of those services. README.md's Architecture section
// describes the modules.
import PackageDescription

let package = Package(
    name: "Endless",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Endless", targets: ["Endless"]),
        .library(name: "EndlessTesting", targets: ["EndlessTesting"]),
        .library(name: "EndlessFeedModel", targets: ["EndlessFeedModel"]),
        .library(name: "EndlessHTTP", targets: ["EndlessHTTP"]),
        .library(name: "RandomUserAPI", targets: ["RandomUserAPI"]),
        .library(name: "ReqresAPI", targets: ["ReqresAPI"]),
        .library(name: "UnsplashAPI", targets: ["UnsplashAPI"]),
        .library(name: "CoinGeckoAPI", targets: ["CoinGeckoAPI"]),
        .library(name: "EndlessCommandLine", targets: ["EndlessCommandLine"]),
        .library(name: "EndlessImages", targets: ["EndlessImages"]),
        .library(name: "EndlessBlurHash", targets: ["EndlessBlurHash"]),
        .library(name: "EndlessCache", targets: ["EndlessCache"]),
        .library(name: "EndlessTerminal", targets: ["EndlessTerminal"]),
        .library(name: "EndlessTerminalWidgets", targets: ["EndlessTerminalWidgets"]),
        .library(name: "EndlessTerminalTesting", targets: ["EndlessTerminalTesting"]),
        .library(name: "EndlessSimulator", targets: ["EndlessSimulator"]),
        // The browser and its public plug-in API: declare a feed (FeedDefinition), browse it (FeedBrowser).
        .library(name: "EndlessApp", targets: ["EndlessApp"]),
        .executable(name: "endless", targets: ["endless"]),
        .executable(name: "endless-bench", targets: ["endless-bench"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config. `make deps` installs the -dev packages.
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CChafa", pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // The HTTP transport drives libcurl's multi interface itself (CurlTransport).
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // glibc's allocator settings, which Swift's Glibc module leaves out (FreedMemory).
        .systemLibrary(name: "CMalloc"),

        // What several modules need and none owns (an LRU list, a stopwatch on an injected
        // clock, the cache folder, the allocator's settings): one home, visible to the package
        // only, depending on nothing but libc.
        .target(name: "EndlessShared", dependencies: ["CMalloc"]),
        // The paging engine knows nothing of HTTP; the HTTP layer nothing of users.
        .target(name: "Endless", dependencies: ["EndlessShared"]),
        .target(name: "EndlessTesting", dependencies: ["Endless"]),
        // The view models of a list, for any Swift UI: the terminal app is one client. No C, no
        // terminal, no images (pictures are values its front end loads).
        .target(name: "EndlessFeedModel", dependencies: ["Endless"]),
        .target(name: "EndlessDigest", dependencies: ["CCrypto"]),
        .target(name: "EndlessHTTP", dependencies: ["EndlessShared", "CCurl"]),
        .target(name: "RandomUserAPI", dependencies: ["EndlessHTTP", "Endless", "EndlessDigest"]),
        .target(name: "ReqresAPI", dependencies: ["EndlessHTTP", "Endless"]),
        .target(name: "UnsplashAPI", dependencies: ["EndlessHTTP", "Endless"]),
        .target(name: "CoinGeckoAPI", dependencies: ["EndlessHTTP", "Endless"]),
        // The command-line toolkit knows no feed: declarations, parsing, help, suggestions.
        .target(name: "EndlessCommandLine", dependencies: ["EndlessShared"]),
        // BlurHash placeholders: decoded by the app, encoded by the simulator; no dependency.
        .target(name: "EndlessBlurHash"),
        .target(name: "EndlessImages", dependencies: ["EndlessShared", "EndlessBlurHash", "EndlessHTTP", "EndlessDigest", "CTurboJPEG", "CPNG"]),
        .target(name: "EndlessTerminal", dependencies: ["EndlessShared", "CChafa"]),
        // Widgets draw into the core's ScreenBuffer through its public API; the core names no widget.
        .target(name: "EndlessTerminalWidgets", dependencies: ["EndlessTerminal"]),
        // A terminal emulator in memory for tests (as NIOEmbedded sits apart from NIOCore):
        // the app's tests render to it; the library itself never needs it.
        .target(name: "EndlessTerminalTesting", dependencies: ["EndlessTerminal"]),
        // Offline first: pages kept in SQLite behind a PageSource decorator; the engine knows no SQLite.
        // Pages keep each item as the service sent it (EndlessHTTP's RawJSON).
        .target(name: "EndlessCache", dependencies: ["EndlessShared", "Endless", "EndlessHTTP", "CSQLite"]),
        .target(
            name: "EndlessSimulator",
            dependencies: [
                "EndlessShared", "EndlessDigest", "EndlessHTTP", "EndlessBlurHash", "EndlessCommandLine", "CTurboJPEG", "CPNG",
            ],
            // The simulator's own data lists, in the official layout (see Lists/BuiltInData/README.md).
            resources: [.copy("Lists/BuiltInData")]),
        .target(
            name: "EndlessApp",
            dependencies: [
                "Endless", "EndlessShared", "EndlessFeedModel", "EndlessHTTP", "RandomUserAPI", "ReqresAPI", "UnsplashAPI", "CoinGeckoAPI",
                "EndlessImages",
                "EndlessBlurHash", "EndlessTerminal", "EndlessTerminalWidgets", "EndlessSimulator", "EndlessCommandLine", "EndlessCache",
                "EndlessDigest",
            ]),
        // Set before the Swift runtime starts: a crash in a terminal writes its backtrace to a file.
        .target(name: "CBacktraceSettings"),
        .executableTarget(name: "endless", dependencies: ["EndlessApp", "EndlessDigest", "EndlessShared", "EndlessTerminal", "CBacktraceSettings"]),
        .executableTarget(
            name: "endless-bench",
            dependencies: [
                "Endless", "EndlessFeedModel", "EndlessTesting", "EndlessHTTP", "RandomUserAPI", "ReqresAPI", "UnsplashAPI", "CoinGeckoAPI",
                "EndlessImages",
                "EndlessBlurHash", "EndlessTerminal", "EndlessTerminalWidgets", "EndlessTerminalTesting", "EndlessSimulator", "EndlessApp",
                "EndlessCommandLine", "EndlessCache", "CTurboJPEG",
            ]),

        .testTarget(name: "EndlessSharedTests", dependencies: ["EndlessShared", "EndlessTesting"]),
        .testTarget(name: "EndlessTests", dependencies: ["Endless", "EndlessTesting"]),
        .testTarget(name: "EndlessFeedModelTests", dependencies: ["EndlessFeedModel", "Endless", "EndlessTesting"]),
        // The code of the DocC articles (Sources/*/*.docc) and of README.md, compiled and run.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["Endless", "EndlessFeedModel", "EndlessTesting", "EndlessHTTP", "EndlessImages", "EndlessCache"]),
        .testTarget(name: "EndlessDigestTests", dependencies: ["EndlessDigest"]),
        .testTarget(
            name: "EndlessCacheTests",
            dependencies: [
                "EndlessCache", "CSQLite", "Endless", "EndlessTesting", "EndlessHTTP", "RandomUserAPI", "ReqresAPI",
                "EndlessSimulator",
            ]),
        .testTarget(name: "EndlessCommandLineTests", dependencies: ["EndlessCommandLine"]),
        .testTarget(
            name: "ReqresAPITests",
            dependencies: ["ReqresAPI", "EndlessHTTP", "Endless", "EndlessTesting", "EndlessSimulator"]),
        .testTarget(
            name: "UnsplashAPITests",
            dependencies: ["UnsplashAPI", "EndlessHTTP", "Endless", "EndlessTesting", "EndlessSimulator"]),
        .testTarget(
            name: "CoinGeckoAPITests",
            dependencies: ["CoinGeckoAPI", "EndlessHTTP", "Endless", "EndlessTesting", "EndlessSimulator"]),
        .testTarget(name: "EndlessHTTPTests", dependencies: ["EndlessHTTP", "EndlessTesting"]),
        .testTarget(
            name: "RandomUserAPITests",
            dependencies: ["RandomUserAPI", "EndlessHTTP", "Endless", "EndlessTesting", "EndlessSimulator"]),
        .testTarget(
            name: "EndlessImagesTests",
            dependencies: ["EndlessImages", "EndlessBlurHash", "EndlessHTTP", "EndlessTesting", "EndlessSimulator", "CTurboJPEG", "CPNG"]),
        .testTarget(
            name: "EndlessTerminalTests",
            dependencies: ["EndlessTerminal", "EndlessTerminalWidgets", "EndlessTerminalTesting", "EndlessTesting"]),
        .testTarget(
            name: "EndlessTerminalWidgetsTests", dependencies: ["EndlessTerminalWidgets", "EndlessTerminal", "EndlessTerminalTesting"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "EndlessTerminalTestingTests", dependencies: ["EndlessTerminalTesting", "EndlessTerminal"]),
        .testTarget(
            name: "EndlessSimulatorTests",
            dependencies: ["EndlessSimulator", "EndlessHTTP", "EndlessTesting", "EndlessBlurHash", "EndlessImages", "CTurboJPEG"]),
        // A feed declared outside the app, through its public plug-in API alone.
        .testTarget(
            name: "EndlessPluginTests",
            dependencies: [
                "EndlessApp", "Endless", "EndlessFeedModel", "EndlessHTTP", "EndlessImages", "EndlessTerminal", "EndlessTerminalTesting",
                "EndlessTesting",
            ]),
        .testTarget(
            name: "EndlessAppTests",
            dependencies: [
                "EndlessApp", "EndlessFeedModel", "Endless", "EndlessTesting", "RandomUserAPI", "ReqresAPI", "UnsplashAPI", "CoinGeckoAPI",
                "EndlessTerminal",
                "EndlessTerminalTesting", "EndlessSimulator", "EndlessHTTP", "EndlessImages", "EndlessBlurHash", "EndlessCommandLine", "EndlessCache",
            ],
            exclude: ["__Snapshots__"]),
    ]
)
