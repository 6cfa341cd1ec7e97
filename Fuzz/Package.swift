// swift-tools-version: 6.0
// libFuzzer targets for the parsers that read what the network and the terminal send, the
// config file, and the page cache's file.
// Built only by `make fuzz` / `make fuzz-smoke` (with -sanitize=fuzzer,address), never by the
// main package: each target's @main hands its one-input function to libFuzzer's driver.
import PackageDescription

let package = Package(
    name: "EndlessFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Endless", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "fuzz-http-request", dependencies: ["FuzzDriver", .product(name: "EndlessSimulator", package: "Endless")],
            path: "Sources/HTTPRequest"),
        .executableTarget(
            name: "fuzz-json-models",
            dependencies: [
                "FuzzDriver",
                .product(name: "RandomUserAPI", package: "Endless"), .product(name: "ReqresAPI", package: "Endless"),
                .product(name: "UnsplashAPI", package: "Endless"), .product(name: "CoinGeckoAPI", package: "Endless"),
                .product(name: "EndlessHTTP", package: "Endless"),
            ],
            path: "Sources/JSONModels"),
        .executableTarget(
            name: "fuzz-terminal-input", dependencies: ["FuzzDriver", .product(name: "EndlessTerminal", package: "Endless")],
            path: "Sources/TerminalInput"),
        .executableTarget(
            name: "fuzz-text-sanitizer", dependencies: ["FuzzDriver", .product(name: "EndlessTerminal", package: "Endless")],
            path: "Sources/TextSanitizer"),
        .executableTarget(
            name: "fuzz-simulator-router",
            dependencies: ["FuzzDriver", .product(name: "EndlessSimulator", package: "Endless")],
            path: "Sources/SimulatorRouter"),
        .executableTarget(
            name: "fuzz-headers",
            dependencies: ["FuzzDriver", .product(name: "EndlessHTTP", package: "Endless"), .product(name: "UnsplashAPI", package: "Endless")],
            path: "Sources/Headers"),
        .executableTarget(
            name: "fuzz-redactor", dependencies: ["FuzzDriver", .product(name: "EndlessHTTP", package: "Endless")],
            path: "Sources/Redactor"),
        .executableTarget(
            name: "fuzz-images",
            dependencies: [
                "FuzzDriver", .product(name: "EndlessImages", package: "Endless"),
                .product(name: "EndlessBlurHash", package: "Endless"),
            ],
            path: "Sources/Images"),
        .executableTarget(
            name: "fuzz-page-cache",
            dependencies: [
                "FuzzDriver", .product(name: "EndlessCache", package: "Endless"), .product(name: "Endless", package: "Endless"),
                .product(name: "RandomUserAPI", package: "Endless"), .product(name: "ReqresAPI", package: "Endless"),
                .product(name: "UnsplashAPI", package: "Endless"), .product(name: "CoinGeckoAPI", package: "Endless"),
            ],
            path: "Sources/PageCache"),
        .executableTarget(
            name: "fuzz-launch-screen", dependencies: ["FuzzDriver", .product(name: "EndlessTerminal", package: "Endless")],
            path: "Sources/LaunchScreen"),
        .executableTarget(
            name: "fuzz-config-file",
            dependencies: [
                "FuzzDriver", .product(name: "EndlessCommandLine", package: "Endless"),
                .product(name: "EndlessApp", package: "Endless"),
            ],
            path: "Sources/ConfigFile"),
    ]
)
