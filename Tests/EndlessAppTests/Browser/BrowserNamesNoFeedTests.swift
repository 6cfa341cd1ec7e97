import Foundation
import Testing

/// The browser is generic: no file under `Sources/EndlessApp/Browser` names a feed, its API
/// module or its types in code (comments may illustrate with them). A feed is its folder under
/// `Feeds/` and its line in `FeedCatalog`; a hook for one feed in the browser fails here.
@Suite("The browser names no feed")
struct BrowserNamesNoFeedTests {
    /// Words that name a feed: its tab name, its API module, its types.
    static var feedWords: Regex<AnyRegexOutput> {
        try! Regex(
            #"\b(people|photos|coins|users|RandomUser\w*|Unsplash\w*|CoinGecko\w*|CoinMarket\w*|Reqres\w*|Person\w*|Photo\w*|Coin\w*|User\w*|PeopleFeed|PhotosFeed|CoinsFeed|UsersFeed)\b"#
        ).wordBoundaryKind(.simple)  // `PeopleFeed.kind` is one word to Unicode's default rule
    }

    /// The code of a Swift file, its comments removed line by line (`//` to the end of a line;
    /// the browser has no block comments).
    static func code(of text: String) -> [(line: Int, code: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            var code = Substring(line)
            if let comment = code.range(of: "//") { code = code[..<comment.lowerBound] }
            return code.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (index + 1, String(code))
        }
    }

    /// The lines of `text` whose code names a feed.
    static func offences(in text: String) -> [String] {
        code(of: text).filter { $0.code.contains(feedWords) }.map { "\($0.line): \($0.code)" }
    }

    @Test("the scanner finds a feed named in code, not in a comment")
    func scanner() {
        #expect(Self.offences(in: "let tab = PeopleFeed.kind\n/// people and photos\nlet x = 1 // coins") == ["1: let tab = PeopleFeed.kind"])
        #expect(Self.offences(in: "case .showTab(let users):").count == 1)
        #expect(Self.offences(in: "components.user = nil").isEmpty)
    }

    @Test("no file under Sources/EndlessApp/Browser names a feed")
    func browserIsGeneric() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let browser = root.appendingPathComponent("Sources/EndlessApp/Browser")
        let files = try #require(FileManager.default.enumerator(at: browser, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "the browser's sources are not where the test looks: \(browser.path)")
        for file in files {
            let offences = Self.offences(in: try String(contentsOf: file, encoding: .utf8))
            #expect(offences.isEmpty, "\(file.lastPathComponent) names a feed:\n\(offences.joined(separator: "\n"))")
            await Task.yield()  // a regex over every file: other tests' tasks run in between
        }
    }
}
