import EndlessCommandLine
import EndlessSimulator
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `endless serve` knows no service: what it says of them, its flags and the lines it prints
/// once listening all come from the simulator's catalogue.
@Suite("endless serve reads the service catalogue", .timeLimit(TimeBudget.minutes(2)))
struct ServeCommandTests {
    @Test("its help names every service of the catalogue, describes it, and takes its flags and examples")
    func helpFromTheCatalogue() {
        let declaration = ServeCommand.declaration
        let flags = declaration.options.map(\.name)
        let examples = declaration.examples.map(\.command)
        for service in SimulatedService.all {
            #expect(declaration.abstract.contains(service.name), "\(service.id)")
            #expect(declaration.discussion.contains(service.serveDescription), "\(service.id)")
            #expect(service.options.allSatisfy { flags.contains($0.name) }, "\(service.id)")
            #expect(
                service.serveExamples(root: ServeCommand.exampleRoot).allSatisfy { examples.contains($0.command) }, "\(service.id)")
        }
    }

    @Test("the real binary prints each service's line from the catalogue, then the requests to try, then stops on SIGTERM")
    func printedLinesFromTheCatalogue() async throws {
        let binary = BrowseEndToEndTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the endless binary first")
        let server = try Subprocess.start(binary, ["serve", "--port", "0", "--quiet"], standardError: .discard)

        let anyRoot = try #require(URL(string: "http://127.0.0.1:1/"))
        let expectedCount =
            SimulatedService.all.count
            + SimulatedService.all.compactMap { $0.serveSuggestion(apiRoot: anyRoot) }.count
        // The lines all come before any request.
        let text = try await server.waitForOutput { $0.filter { $0 == "\n" }.count >= expectedCount }
        let port = try #require(text.firstMatch(of: /127\.0\.0\.1:(\d+)\//).map { String($0.1) })
        let lines = text.split(separator: "\n").map(String.init)
        var expected: [String] = []
        for service in SimulatedService.all {
            let root = try #require(URL(string: "http://127.0.0.1:\(port)\(service.apiRootPath)"))
            expected.append("endless serve: \(service.serveLine(apiRoot: root))")
        }
        for service in SimulatedService.all {
            let root = try #require(URL(string: "http://127.0.0.1:\(port)\(service.apiRootPath)"))
            if let suggestion = service.serveSuggestion(apiRoot: root) { expected.append("endless serve: \(suggestion)") }
        }
        #expect(lines == expected)

        server.terminate()  // SIGTERM
        #expect(try await server.wait() == 0)
    }
}
