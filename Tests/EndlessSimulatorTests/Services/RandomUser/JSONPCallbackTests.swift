import Foundation
import Testing

@testable import EndlessSimulator

/// The JSONP `callback` is reflected into the body as code, so only a function name passes.
@Suite("JSONP callback validation")
struct JSONPCallbackTests {
    @Test("identifier paths wrap the body", arguments: ["handle", "jQuery.cb_1", "$cb", "_", "a.b.c9"])
    func accepted(_ callback: String) throws {
        let text = try GeneratorFixtures.text("seed=c&callback=\(callback)")
        #expect(text.hasPrefix(callback + "({"))
        #expect(text.hasSuffix("});"))
    }

    @Test(
        "anything else is refused before a user is generated",
        arguments: [
            "alert(1)//", "</script><script>alert(1)", "a b", "cb;x", "a-b", "é", "x%0Ay",
        ])
    func refused(_ callback: String) throws {
        let encoded = callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? callback
        #expect(
            throws: GeneratorError.invalidParameter(
                name: "callback",
                reason: "callback may hold only letters, digits, _, $ and . (a JavaScript function name such as jQuery.cb_1)")
        ) {
            try GeneratorFixtures.respond("seed=c&callback=\(encoded)")
        }
    }

    @Test("over HTTP a bad callback is a JSON 400 that does not echo it")
    func badRequestOverHTTP() throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
        let port = try #require(try server.start().port)
        defer { server.stop() }
        let client = try RawClient(port: UInt16(port))
        let response = try client.get("/api/?seed=c&callback=%3Cscript%3E")
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.text.contains("callback may hold only"))
        #expect(!response.text.contains("<script>"))
        #expect(try client.get("/api/?seed=c&callback=ok_1").text.hasPrefix("ok_1({"))
    }
}
