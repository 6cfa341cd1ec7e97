import EndlessCommandLine
import EndlessTerminal
import Foundation

/// `endless config [COMMAND [FLAGS]]`: every value a command would run with, and where each
/// came from: its default, the config file's line, the command line, or the environment.
/// Secrets show as ••• .
enum ConfigCommand {
    /// What a secret's value shows as.
    static let hidden = "•••"

    static let declaration = CommandDeclaration(
        name: "config",
        abstract: "Show every value a command would run with, and where each came from.",
        discussion: "Give the command and flags as you would run them (endless when none): each of its flags is "
            + "listed with its value and where the value came from: its default, a line of the config file, "
            + "the command line, or the environment. Secrets show as •••."
            + "\n\n"
            + "The config file is $XDG_CONFIG_HOME/endless/config (else ~/.config/endless/config): default flags, "
            + "one a line as on the command line (--graphics=none, --offline), with # comments and blank lines. "
            + "A flag applies to the commands that take it, before the command line, which wins; a flag no command "
            + "takes is an error naming the file and line (exit status 2). --config FILE reads another file and "
            + "--no-config none.",
        positionals: [
            .init(name: "COMMAND", help: "A command line without the program name, e.g. fetch photos -n 5.", isOptional: true)
        ],
        examples: [
            .init(command: "endless config", explanation: "What endless (browse) runs with, and why."),
            .init(command: "endless config fetch photos -n 5", explanation: "The same for a fetch, with a flag of its own."),
            .init(command: "endless config --config ./endless.conf coins", explanation: "What another config file would do."),
        ],
        takesArgumentsVerbatim: true)

    /// The subcommand.
    /// - Parameters:
    ///   - root: the program's declarations, when it runs.
    ///   - settings: what the config file may set besides flags.
    ///   - environment: where environment variables are read.
    static func subcommand(
        root: @escaping @Sendable () -> CommandDeclaration, settings: [SettingDeclaration], environment: [String: String]
    ) -> Subcommand {
        Subcommand(declaration: declaration) { parsed, output in
            let root = root()
            var shown: ParsedArguments
            do throws(UsageError) {
                shown = try ArgumentParser.parse(parsed.positionals, for: root)
            } catch {
                output.standardError(error.description)
                return ExitCode.usage.rawValue
            }
            if let file = parsed.configFile {
                do throws(ConfigError) {
                    shown = try shown.applying(file, root: root, settings: settings)
                } catch {
                    output.standardError("endless: \(error.description)")
                    return ExitCode.usage.rawValue
                }
            }
            output.standardOutput(report(shown, root: root, settings: settings, environment: environment))
            return ExitCode.success.rawValue
        }
    }

    /// One row of the report.
    struct Row {
        let name: String
        let value: String
        let origin: String
    }

    /// The report: the command, the config file, then a row per flag and setting, in columns
    /// (values and places are never cut: a path is worth its whole length).
    static func report(
        _ parsed: ParsedArguments, root: CommandDeclaration, settings: [SettingDeclaration], environment: [String: String]
    ) -> String {
        guard let command = root.descendant(parsed.commandPath.dropFirst()) else { return "" }
        let skipped: Set = [
            CommandDeclaration.help.declaration.name, CommandDeclaration.versionFlag.declaration.name,
            ConfigOptions.configName, ConfigOptions.noConfig.declaration.name,
        ]
        var rows: [Row] = []
        for option in command.allOptions where !skipped.contains(option.name) {
            let origin = parsed.origin(of: option, environment: environment)
            let value: String
            if case .environment(let name) = origin {
                value = option.isSecret ? hidden : environment[name, default: ""]
            } else if option.kind == .flag {
                value = parsed.isGiven(option) ? "on" : "off"
            } else if parsed.isGiven(option) {
                value = option.isSecret ? hidden : parsed.texts(of: option).joined(separator: ",")
            } else {
                value = option.defaultText ?? "(none)"
            }
            rows.append(Row(name: option.flagText, value: value, origin: origin.description))
        }
        for setting in settings {
            let given = parsed.setting(setting.key)
            let value = given.map { setting.isSecret ? hidden : $0 } ?? setting.defaultText ?? "(none)"
            rows.append(Row(name: setting.key, value: value, origin: parsed.origin(ofSetting: setting.key).description))
        }
        let file = parsed.configFile?.path ?? "none read"
        var text = "\(parsed.command) runs with (config file: \(TextSanitizer.sanitize(file))):\n"
        let cleaned = rows.map { Row(name: $0.name, value: TextSanitizer.sanitize($0.value), origin: TextSanitizer.sanitize($0.origin)) }
        let nameWidth = cleaned.map { DisplayWidth.of($0.name) }.max() ?? 0
        let valueWidth = cleaned.map { DisplayWidth.of($0.value) }.max() ?? 0
        for row in cleaned {
            text +=
                TextLayout.pad(row.name, toWidth: nameWidth, alignment: .leading) + "  "
                + TextLayout.pad(row.value, toWidth: valueWidth, alignment: .leading) + "  " + row.origin + "\n"
        }
        return text
    }
}
