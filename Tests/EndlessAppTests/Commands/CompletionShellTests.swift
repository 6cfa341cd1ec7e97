import EndlessCommandLine
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `endless completions bash|zsh|fish`, loaded into the real shells (Debian's; `make deps`
/// installs them): what each offers after the words typed so far.
@Suite("Shell completions in the real shells", .timeLimit(TimeBudget.minutes(1)))
struct CompletionShellTests {
    /// The script written to a file the shells read, removed afterwards.
    static func scriptFile(_ shell: CompletionScript.Shell) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("endless-completion-\(UUID().uuidString).\(shell)").path
        try CompletionScript.script(for: shell, root: EndlessCommand.tool.declaration).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The shell's program, or nil (with the reason recorded) when it is not installed.
    static func shell(_ name: String) -> String? {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }

    static let cases: [(words: [String], offered: [String], notOffered: [String])] = [
        (["endless", "people", "--gra"], ["--graphics"], []),
        (["endless", "--graphics", ""], ["auto", "symbols", "sixel", "kitty", "none"], []),
        (["endless", "fetch", "--for"], ["--format"], []),
        (["endless", "fetch", "--format", ""], ["table", "json", "ndjson", "csv"], []),
        (["endless", "fetch", "photos", "--order-by", ""], ["latest", "oldest", "popular"], []),
        (["endless", ""], ["browse", "people", "photos", "coins", "users", "fetch", "cache", "completions", "manual", "config"], []),
        (["endless", "fetch", ""], ["people", "photos", "coins", "users"], []),
        (["endless", "cache", "clear", ""], ["people", "photos", "coins", "users"], []),
        (["endless", "completions", ""], ["bash", "zsh", "fish"], []),
        (["endless", "--nat", "nl,u"], ["nl,us", "nl,ua"], []),
        (["endless", "--pe"], ["--people-per-page", "--per-page"], ["--page-size"]),
        (["endless", "config", "fetch", "--form"], ["--format"], []),
        (["endless", "--live", "30", "--gr"], ["--graphics"], []),
        (["endless", "users", "--api-key", ""], [], ["reqres-free-v1"]),
        (["endless", "--no-config", "fetch", "photos", "--order-by", ""], ["latest", "oldest", "popular"], []),
        (["endless", "--config", "my.conf", ""], ["fetch", "cache"], []),
    ]

    static func check(_ output: String, _ words: [String], offered: [String], notOffered: [String]) {
        let lines = Set(output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
        for word in offered { #expect(lines.contains(word), "\(words): \(word) not offered; got \(lines.sorted())") }
        for word in notOffered { #expect(!lines.contains(word), "\(words): \(word) offered") }
    }

    @Test("bash: compgen through the registered function, COMP_WORDS set as bash sets them")
    func bash() throws {
        let script = try Self.scriptFile(.bash)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let registered = try Subprocess.run("/bin/bash", ["-c", "source \(script) && complete -p endless"])
        #expect(registered.status == 0)
        #expect(registered.output == "complete -F _endless endless\n")
        for (words, offered, notOffered) in Self.cases {
            let (status, output) = try Subprocess.run(
                "/bin/bash",
                [
                    "-c",
                    "source \"$0\"; COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; _endless; printf '%s\\n' \"${COMPREPLY[@]}\"",
                    script,
                ] + words)
            #expect(status == 0)
            Self.check(output, words, offered: offered, notOffered: notOffered)
        }
        // bash splits `--graphics=s` at the `=`.
        let (_, split) = try Subprocess.run(
            "/bin/bash",
            ["-c", "source \"$0\"; COMP_WORDS=(endless --graphics = s); COMP_CWORD=3; _endless; printf '%s\\n' \"${COMPREPLY[@]}\"", script])
        #expect(split == "symbols\nsixel\n")
    }

    @Test(
        "zsh: the function under zsh, its compadd and file helpers standing in for the completion system's",
        .enabled(if: shell("zsh") != nil, "zsh is not installed: `make deps` installs it"))
    func zsh() throws {
        let zsh = try #require(Self.shell("zsh"))
        let script = try Self.scriptFile(.zsh)
        defer { try? FileManager.default.removeItem(atPath: script) }
        // Under compinit, sourcing registers the function for endless.
        let registered = try Subprocess.run(
            zsh, ["-f", "-c", "autoload -U compinit && compinit -u -D && source \(script) && print -r -- ${_comps[endless]}"])
        #expect(registered.output == "_endless\n", "\(registered.output)")
        for (words, offered, notOffered) in Self.cases {
            let (status, output) = try Subprocess.run(
                zsh,
                [
                    "-f", "-c",
                    "source \"$1\"; shift; compadd() { [[ $1 == -- ]] && shift; print -rl -- \"$@\"; }; _files() { print FILES; }; "
                        + "_directories() { print FOLDERS; }; words=(\"$@\"); CURRENT=${#words}; _endless",
                    "zsh", script,
                ] + words)
            #expect(status == 0)
            Self.check(output, words, offered: offered, notOffered: notOffered)
        }
        let (_, folders) = try Subprocess.run(
            zsh, ["-f", "-c", "source \"$1\"; _directories() { print FOLDERS; }; words=(endless --data-dir ''); CURRENT=3; _endless", "zsh", script])
        #expect(folders == "FOLDERS\n")
    }

    @Test(
        "fish: `complete -C` asks fish's own completion for a command line",
        .enabled(if: shell("fish") != nil, "fish is not installed: `make deps` installs it"))
    func fish() throws {
        let fish = try #require(Self.shell("fish"))
        let script = try Self.scriptFile(.fish)
        defer { try? FileManager.default.removeItem(atPath: script) }
        for (words, offered, notOffered) in Self.cases {
            let line = words.map { $0.isEmpty ? "" : $0 }.joined(separator: " ")
            let (status, output) = try Subprocess.run(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            #expect(status == 0)
            Self.check(output, words, offered: offered, notOffered: notOffered)
        }
    }

    @Test("an unknown shell exits 2 and names the choices")
    func unknownShell() async {
        let captured = CapturedOutput()
        #expect(await EndlessCommand.tool.run(["completions", "tcsh"], output: captured.output) == 2)
        #expect(captured.standardError.contains("no completions for the shell 'tcsh'"))
        #expect(captured.standardError.contains("bash, zsh, fish"))
        #expect(captured.standardOutput.isEmpty)
    }
}
