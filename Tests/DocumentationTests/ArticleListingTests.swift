import Foundation
import Testing

/// Every Swift listing in the documentation is code the tests compile and run: each ```swift
/// block of an article (`Sources/*/*.docc/*.md`) and of README.md must equal, character for
/// character, a listing of this target's sources, the lines between `// listing: <name>` and
/// `// end listing` with their common indentation removed. A block that cannot compile on
/// Linux (SwiftUI) says so just above it, in a line holding "Not compiled on Linux".
@Suite struct ArticleListingTests {
    /// A fenced Swift block of a document.
    struct Block {
        var document: String
        var line: Int
        var code: String
        var compiledOnLinux: Bool
    }

    static let notCompiledMark = "Not compiled on Linux"

    /// The package's root: this file is `Tests/DocumentationTests/ArticleListingTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every article of every documentation catalog.
    static func documents() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        var documents = [root.appendingPathComponent("README.md")]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            documents += files.sorted().filter { $0.hasSuffix(".md") }.map { catalog.appendingPathComponent($0) }
        }
        return documents
    }

    /// The ```swift blocks of a Markdown text.
    static func blocks(in text: String, document: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            let start = index
            let above = lines[..<start].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            index += 1
            var code: [String] = []
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                code.append(lines[index])
                index += 1
            }
            index += 1
            blocks.append(
                Block(
                    document: document, line: start + 1, code: code.joined(separator: "\n"),
                    compiledOnLinux: !above.contains(notCompiledMark)))
        }
        return blocks
    }

    /// The listings of a Swift source, by name, their common indentation removed.
    static func listings(in text: String) -> [String: String] {
        var listings: [String: String] = [:]
        var name: String?
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = name {
                if trimmed == "// end listing" {
                    listings[open] = dedented(lines)
                    name = nil
                } else {
                    lines.append(line)
                }
            } else if trimmed.hasPrefix("// listing: ") {
                name = String(trimmed.dropFirst("// listing: ".count))
                lines = []
            }
        }
        return listings
    }

    static func dedented(_ lines: [String]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
    }

    /// Every listing of this target, by name.
    static func allListings() throws -> [String: String] {
        let tests = root.appendingPathComponent("Tests/DocumentationTests")
        let enumerator = FileManager.default.enumerator(atPath: tests.path)
        var all: [String: String] = [:]
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            for (name, code) in listings(in: text) {
                #expect(all[name] == nil, "two listings are named \(name)")
                all[name] = code
            }
        }
        return all
    }

    static func allBlocks() throws -> [Block] {
        try documents().flatMap { url in
            blocks(
                in: try String(contentsOf: url, encoding: .utf8),
                document: String(url.path.dropFirst(root.path.count + 1)))
        }
    }

    @Test func everySwiftListingOfTheDocumentationIsTestCode() throws {
        let listings = try Self.allListings()
        let blocks = try Self.allBlocks().filter(\.compiledOnLinux)
        // The articles exist and have code: the check cannot pass by finding nothing.
        #expect(Set(blocks.map(\.document)).count >= 6)
        #expect(blocks.count >= 15)
        let code = Set(listings.values)
        for block in blocks where !code.contains(block.code) {
            let first = block.code.split(separator: "\n").first ?? ""
            Issue.record(
                """
                \(block.document):\(block.line): this Swift listing is not in Tests/DocumentationTests \
                (starts with `\(first)`): copy it there between `// listing: <name>` and \
                `// end listing`, in a test that runs it, or mark a block that cannot compile on \
                Linux with "\(Self.notCompiledMark)" on the line above it.
                """)
        }
    }

    @Test func everyListingIsShownInTheDocumentation() throws {
        let shown = Set(try Self.allBlocks().map(\.code))
        for (name, code) in try Self.allListings() where !shown.contains(code) {
            Issue.record("listing \(name) appears in no article: show it, or fix the copy that drifted")
        }
    }

    @Test func onlySwiftUICodeIsLeftUncompiled() throws {
        let uncompiled = try Self.allBlocks().filter { !$0.compiledOnLinux }
        for block in uncompiled {
            #expect(block.code.contains("import SwiftUI"), "\(block.document):\(block.line) is left uncompiled without SwiftUI")
        }
    }

    @Test func blocksAndListingsAreReadAsWritten() {
        let article = """
            Some text.

            ```swift
            let a = 1
                let b = 2
            ```

            > Note: Not compiled on Linux: it uses SwiftUI.

            ```swift
            import SwiftUI
            ```
            """
        let blocks = Self.blocks(in: article, document: "a.md")
        #expect(blocks.map(\.code) == ["let a = 1\n    let b = 2", "import SwiftUI"])
        #expect(blocks.map(\.compiledOnLinux) == [true, false])
        let comment = "//"   // spelled apart, so that this example is no listing of the target
        let source = """
            func f() {
                \(comment) listing: a
                let a = 1
                    let b = 2
                \(comment) end listing
            }
            """
        #expect(Self.listings(in: source) == ["a": "let a = 1\n    let b = 2"])
    }
}
