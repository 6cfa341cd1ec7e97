import EndlessCommandLine
import EndlessSimulator
import EndlessTerminal
import Foundation
import Testing
import UnsplashAPI

@testable import EndlessApp

/// Every flag of `endless` is one declaration: what it accepts (for completions), whether it is
/// secret (for redaction and the files written), and its default, read typed.
@Suite("endless's flag declarations")
struct FlagDeclarationTests {
    /// Every option of every command, by name (an option shared by commands is one declaration).
    static var options: [String: OptionDeclaration] {
        Dictionary(EndlessCommand.tool.declaration.optionsInTree.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("the keys are declared secret, and nothing else is")
    func secrets() {
        let secret = Self.options.values.filter(\.isSecret).map(\.name).sorted()
        #expect(secret == ["access-key", "api-key", "demo-key"])
    }

    @Test("an option's name never says secret while its declaration says otherwise, except the password spec")
    func namesAgree() {
        // Names the query-item rule calls secret, and are not: --password takes a spec of the
        // passwords the service generates (`upper,lower,8-16`), not a credential.
        let notCredentials: Set = ["password"]
        for option in Self.options.values where !option.isSecret && !notCredentials.contains(option.name) {
            #expect(!SecretFree.isSecretName(option.name), "--\(option.name) looks like a key but is not declared secret")
        }
    }

    @Test("what completions will offer: choices, lists, ranges, files, folders and URLs")
    func acceptedValues() throws {
        let options = Self.options
        #expect(options["graphics"]?.accepts == .choices(GraphicsMode.allCases.map(\.rawValue)))
        #expect(options["order-by"]?.accepts == .choices(UnsplashOrder.allCases.map(\.rawValue)))
        #expect(options["format"]?.accepts == .choices(["table", "json", "ndjson", "csv"]))
        #expect(options["gender"]?.accepts == .choices(["male", "female"]))
        guard case .list(let nationalities)? = options["nat"]?.accepts else {
            Issue.record("--nat accepts \(String(describing: options["nat"]?.accepts))")
            return
        }
        #expect(nationalities.contains("nl") && nationalities.contains("us"))
        #expect(options["results"]?.accepts == .integers(1...5000))
        #expect(options["timeout"]?.accepts == .numbers(0...600))
        #expect(options["dump-state"]?.accepts == .file)
        #expect(options["data-dir"]?.accepts == .directory)
        #expect(options["api"]?.accepts == .url)
        #expect(options["people-api"]?.accepts == .url)
        guard case .choices(let currencies)? = options["vs-currency"]?.accepts else {
            Issue.record("--vs-currency accepts \(String(describing: options["vs-currency"]?.accepts))")
            return
        }
        #expect(currencies.contains("eur"))
    }

    @Test("left out, a flag reads as its declared default, the value help shows")
    func typedDefaults() throws {
        let fetch = try ArgumentParser.parse(["fetch", "coins"], for: EndlessCommand.tool.declaration)
        #expect(try fetch[FetchCoinsCommand.Options.page] == 1)
        #expect(FetchCoinsCommand.Options.page.declaration.defaultText == "1")
        #expect(try fetch[FetchSettings.Options.timeout] == .seconds(30))
        #expect(FetchSettings.Options.timeout.declaration.defaultText == "30")
        #expect(try fetch[RandomUserServiceSettings.rateLimitOption] == .default)
        #expect(RandomUserServiceSettings.rateLimitOption.declaration.defaultText == "20000/5m")
        #expect(try FetchCoinsCommand.options(from: fetch) == FetchCoinsOptions())
    }

    @Test("the launch screen's key leaves out a declared secret's value, whatever it is")
    func launchScreenKey() throws {
        let key: (String) throws -> String = { demoKey in
            let parsed = try ArgumentParser.parse(["coins", "--demo-key", demoKey, "--live"], for: EndlessCommand.tool.declaration)
            return BrowseCommand.launchScreenKey(parsed, environment: [:])
        }
        let one = try key("abc")
        #expect(one.contains("--demo-key=\(SecretFree.standIn)"), "\(one)")
        #expect(!one.contains("abc"))
        #expect(try key("other-key-value") == one)
        #expect(one.contains("--live="))
    }
}
