import EndlessApp
import EndlessCommandLine
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import Glibc
import RandomUserAPI
import Synchronization

/// Decoding a 5,000-user v1.4 response (the service's maximum page) with the typed, tolerant
/// models, against Python's `json.loads` parsing the same bytes into untyped dicts, and
/// `endless fetch --format json` against `curl | jq .`.
///
/// The body is built in memory from the captured v1.4 fixture users, varied so that it looks
/// like a real maximum page: every uuid unique, postcodes alternating between numbers and
/// strings, emails unique. The typed figure includes everything a client pays for: date
/// parsing, the postcode enum, street objects and identity.
enum DecodeBenchmark {
    /// The service's largest page.
    static let userCount = 5000

    static func run() async throws {
        let body = try makeBody(templates: try templateUsers())
        // Check the work before timing it: every person decodes, with a unique id.
        let check = try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body)
        guard check.results.count == userCount, Set(check.results.map(\.id)).count == userCount else {
            throw BenchmarkError("the generated body decoded to \(check.results.count) people")
        }
        try typed(body)
        try held()
        try await reencode(check)
        try await fetchJSON()
    }

    // MARK: - Memory per person

    /// Pages held for the memory figure.
    static let heldPages = 4

    /// Memory held per person, in bytes: the allocator's bytes in use (freed memory not
    /// counted, so the decoder's garbage does not blur it) while `heldPages` pages of 5,000
    /// people, each decoded by the client's reader from a body of its own, are kept as the
    /// client keeps them (typed fields, and the body each person's JSON is a slice of),
    /// against the same people with their typed fields only (the body freed).
    static func held() throws {
        let body = try makeBody(templates: templateUsers())
        func measure(typedOnly: Bool) throws -> Double {
            guard let before = allocatedBytes() else { throw BenchmarkError("glibc's malloc_stats is not there") }
            var held: [RandomUserResponse] = []
            for _ in 0..<heldPages {
                // A body of its own, as each answer from the network is: a person keeps it.
                let fresh = body.withUnsafeBytes { Data($0) }
                let response = try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: fresh)
                held.append(typedOnly ? Self.typedOnly(response) : response)
            }
            guard let after = allocatedBytes() else { throw BenchmarkError("glibc's malloc_stats is not there") }
            let people = held.reduce(0) { $0 + $1.results.count }
            return Double(after - before) / Double(people)
        }
        var kept: [Double] = []
        var typed: [Double] = []
        for _ in 0..<Bench.minimumRuns {
            kept.append(try measure(typedOnly: false))
            typed.append(try measure(typedOnly: true))
        }
        Bench.figure(
            "decode", "held_bytes_per_person", unit: "B", ours: Bench.Samples(kept),
            baseline: .init(name: "typed_fields_only", samples: Bench.Samples(typed)), better: .lower, decimals: 0,
            details: ["users": userCount * heldPages, "kept_json_bytes_per_person": keptJSONBytesPerPerson(body)])
    }

    /// The compacted JSON one person keeps, on average over the bench's page.
    static func keptJSONBytesPerPerson(_ body: Data) -> Int {
        guard let response = try? RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body)
        else { return 0 }
        return response.rawJSON.bytes.count / max(1, response.results.count)
    }

    /// The bytes glibc's allocator has handed out and not taken back, mmapped blocks included:
    /// the last "in use bytes" `malloc_stats` prints (on standard error, which is sent to a file
    /// for the call); nil without glibc.
    static func allocatedBytes() -> Int? {
        guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
        let printStatistics = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("endless-bench-malloc-\(ProcessInfo.processInfo.processIdentifier)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        guard file >= 0 else { return nil }
        let saved = dup(2)
        fflush(nil)  // every stream: standard error among them
        dup2(file, 2)
        printStatistics()
        fflush(nil)  // every stream: standard error among them
        dup2(saved, 2)
        close(saved)
        close(file)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").last(where: { $0.hasPrefix("in use bytes") })
        else { return nil }
        return Int(line.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// The same people with their typed fields only (what a person cost before they kept their JSON).
    static func typedOnly(_ response: RandomUserResponse) -> RandomUserResponse {
        RandomUserResponse(
            results: response.results.map {
                RandomUser(
                    gender: $0.gender, name: $0.name, location: $0.location, email: $0.email, login: $0.login, dob: $0.dob,
                    registered: $0.registered, phone: $0.phone, cell: $0.cell, nationalID: $0.nationalID, picture: $0.picture,
                    nat: $0.nat)
            }, info: response.info)
    }

    /// `endless fetch --format json`'s writing of a decoded page (``FetchPeopleCommand`` with
    /// the network step answered from memory, output counted: the body as sent, indented, with
    /// terminal-safe escapes), against JSONEncoder pretty-printing the same response with sorted
    /// keys, the strategy of the first `fetch` (without the terminal-safety pass it also needed).
    static func reencode(_ response: RandomUserResponse) async throws {
        let written = Mutex(0)
        let output = CommandOutput(
            terminalColumns: nil, standardOutput: { text in written.withLock { $0 += text.utf8.count } }, standardError: { _ in })
        let options = FetchPeopleOptions(query: try RandomUserQuery(results: userCount), format: .json)
        let ours = try await Bench.time {
            let status = await FetchPeopleCommand.run(options: options, output: output) { _ in response }
            guard status == 0 else { throw BenchmarkError("fetch --format json failed") }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var encoded = 0
        let baseline = try Bench.time { encoded = try encoder.encode(response).count }
        Bench.figure(
            "decode", "reencode_pretty_json", unit: "ms", ours: ours.scaled(1000),
            baseline: .init(name: "JSONEncoder_prettyPrinted_sortedKeys", samples: baseline.scaled(1000)), better: .lower,
            decimals: 1,
            details: ["users": userCount, "bytes": written.withLock { $0 } / (Bench.minimumRuns + 1), "jsonencoder_bytes": encoded])
    }

    /// `endless fetch --results 5000 --format json` against `curl | jq .` on the same URL of
    /// a simulator running in this process (unseeded: the server generates for both), and
    /// with the embedded simulator (`endless fetch` alone, which also starts its own server),
    /// against the same baseline. Wall time of the whole command, output to /dev/null.
    static func fetchJSON() async throws {
        guard let binary = AppBenchmark.locateBinary() else {
            return Bench.warn("decode", AppBenchmark.noBinary + ": fetch not measured")
        }
        guard let curl = ExternalTool.find("curl", installedBy: "curl", area: "decode"),
            let jq = ExternalTool.find("jq", installedBy: "jq", area: "decode")
        else { return }
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        let api = try server.start().absoluteString
        defer { server.stop() }
        let url = api + "?results=\(userCount)"
        let python = ExternalTool.find("python3", installedBy: "python3", area: "decode")
        let pipeline = "\(curl.path) -s '\(url)' | \(jq.path) . > /dev/null"
        let viaAPI = try Bench.interleaved(
            ours: { try Spawn.run([binary, "fetch", "--api", api, "--results", "\(userCount)", "--format", "json"]).wallSeconds },
            baseline: { try Spawn.shell(pipeline).wallSeconds })
        let embedded = try Bench.interleaved(
            ours: { try Spawn.run([binary, "fetch", "--results", "\(userCount)", "--format", "json"]).wallSeconds },
            baseline: { try Spawn.shell(pipeline).wallSeconds })
        let pythonLoad = try python.map { python in
            try Bench.time { try Spawn.shell("\(curl.path) -s '\(url)' | \(python.path) -c 'import json,sys; json.load(sys.stdin)'") }
        }
        let detail = pythonLoad.map { ["curl_python3_json.load_ms": $0.scaled(1000).text(0)] } ?? [:]
        for (name, samples) in [("api", viaAPI), ("embedded", embedded)] {
            Bench.figure(
                "decode", "fetch_json", unit: "ms", ours: samples.ours.scaled(1000),
                baseline: .init(name: "curl_-s_|_jq_.", samples: samples.baseline.scaled(1000)), better: .lower,
                decimals: 0,
                details: ["users": userCount, "server": name == "api" ? "this_process_--api" : "embedded_vs_this_process", "seeded": "no"],
                more: detail.map { ($0.key, $0.value) })
        }
    }

    /// What the client does with a body (``RandomUserResponseReader``), against CPython's
    /// `json.loads` of the same bytes into dicts.
    static func typed(_ body: Data) throws {
        var decoded = 0
        let ours = try Bench.time(runs: 7) {
            decoded += try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body).results.count
        }
        guard decoded > 0 else { throw BenchmarkError("nothing was decoded") }
        let python = try PythonBaseline.loads(body, repetitions: 3, runs: 7)
        Bench.figure(
            "decode", "typed", unit: "ms", ours: ours.scaled(1000),
            baseline: python.map { .init(name: "python3_json.loads_of_the_same_bytes", samples: $0.scaled(1000)) },
            better: .lower, decimals: 1,
            details: [
                "users": userCount, "body_kib": body.count / 1024,
                "typed_users_per_s": Int((Double(userCount) / ours.median).rounded()),
            ])
    }

    // MARK: - The body

    /// 5,000 users cycled from the templates, each with its own uuid and email, postcodes
    /// alternating between a number and a string.
    static func makeBody(templates: [[String: Any]]) throws -> Data {
        var users: [[String: Any]] = []
        users.reserveCapacity(userCount)
        for index in 0..<userCount {
            var user = templates[index % templates.count]
            var login = user["login"] as? [String: Any] ?? [:]
            let hex = String(index, radix: 16)
            login["uuid"] = "5f2c09a1-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
            user["login"] = login
            user["email"] = "person\(index)@example.com"
            var location = user["location"] as? [String: Any] ?? [:]
            location["postcode"] = index % 2 == 0 ? (10_000 + index % 90_000) as Any : "\(1000 + index % 9000) AB" as Any
            user["location"] = location
            users.append(user)
        }
        let response: [String: Any] = [
            "results": users,
            "info": ["seed": "endless-bench", "results": userCount, "page": 1, "version": "1.4"],
        ]
        return try JSONSerialization.data(withJSONObject: response)
    }

    /// The v1.4 users of the captured fixtures in ../shared, or one embedded capture when the
    /// fixtures are not next to this checkout (the figure then varies one person).
    static func templateUsers() throws -> [[String: Any]] {
        var bodies: [Data] = []
        if let folder = fixturesFolder() {
            for name in ["v1.4-mixed-10-users.json", "v1.4-de-nz-hand-merged.json"] {
                if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) { bodies.append(data) }
            }
        }
        if bodies.isEmpty { bodies = [Data(embeddedResponse.utf8)] }
        var users: [[String: Any]] = []
        for body in bodies {
            let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            users += object?["results"] as? [[String: Any]] ?? []
        }
        guard !users.isEmpty else { throw BenchmarkError("no template users") }
        return users
    }

    /// `shared/fixtures/randomuser` beside the repository, if it is there.
    private static func fixturesFolder() -> URL? {
        let folder = SharedReferenceData.fixtures
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    /// The DE person of `v1.4-de-nz-hand-merged.json`, as served.
    private static let embeddedResponse = #"""
        {"results":[{"gender":"male","name":{"title":"Mr","first":"Berndt","last":"Gehring"},"location":{"street":{"number":9321,"name":"Meisenweg"},"city":"Gundelfingen an der Donau","state":"Sachsen-Anhalt","country":"Germany","postcode":34954,"coordinates":{"latitude":"-47.7608","longitude":"-35.9529"},"timezone":{"offset":"+8:00","description":"Beijing, Perth, Singapore, Hong Kong"}},"email":"berndt.gehring@example.com","login":{"uuid":"13dea5d4-3d7d-495b-b338-0906288397fa","username":"bluelion127","password":"chipper","salt":"l2E1LwSo","md5":"3a2455f4305bef83f071fbc67011ce1e","sha1":"d834e70e3d7653b85b0a8779a08751d60323ab96","sha256":"29a66f47c9c51b0e9fe2c7e747e870c125613ea1c8b6bcf9639d773790e63e28"},"dob":{"date":"1977-04-02T04:25:40.937Z","age":47},"registered":{"date":"2003-01-05T14:11:53.269Z","age":21},"phone":"0155-2649698","cell":"0170-3584014","id":{"name":"SVNR","value":"71 010477 G 394"},"picture":{"large":"https://randomuser.me/api/portraits/men/39.jpg","medium":"https://randomuser.me/api/portraits/med/men/39.jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/men/39.jpg"},"nat":"DE"}],"info":{"seed":"26341139a7454d33","results":1,"page":1,"version":"1.4"}}
        """#

    struct BenchmarkError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
