import Foundation
import Glibc

/// Opens a web page in the person's browser: `$BROWSER` if set, else `xdg-open`, started
/// directly with the URL as its one argument (never through a shell, so nothing in the URL is
/// run), its input and output on `/dev/null`, and reaped in the background.
enum PageOpener {
    /// Why a page was not opened.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The program that opens pages: `$BROWSER`, else `xdg-open`.
    static func program(in environment: [String: String]) -> String {
        chosenBrowser(in: environment) ?? "xdg-open"
    }

    /// `$BROWSER`, trimmed; nil when unset or blank.
    private static func chosenBrowser(in environment: [String: String]) -> String? {
        guard let browser = environment["BROWSER"]?.trimmingCharacters(in: .whitespaces), !browser.isEmpty else { return nil }
        return browser
    }

    /// Whether `url` may be opened: http or https with a host, and nothing a terminal or a
    /// program's argument parser acts on.
    static func isOpenable(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            return false
        }
        let text = url.absoluteString
        return !text.hasPrefix("-") && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }

    /// Starts the browser on `url`.
    /// - Parameters:
    ///   - url: an http(s) page.
    ///   - environment: the process environment (`BROWSER`, `PATH`).
    /// - Returns: the browser's process id (reaped by a background task).
    /// - Throws: ``Failure`` for a URL that is not a web page, or a program that cannot start.
    @discardableResult
    static func open(_ url: URL, environment: [String: String]) throws(Failure) -> pid_t {
        guard isOpenable(url) else { throw Failure(description: "only http and https pages are opened") }
        let program = program(in: environment)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [program, url.absoluteString]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in posix_spawnp(&pid, program, &actions, nil, argv, envp) }
        }
        guard status == 0 else { throw failure(starting: program, status: status, environment: environment) }
        // Reaped off the main actor, so the browser leaves no zombie behind.
        let child = pid
        Thread.detachNewThread {
            var code: Int32 = 0
            while waitpid(child, &code, 0) < 0, errno == EINTR {}
        }
        return pid
    }

    /// Why `program` did not start, and what to do when it is not there.
    static func failure(starting program: String, status: Int32, environment: [String: String]) -> Failure {
        guard status == ENOENT else {
            return Failure(description: "\(program) could not be started: \(String(cString: strerror(status)))")
        }
        return Failure(
            description: chosenBrowser(in: environment) != nil
                ? "$BROWSER names \(program), which is not installed or not on PATH"
                : "xdg-open is not installed; set BROWSER to your web browser")
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
