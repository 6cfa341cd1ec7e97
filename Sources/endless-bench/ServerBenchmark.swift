import EndlessSimulator
import EndlessTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `server results=20 clients=N requests_per_s=… nginx_requests_per_s=… ratio=…`: the
/// simulator serving `/api/?results=20&seed=bench` (generation included) against nginx serving
/// the same bytes as a static file, both loaded by wrk with the same settings in the same run.
enum ServerBenchmark {
    static let clients = 32
    static let threads = 2
    static let warmUp = "1s"
    static let measure = "3s"
    static let query = "?results=20&seed=bench"
    static let wrk = "/usr/bin/wrk"
    static let nginx = "/usr/sbin/nginx"

    static func run() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try loadData(), rateLimit: nil))
        let base = try server.start()
        defer { server.stop() }
        let target = base.absoluteString + query

        // The body nginx will serve: exactly what the simulator answers.
        let (body, response) = try await URLSession.shared.data(from: URL(string: target) ?? base)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status != 200 {
            warn("the simulator answered \(status) (generator not ready?): the figures measure that answer")
        }

        guard FileManager.default.isExecutableFile(atPath: wrk) else {
            warn("\(wrk) is missing (make deps-bench installs wrk): nothing measured")
            return report(ours: nil, nginx: nil)
        }
        // wrk blocks this task's thread for a few seconds; the server runs on its own threads.
        _ = try runWrk(target, duration: warmUp, quiet: true)
        let ours = try runWrk(target, duration: measure)

        guard FileManager.default.isExecutableFile(atPath: nginx) else {
            warn("\(nginx) is missing (make deps-bench installs nginx): no baseline")
            return report(ours: ours, nginx: nil)
        }
        let baseline: Double?
        do {
            baseline = try measureNginx(serving: Array(body))
        } catch {
            warn("nginx could not be measured: \(error)")
            baseline = nil
        }
        report(ours: ours, nginx: baseline)
    }

    private static func report(ours: Double?, nginx: Double?) {
        let ratio = ours.flatMap { ours in nginx.map { Bench.fixed(ours / $0, 2) } } ?? "unavailable"
        Bench.report("server", [
            "results": 20, "clients": clients,
            "requests_per_s": ours.map { Bench.fixed($0, 0) } ?? "unavailable",
            "nginx_requests_per_s": nginx.map { Bench.fixed($0, 0) } ?? "unavailable",
            "ratio": ratio,
        ])
    }

    /// The built-in lists, or the official ones next to the repository when those fail.
    private static func loadData() throws -> GeneratorData {
        do {
            return try GeneratorData.builtIn()
        } catch {
            let official = SharedReferenceData.officialData
            if FileManager.default.fileExists(atPath: official.path) { return try GeneratorData.load(from: official) }
            throw error
        }
    }

    // MARK: - nginx

    struct BenchFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts nginx on a free loopback port with a temporary config, measures it, stops it.
    private static func measureNginx(serving body: [UInt8]) throws -> Double {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("endless-bench-nginx-\(getpid())", isDirectory: true)
        let webRoot = directory.appendingPathComponent("www/api", isDirectory: true)
        try FileManager.default.createDirectory(at: webRoot, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(body).write(to: webRoot.appendingPathComponent("users.json"))
        let port = try freePort()
        let path = directory.path
        // As root, nginx would run its worker as nobody, who cannot read the temporary files.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let config = """
            \(user)daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(path)/client_body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                keepalive_requests 1000000;
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port);
                    root \(path)/www;
                }
            }

            """
        let configFile = directory.appendingPathComponent("nginx.conf")
        try Data(config.utf8).write(to: configFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", path, "-e", "\(path)/error.log", "-c", configFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        guard waitUntilListening(port: port, process: process) else {
            let log = (try? String(contentsOfFile: "\(path)/error.log", encoding: .utf8)) ?? ""
            throw BenchFailure(description: "nginx did not start listening on port \(port): \(log)")
        }
        let url = "http://127.0.0.1:\(port)/api/users.json"
        _ = try runWrk(url, duration: warmUp, quiet: true)
        return try runWrk(url, duration: measure)
    }

    /// A port nothing listens on right now (bound and released; nginx binds it a moment later).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BenchFailure(description: "no free port: \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func waitUntilListening(port: UInt16, process: Process) -> Bool {
        for _ in 0..<150 where process.isRunning {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            if connected { return true }
            usleep(20_000)
        }
        return false
    }

    // MARK: - wrk

    /// Runs wrk against `url` and returns its Requests/sec.
    private static func runWrk(_ url: String, duration: String, quiet: Bool = false) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t\(threads)", "-c\(clients)", "-d\(duration)", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
            let rate = Double(line.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces))
        else {
            throw BenchFailure(description: "wrk printed no Requests/sec line: \(text)")
        }
        if !quiet, let errors = text.split(separator: "\n").first(where: { $0.contains("Non-2xx") }) {
            warn("wrk against \(url): \(errors.trimmingCharacters(in: .whitespaces))")
        }
        return rate
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("endless-bench: server: \(message)\n".utf8))
    }
}
