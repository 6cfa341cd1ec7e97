import EndlessCommandLine
import Foundation

/// The `endless` program: its subcommands wired to the real network, simulator and terminal.
public enum EndlessCommand {
    /// One line for the top of `endless --help`.
    static let abstract = "Browse endless feeds in the terminal: people, coins, users, and more, from their APIs or offline simulators."

    /// What a config file may set besides flags: the browser's keys (`key.quit = x`).
    static let settings: [SettingDeclaration] = KeyRebinding.settings

    /// Worked examples for the top of `endless --help`.
    static let examples: [CommandDeclaration.Example] = [
        .init(command: "endless", explanation: "Browse people (and the photos, coins and users tabs) from the embedded simulator."),
        .init(command: "endless coins --live", explanation: "Open on the market board, refreshing itself every 30 s."),
        .init(command: "endless fetch -n 5 --format json", explanation: "Five people as JSON, for a script."),
        .init(command: "endless cache clear people", explanation: "Forget the people pages kept for offline use."),
        .init(command: "source <(endless completions bash)", explanation: "Tab-complete commands, flags and their values in bash."),
        .init(command: "endless config fetch photos", explanation: "Every value `endless fetch photos` would use, and where it came from."),
    ]

    /// The program, reading the process's environment.
    static var tool: CommandLineTool { tool(environment: ProcessInfo.processInfo.environment) }

    /// The program, with the environment `endless config` reports from.
    static func tool(environment: [String: String]) -> CommandLineTool {
        let root: @Sendable () -> CommandDeclaration = { EndlessCommand.tool.declaration }
        return CommandLineTool(
            name: "endless", abstract: abstract,
            discussion: "Default flags can live in a config file, $XDG_CONFIG_HOME/endless/config (else "
                + "~/.config/endless/config), one a line as on the command line; `endless config` shows what applies.",
            version: EndlessVersion.text,
            subcommands: BrowseCommand.subcommands() + [
                FetchCommand.group, CacheCommand.group(), ServeCommand.subcommand(),
                ConfigCommand.subcommand(root: root, settings: settings, environment: environment),
                CompletionsCommand.subcommand(root: root), ManualCommand.subcommand(root: root),
            ],
            defaultSubcommand: "browse", examples: examples, readsConfigFile: true, settings: settings)
    }

    /// Runs `endless` with `arguments` (the words after the program name).
    /// - Parameter arguments: the command line, e.g. `["fetch", "--results", "5"]`.
    /// - Returns: the exit status: 0 success, 1 failure, 2 usage error.
    public static func run(_ arguments: [String]) async -> Int32 {
        await run(arguments, output: .standard, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `endless` writing to `output`, with its config file's flags under the command line,
    /// and with everything it says on standard error (usage errors that quote a flag, failures,
    /// the `-v` log) passed through this run's redactor (``RunSecrets``): no key given by flag,
    /// config file, URL or environment is printed.
    /// - Parameters:
    ///   - arguments: the command line.
    ///   - output: where to write.
    ///   - environment: the environment the keys and the config file's folder come from.
    /// - Returns: the exit status.
    static func run(_ arguments: [String], output: CommandOutput, environment: [String: String]) async -> Int32 {
        let tool = self.tool(environment: environment)
        let config: ConfigFile?
        do throws(ConfigError) {
            config = try ConfigFile.load(arguments: arguments, program: tool.name, environment: environment)
        } catch {
            let redactor = RunSecrets.redactor(arguments: arguments, declaration: tool.declaration, environment: environment)
            output.redacting(with: redactor).standardError("endless: \(error.description)")
            return ExitCode.usage.rawValue
        }
        let redactor = RunSecrets.redactor(
            arguments: (config?.optionWords ?? []) + arguments, declaration: tool.declaration, environment: environment)
        return await tool.run(arguments, output: output.redacting(with: redactor), config: config)
    }
}
