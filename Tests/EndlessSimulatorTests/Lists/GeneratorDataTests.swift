import Foundation
import Testing

@testable import EndlessSimulator

@Suite("Data directories (GENERATOR.md §4.1)")
struct GeneratorDataTests {
    @Test("the official lists load with the documented entry counts")
    func officialCounts() throws {
        let data = try GeneratorFixtures.officialData.get()
        let nl = try #require(data.lists(for: .nl))
        let nlCounts: [Int] = [
            nl.maleFirst.count, nl.femaleFirst.count, nl.last.count, nl.street.count, nl.cities.count, nl.states.count,
        ]
        #expect(nlCounts == [4409, 5343, 9978, 65620, 2999, 12])
        let inLists = try #require(data.lists(for: .in))
        let inCounts: [Int] = [inLists.maleFirst.count, inLists.femaleFirst.count, inLists.last.count]
        #expect(inCounts == [185, 210, 85])
        #expect(data.lists(for: .no)?.postCodes?.count == 4854)
        #expect(data.lists(for: .lego)?.cities.count == 353)
        #expect(data.common.passwords.count == 7547)
        #expect(data.common.timezoneCount == 30)
        #expect(
            (0..<data.common.timezoneCount).map { data.common.timezoneOffsets.string($0) }.contains("+12:00") == false)
        #expect(data.common.titles.count == 3 && data.common.user1.count == 23 && data.common.user2.count == 26)
        // Trailing spaces are kept, and empty lines are entries.
        let br = try #require(data.lists(for: .br))
        #expect((0..<br.maleFirst.count).contains { br.maleFirst.names.string($0) == "Cíntio " })
        #expect(data.common.passwords.string(6552) == "")
    }

    /// Writes a minimal data directory; `skip` leaves one file out, `unterminated` drops its final newline.
    private func makeDirectory(skip: String? = nil, lego: Bool = false) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gen-data-\(UUID().uuidString)")
        var files: [String: String] = [
            "common/lists/passwords.txt": "one\n\ntrailing \n",
            "common/lists/timezones.txt": #"{"offset": "+1:00", "description": "Paris"}"# + "\n"
                + #"{"offset": "+12:00", "description": "Auckland"}"#,
            "common/lists/title.txt": "Miss\nMrs\nMs\n",
            "common/lists/user1.txt": "red\n",
            "common/lists/user2.txt": "fox\n",
        ]
        for nationality in Nationality.allCases where nationality != .lego || lego {
            for list in ["male_first", "female_first", "last", "street", "cities", "states"] {
                files["\(nationality.code)/lists/\(list).txt"] = "A\(list)\nB\(list)"
            }
        }
        files["NO/lists/post_codes.txt"] = "0246\n"
        for (path, contents) in files where path != skip {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    @Test("loading rule: split on \\n, last element dropped, nothing trimmed; timezones are JSON lines")
    func loadingRule() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try GeneratorData.load(from: directory)
        #expect((0..<data.common.passwords.count).map { data.common.passwords.string($0) } == ["one", "", "trailing "])
        // No final newline: the last line is lost (the +12:00 zone, "Bstreet").
        #expect(data.common.timezoneCount == 1 && data.common.timezoneDescriptions.string(0) == "Paris")
        #expect(data.lists(for: .de)?.street.count == 1)
        #expect(data.lists(for: .lego) == nil)
        let generator = RandomUserGenerator(data: data)
        #expect(throws: GeneratorError.self) {
            try generator.respond(toQuery: "lego", now: GeneratorFixtures.now, portraitBaseURL: "")
        }
        let response = try generator.respond(
            toQuery: "seed=x&results=50", now: GeneratorFixtures.now, portraitBaseURL: "")
        #expect(response.userCount == 50)
    }

    @Test(
        "a missing required file is an error naming it",
        arguments: [
            "common/lists/user2.txt", "DE/lists/states.txt", "NO/lists/post_codes.txt", "common/lists/timezones.txt",
        ])
    func missingFile(path: String) throws {
        let directory = try makeDirectory(skip: path)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: GeneratorDataError.missingFile(path)) { try GeneratorData.load(from: directory) }
        #expect(GeneratorDataError.missingFile(path).description.contains(path))
    }

    @Test("LEGO lists are loaded when present")
    func legoOptional() throws {
        let directory = try makeDirectory(lego: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try GeneratorData.load(from: directory).lists(for: .lego) != nil)
    }

    @Test("a list with no entries and a malformed timezone line are errors naming the file")
    func invalidFiles() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("only line without newline".utf8).write(to: directory.appendingPathComponent("FR/lists/last.txt"))
        #expect(throws: GeneratorDataError.emptyList("FR/lists/last.txt")) { try GeneratorData.load(from: directory) }
        try Data("x\n".utf8).write(to: directory.appendingPathComponent("FR/lists/last.txt"))
        try Data("not json\n".utf8).write(to: directory.appendingPathComponent("common/lists/timezones.txt"))
        #expect(throws: GeneratorDataError.invalidTimezone("common/lists/timezones.txt", line: 1)) {
            try GeneratorData.load(from: directory)
        }
    }

    @Test("builtIn() loads the shipped BuiltInData/1.4 lists for every nationality")
    func builtIn() throws {
        #expect(GeneratorData.builtInDirectory.path.hasSuffix("BuiltInData/1.4"))
        let generator = RandomUserGenerator(data: try GeneratorData.builtIn())
        for nationality in Nationality.selectable {
            let response = try generator.respond(
                toQuery: "seed=b&results=500&nat=\(nationality.code)", now: GeneratorFixtures.now,
                portraitBaseURL: "")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let users = try #require(body["results"] as? [[String: Any]])
            #expect(users.count == 500)
            // Every email keeps a transliterated first and last name, whatever the script of
            // the lists (Cyrillic for UA, Persian for IR, Latin with diacritics elsewhere).
            for user in users {
                let email = try #require(user["email"] as? String)
                let local = try #require(email.split(separator: "@").first)
                let parts = local.split(separator: ".", omittingEmptySubsequences: false)
                #expect(
                    parts.count >= 2 && !parts[0].isEmpty && !parts[parts.count - 1].isEmpty,
                    "\(nationality.code): \(email)")
                #expect(email.unicodeScalars.allSatisfy { $0.isASCII }, "\(nationality.code): \(email)")
            }
            // Variety: a 500-user page of one nationality is not a handful of repeated names.
            let names = Set(users.compactMap { ($0["name"] as? [String: Any])?["first"] as? String })
            #expect(names.count > 100, "\(nationality.code) has only \(names.count) distinct first names")
        }
    }
}
