import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// nginx serving static files from a temporary folder on a free loopback port, with a given
/// number of worker processes: the server baseline, configured as a person would configure
/// it for speed (sendfile, keep-alive without a request cap, no access log).
final class Nginx {
    let baseURL: String
    let workers: Int
    private let process: BackgroundProcess
    private let directory: URL

    /// Starts nginx serving `files` (path below the root, e.g. `api/users.json`, and bytes).
    /// - Parameter ownSession: in a session of its own, as a daemon runs (for a figure whose
    ///   other side is a server process in a session of its own too), else in the bench's,
    ///   like the servers the bench runs inside itself.
    init(files: [String: [UInt8]], workers: Int, binary: ExternalTool, ownSession: Bool = false) throws {
        self.workers = workers
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("endless-bench-nginx-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        let webRoot = directory.appendingPathComponent("www", isDirectory: true)
        for (path, bytes) in files {
            let file = webRoot.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        let port = try LoopbackPort.free()
        let path = directory.path
        // As root, nginx would run its workers as nobody, who cannot read the temporary files.
        let user = geteuid() == 0 ? "user root;\n" : ""
        let config = """
            \(user)daemon off;
            worker_processes \(workers);
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
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
        process = try BackgroundProcess(
            [binary.path, "-p", path, "-e", "\(path)/error.log", "-c", configFile.path], ownSession: ownSession)
        baseURL = "http://127.0.0.1:\(port)/"
        guard LoopbackPort.waitUntilListening(port, while: { [process] in process.isRunning }) else {
            let log = (try? String(contentsOfFile: "\(path)/error.log", encoding: .utf8)) ?? ""
            stop()
            throw BenchFailure("nginx did not start listening on port \(port): \(log)")
        }
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Loopback ports for the baselines' servers.
enum LoopbackPort {
    /// A port nothing listens on right now (bound and released; the server binds it a moment later).
    static func free() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchFailure("socket: \(errno)") }
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
        guard bound else { throw BenchFailure("no free port: \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits up to 3 s for something to accept connections on `port`.
    static func waitUntilListening(_ port: UInt16, while alive: () -> Bool) -> Bool {
        for _ in 0..<150 where alive() {
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
}
