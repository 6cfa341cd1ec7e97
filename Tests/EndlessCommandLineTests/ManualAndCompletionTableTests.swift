import Testing

@testable import EndlessCommandLine

/// The manual page and the completion tables read the declarations: every option is there,
/// aliases and secrets are not offered.
@Suite("Manual page and completion tables")
struct ManualAndCompletionTableTests {
    static let format = Option(
        "format", placeholder: "F", help: "How - with a dash.", default: "table",
        parser: ValueParser(accepts: .choices(["table", "json"]), write: { $0 }) { $0 })
    static let key = Option("key", placeholder: "KEY", help: "A key.", parser: ValueParsers.nonEmpty, secret: true)
    static let old = Option("size", placeholder: "N", help: "Size.", default: 1, parser: ValueParsers.integer(in: 1...9), aliases: ["old-size"])
    static let out = Option("out", placeholder: "FILE", help: "Where.", parser: ValueParsers.file)
    static let fetch = CommandDeclaration(
        name: "fetch", abstract: "Fetch things.",
        options: [format.declaration, key.declaration, old.declaration, out.declaration],
        examples: [.init(command: "tool fetch --format json", explanation: "As JSON.")])
    static let root = CommandDeclaration(name: "tool", abstract: "A tool.", subcommands: [fetch], version: "1.0")

    @Test("the manual has every option, escaped for roff, and the program's sections")
    func manual() {
        let roff = ManualPage(
            root: Self.root, date: "2026-12-02",
            sections: [.init(title: "Keys", entries: [("↓ j", "next")])]
        ).roff
        for option in Self.root.optionsInTree {
            #expect(roff.contains("\\fB" + ManualPage.escape(option.flagText) + "\\fR"), "\(option.flagText) missing")
        }
        #expect(roff.hasPrefix(".TH TOOL 1 \"2026\\-12\\-02\" \"tool 1.0\""))
        #expect(roff.contains(".SH KEYS\n"))
        #expect(roff.contains("\\[u2193] j"))
        #expect(roff.contains("How \\- with a dash."))
        #expect(!roff.contains("old\\-size"))
        #expect(ManualPage.escape(".starts with a dot") == "\\&.starts with a dot")
        #expect(ManualPage.escape("back\\slash") == "back\\eslash")
    }

    @Test("completions offer choices and files, accept aliases, and offer nothing for a secret")
    func table() throws {
        let table = CompletionScript.Table(root: Self.root)
        let node = try #require(table.nodes.first { $0.path == "tool fetch" })
        let kinds = Dictionary(node.valueKinds, uniquingKeysWith: { first, _ in first })
        #expect(kinds["--format"] == "choices:table json")
        #expect(kinds["--key"] == "text")
        #expect(kinds["--out"] == "file")
        #expect(kinds["--old-size"] == "text")
        #expect(node.offered.contains("--size") && !node.offered.contains("--old-size"))
        #expect(table.nodes.first?.subcommands == ["fetch"])
        for shell in CompletionScript.Shell.allCases {
            #expect(CompletionScript.script(for: shell, root: Self.root).contains("choices:table json"))
        }
    }
}
