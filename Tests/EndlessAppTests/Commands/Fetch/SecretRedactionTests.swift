import EndlessCommandLine
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// No key given to `endless` reaches its standard error: not in a usage error that quotes the
/// flag, not in a failure that quotes what the server echoed, not in the `-v` log.
@Suite("endless never prints its keys", .timeLimit(TimeBudget.minutes(1)))
struct SecretRedactionTests {
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> Run {
        let captured = CapturedOutput()
        let status = await EndlessCommand.run(arguments, output: captured.output, environment: environment)
        return Run(status: status, standardOutput: captured.standardOutput, standardError: captured.standardError)
    }

    /// A server that answers every request with `status` and the request's head as its body.
    static func echoing(status: Int) throws -> ScriptedLoopbackServer {
        try ScriptedLoopbackServer { request in
            ScriptedLoopbackServer.response(status: status, headers: ["Content-Type": "text/plain"], body: request.head)
        }
    }

    @Test(
        "a usage error quoting an --api URL hides its password and secret query items",
        arguments: [
            // Photos need a key for a given API: the refusal quotes the URL.
            (["photos", "--api", "http://127.0.0.1:9/?client_id=SECRET-Q-7781&x=1"], "SECRET-Q-7781"),
            (["fetch", "photos", "--api", "http://reader:SECRET-PW-5523@127.0.0.1:9/"], "SECRET-PW-5523"),
            // A URL the parser refuses is quoted as typed.
            (["fetch", "users", "--api", "http://u:SECRET-PW-5523@127.0.0.1:99999/"], "SECRET-PW-5523"),
            (["fetch", "--api", "ftp://127.0.0.1/?api_key=SECRET-Q-7781"], "SECRET-Q-7781"),
            // The simulator's flags do nothing with an API given: the refusal names the API.
            (["fetch", "--api", "http://127.0.0.1:9/api/?token=SECRET-Q-7781", "--latency", "1s"], "SECRET-Q-7781"),
        ])
    func usageErrors(arguments: [String], secret: String) async {
        let run = await Self.run(arguments)

        #expect(run.status == 2, "\(run.standardError)")
        #expect(!run.standardError.isEmpty)
        #expect(!run.standardError.contains(secret), "\(run.standardError)")
        #expect(run.standardError.contains("<redacted>"), "\(run.standardError)")
    }

    @Test(
        "a key given by flag is not printed when a server echoes it in its error",
        arguments: [
            ["fetch", "photos", "--access-key", "SECRET-ACCESS-8812"],
            ["fetch", "photos", "--access-key=SECRET-ACCESS-8812", "-v"],
            ["fetch", "users", "--api-key", "SECRET-ACCESS-8812"],
            ["fetch", "coins", "--demo-key", "SECRET-ACCESS-8812", "-v"],
        ])
    func echoedKeys(arguments: [String]) async throws {
        let server = try Self.echoing(status: 401)
        defer { server.stop() }

        let run = await Self.run(arguments + ["--api", server.url("api/").absoluteString, "--retries", "0"])

        #expect(run.status == 1)
        #expect(server.requests.first?.head.contains("SECRET-ACCESS-8812") == true, "the key was not sent")
        #expect(!run.standardError.contains("SECRET-ACCESS-8812"), "\(run.standardError)")
    }

    @Test("which values are secret comes from the declarations: a key, a key in a typo'd flag, not --password's spec")
    func declaredSecrets() {
        let redactor = RunSecrets.redactor(
            arguments: ["fetch", "coins", "--demo-key", "SECRET-DEMO-3301", "--my-token=SECRET-TOKEN-4471", "--password", "upper,lower,8-16"],
            declaration: EndlessCommand.tool.declaration, environment: [:])
        // --demo-key is declared secret; --my-token is declared nowhere, and its name says secret.
        #expect(redactor.redact(text: "SECRET-DEMO-3301 SECRET-TOKEN-4471") == "<redacted> <redacted>")
        // --password is declared and not secret (a spec of generated passwords): its text is no literal secret.
        #expect(redactor.redact(text: "upper,lower,8-16") == "upper,lower,8-16")
    }

    @Test("a key from the environment is not printed either")
    func environmentKey() async throws {
        let server = try ScriptedLoopbackServer { _ in
            ScriptedLoopbackServer.response(status: 500, body: "debug: configured with ENV-SECRET-31415")
        }
        defer { server.stop() }

        let run = await Self.run(
            ["fetch", "--api", server.url("api/").absoluteString, "--retries", "0"],
            environment: ["SOME_SERVICE_TOKEN": "ENV-SECRET-31415"])

        #expect(run.status == 1)
        #expect(!run.standardError.contains("ENV-SECRET-31415"), "\(run.standardError)")
        #expect(run.standardError.contains("configured with <redacted>"), "\(run.standardError)")
    }

    @Test("-v prints every redirect hop, redacted, and the key does not follow to the other origin")
    func verboseRedirects() async throws {
        let landing = try Self.echoing(status: 200)
        defer { landing.stop() }
        let origin = try ScriptedLoopbackServer { _ in
            ScriptedLoopbackServer.response(
                status: 307, headers: ["Location": "http://127.0.0.1:\(landing.port)/moved/users?page=1&api_key=SECRET-LOC-4242"])
        }
        defer { origin.stop() }

        let run = await Self.run([
            "fetch", "users", "--api", origin.url("api/").absoluteString, "--api-key", "SECRET-ACCESS-8812", "-v", "--retries", "0",
        ])

        let log = run.standardError
        #expect(log.contains("=> 307 to http://127.0.0.1:\(landing.port)/moved/users?page=1&api_key=<redacted>"), "\(log)")
        #expect(log.lowercased().contains("x-api-key not sent"), "\(log)")
        #expect(!log.contains("SECRET"), "\(log)")
        #expect(landing.requests.first?.headers["x-api-key"] == nil)
    }

    @Test("no file is named after a key: the launch screen's key and the page cache's origin are redacted")
    func filesHoldNoKey() throws {
        let parsed = try ArgumentParser.parse(
            ["photos", "--api", "http://u:PW-SECRET-991@127.0.0.1:9/?client_id=Q-SECRET-992", "--access-key", "K-SECRET-993"],
            for: EndlessCommand.tool.declaration)

        let options = try BrowseCommand.options(from: parsed, opening: .photos, environment: ["MY_API_TOKEN": "E-SECRET-994"])
        let connection = try AppConnection(needsSimulator: false, simulator: options.simulator, configuration: options.httpConfiguration)
        defer { connection.close() }
        let endpoint = connection.endpoint(api: options.openingSettings?.api, service: .unsplash)

        for text in [options.launchScreenKey, endpoint.origin] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(endpoint.origin == "http://u:<redacted>@127.0.0.1:9/?client_id=<redacted>")
        #expect(options.redactor.redact(text: "E-SECRET-994 K-SECRET-993") == "<redacted> <redacted>")
    }
}
