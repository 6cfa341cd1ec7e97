import EndlessTesting
import Foundation
import Testing

/// The reference data is found without the Makefile, as scripts/find-shared-data finds it, and
/// a file that is missing fails the test that reads it, naming its path.
@Suite("Shared reference data", .timeLimit(TimeBudget.minutes(1)))
struct SharedReferenceDataTests {
    /// A scratch tree: an upstream repository with `shared` beside it, and a clone elsewhere.
    struct Checkouts {
        let root: URL
        var upstream: URL { root.appendingPathComponent("upstream/main") }
        var shared: URL { root.appendingPathComponent("upstream/shared") }
        var clone: URL { root.appendingPathComponent("elsewhere/clone") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("endless-shared-\(UUID().uuidString)")
            for folder in [shared.appendingPathComponent("fixtures/randomuser"), upstream, clone.appendingPathComponent("Sources/Module")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data("// swift-tools-version: 6.0\n".utf8).write(to: clone.appendingPathComponent("Package.swift"))
        }

        /// Runs git in the clone.
        func git(_ arguments: String...) throws {
            let status = try Subprocess.run("/usr/bin/env", ["git", "-C", clone.path] + arguments, capturing: false).status
            try #require(status == 0, "git \(arguments.joined(separator: " ")) failed")
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("a clone elsewhere finds the shared folder beside the repository it was cloned from")
    func besideOrigin() throws {
        let checkouts = try Checkouts()
        defer { checkouts.remove() }
        let inside = checkouts.clone.appendingPathComponent("Sources/Module")
        #expect(SharedReferenceData.locate(from: inside, environment: [:]) == nil, "no origin yet: nothing is found")
        try checkouts.git("init", "-q")
        try checkouts.git("remote", "add", "origin", checkouts.upstream.path)
        let found = try #require(SharedReferenceData.locate(from: inside, environment: [:]))
        #expect(found.standardizedFileURL.path == checkouts.shared.standardizedFileURL.path)
    }

    @Test("a shared folder beside the checkout comes first, and ENDLESS_SHARED before both")
    func besideAndVariable() throws {
        let checkouts = try Checkouts()
        defer { checkouts.remove() }
        let inside = checkouts.upstream.appendingPathComponent("Sources/Module")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        #expect(SharedReferenceData.locate(from: inside, environment: [:])?.standardizedFileURL.path == checkouts.shared.path)
        let named = SharedReferenceData.locate(from: inside, environment: [SharedReferenceData.environmentVariable: "/somewhere/else"])
        #expect(named?.path == "/somewhere/else")
    }

    @Test("a missing file is an error naming its path, never an empty pass")
    func missingFileFails() {
        let url = SharedReferenceData.fixtures.appendingPathComponent("no-such-capture.json")
        #expect {
            try SharedReferenceData.data(at: url)
        } throws: { error in
            "\(error)".contains(url.path) && "\(error)".contains(SharedReferenceData.environmentVariable)
        }
    }
}
