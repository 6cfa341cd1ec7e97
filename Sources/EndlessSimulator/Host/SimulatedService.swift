import EndlessCommandLine
import Foundation

/// One offline service the simulator runs, declared as one value: its id, where it is mounted
/// (the one place its URL path is written), its flags and how they read into its settings, how
/// its router is made from those settings, and what `endless serve` says of it.
///
/// `endless serve`, the embedded host (``SimulatorServer``) and the app's connection all read
/// the same ``all`` list, so adding a service is one folder under `Services/` (its router and
/// its descriptor) and one line in that list: its flags, its URL, its lines in `serve`'s help
/// and output follow from the value.
public struct SimulatedService: Sendable, Identifiable {
    /// A short word that names it in code and messages: `randomuser`, `reqres`.
    public let id: String
    /// What a person calls the real service: `randomuser.me`, `reqres.in`, `Unsplash`.
    public let name: String
    /// Where the host mounts it: a path that starts and ends with `/`, e.g. `/reqres/`. Every
    /// path under it (API, pictures) is the service's.
    public let mountPath: String
    /// Its API root below the mount, `api/` for reqres (`/reqres/api/`); empty when the mount
    /// is the root.
    let apiPath: String
    /// What it serves, one clause for `endless serve --help`.
    let summary: String
    /// Its own flags, in help order (names unique across services).
    public let options: [OptionDeclaration]
    /// `endless serve --help`'s examples for it, given its API root on an example server
    /// (`http://127.0.0.1:8080/reqres/api/`).
    let examples: @Sendable (_ apiRoot: String) -> [CommandDeclaration.Example]
    /// Reads its flags into the settings: the command line, and whether it is `endless serve`
    /// (which stands in for the live service, so limits that embedded runs leave off are on).
    let readSettings: @Sendable (ParsedArguments, _ serving: Bool, inout ServiceSettings) throws(UsageError) -> Void
    /// Makes its router from the settings and what every service shares.
    let makeRouter: @Sendable (ServiceSettings, ServiceEnvironment) -> any ServiceRouter
    /// The line `endless serve` prints for it once listening, given its API root.
    let announcement: @Sendable (URL) -> String
    /// A request to try that `endless serve` suggests after the list, given its API root; nil for none.
    let suggestion: (@Sendable (URL) -> String)?

    /// Declares a service.
    /// - Parameters:
    ///   - id: a short word that names it.
    ///   - name: what a person calls the real service.
    ///   - mountPath: where it is mounted, starting and ending with `/`.
    ///   - apiPath: its API root below the mount (default: the mount itself).
    ///   - summary: what it serves, for `serve`'s help.
    ///   - options: its own flags, read by `settings`.
    ///   - examples: its examples in `serve`'s help, given its API root on an example server.
    ///   - settings: reads its flags; throws a ``UsageError`` naming the flag whose value is wrong.
    ///   - router: makes its router from its settings.
    ///   - announcement: its line in `serve`'s output (default `<name> on <URL>`).
    ///   - suggestion: a request to try, printed after the list.
    init<Settings: SimulatedServiceSettings>(
        id: String, name: String, mountPath: String, apiPath: String = "", summary: String,
        options: [OptionDeclaration] = [], examples: @escaping @Sendable (String) -> [CommandDeclaration.Example] = { _ in [] },
        settings: @escaping @Sendable (ParsedArguments, _ serving: Bool) throws(UsageError) -> Settings,
        router: @escaping @Sendable (Settings, ServiceEnvironment) -> any ServiceRouter,
        announcement: (@Sendable (URL) -> String)? = nil, suggestion: (@Sendable (URL) -> String)? = nil
    ) {
        self.id = id
        self.name = name
        self.mountPath = mountPath
        self.apiPath = apiPath
        self.summary = summary
        self.options = options
        self.examples = examples
        readSettings = { parsed, serving, all throws(UsageError) in all[Settings.self] = try settings(parsed, serving) }
        makeRouter = { all, environment in router(all[Settings.self], environment) }
        self.announcement = announcement ?? { url in "\(name) on \(url)" }
        self.suggestion = suggestion
    }

    /// Its API root's path: `/reqres/api/`, `/api/`.
    public var apiRootPath: String { mountPath + apiPath }

    /// `reqres.in at /reqres/api/ (…)`, as `endless serve --help` describes it.
    public var serveDescription: String { "\(name) at \(apiRootPath) (\(summary))" }

    /// `endless serve --help`'s examples for it.
    /// - Parameter root: an example server's root, without a trailing slash: `http://127.0.0.1:8080`.
    public func serveExamples(root: String) -> [CommandDeclaration.Example] { examples(root + apiRootPath) }

    /// The line `endless serve` prints for it, e.g. `reqres.in on http://127.0.0.1:8080/reqres/api/`.
    /// - Parameter apiRoot: its API root on the running server.
    public func serveLine(apiRoot: URL) -> String { announcement(apiRoot) }

    /// The request `endless serve` suggests trying on it, if any.
    /// - Parameter apiRoot: its API root on the running server.
    public func serveSuggestion(apiRoot: URL) -> String? { suggestion?(apiRoot) }

    /// Reads its flags into `settings`.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - serving: whether it is `endless serve`, where limits the live service has are on by default.
    ///   - settings: every service's settings; its own are replaced.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    public func read(_ parsed: ParsedArguments, serving: Bool, into settings: inout ServiceSettings) throws(UsageError) {
        try readSettings(parsed, serving, &settings)
    }
}

extension SimulatedService: Equatable, Hashable {
    /// Services are the same when their ids are.
    public static func == (lhs: SimulatedService, rhs: SimulatedService) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
